import "server-only";

import { headers } from "next/headers";
import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";

import type { Role, Viewer } from "@/lib/core/access";
import type { AuditAction } from "@/lib/core/audit";
import type { ActionResult } from "@/lib/core/errors";
import { sharedFieldRefusal } from "@/lib/core/validation-words";
import { auditMalformedInput } from "@/lib/server/audit/malformed";
import { clientAddress } from "@/lib/server/audit/request";
import { getSignedIn, getViewer, type SignedIn } from "@/lib/server/auth/viewer";
import { getDb } from "@/lib/server/db";
import { requestWords } from "@/lib/server/words";

import { actionFailure } from "./failure";
import { inRequestWords } from "./validation";

export type { ActionResult };

/** FormData to a plain object; a field given several times (checkboxes) becomes an array. */
function formToObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    if (key.startsWith("$ACTION")) continue;
    const values = form.getAll(key);
    out[key] = values.length > 1 || key.endsWith("[]") ? values : values[0];
  }
  return out;
}

/**
 * Every server action is built with this: it checks the session and the role itself, before
 * anything else, then validates its input. Whatever the action throws is answered through the one
 * failure mapping, as a route's would be. Usable with useActionState (previous state, FormData)
 * or called directly with a plain object. An action whose refusals are audited names its audit
 * action in `audited`: input refused as malformed text (control characters) is audited under it too.
 */
export function authedAction<S extends z.ZodType, T = undefined>(
  roles: readonly Role[],
  schema: S,
  run: (input: z.output<S>, viewer: Viewer) => Promise<ActionResult<T>>,
  { audited }: { audited?: AuditAction } = {},
) {
  return async (...args: [unknown] | [unknown, unknown]): Promise<ActionResult<T>> => {
    const viewer = await getViewer();
    if (!viewer)
      return { ok: false, code: "unauthenticated", message: (await requestWords("errors"))("refusal.sessionEnded") };
    if (!roles.includes(viewer.role))
      return { ok: false, code: "forbidden", message: (await requestWords("errors"))("refusal.role") };
    const refused = audited
      ? async (error: z.ZodError) =>
          auditMalformedInput(
            await getDb(),
            {
              action: audited,
              actor: { id: viewer.id, email: viewer.email },
              clientAddress: clientAddress(await headers()),
            },
            error,
          )
      : undefined;
    return parseAndRun(args, schema, (input) => run(input, viewer), refused);
  };
}

/**
 * For the person's own account only (password, second factor): open to every role, and also to a
 * person who must first change their password or set up a second factor, which is what it is for.
 */
export function accountAction<S extends z.ZodType, T = undefined>(
  schema: S,
  run: (input: z.output<S>, signedIn: SignedIn) => Promise<ActionResult<T>>,
) {
  return async (...args: [unknown] | [unknown, unknown]): Promise<ActionResult<T>> => {
    const signedIn = await getSignedIn();
    if (!signedIn)
      return { ok: false, code: "unauthenticated", message: (await requestWords("errors"))("refusal.sessionEnded") };
    return parseAndRun(args, schema, (input) => run(input, signedIn));
  };
}

async function parseAndRun<S extends z.ZodType, T>(
  args: [unknown] | [unknown, unknown],
  schema: S,
  run: (input: z.output<S>) => Promise<ActionResult<T>>,
  refused?: (error: z.ZodError) => Promise<void>,
): Promise<ActionResult<T>> {
  const raw = args.length === 2 ? args[1] : args[0];
  // zod's own messages (beside a field) in the person's language; the schemas' own words stay as written.
  const parsed = schema.safeParse(raw instanceof FormData ? formToObject(raw) : raw, await inRequestWords());
  if (!parsed.success) {
    await refused?.(parsed.error);
    const t = await requestWords("errors");
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const shared = sharedFieldRefusal(issue);
      fieldErrors[String(issue.path[0] ?? "form")] ??= shared ? t(`refusal.${shared}`) : issue.message;
    }
    return { ok: false, code: "invalid", message: t("refusal.fields"), fieldErrors };
  }
  try {
    return await run(parsed.data);
  } catch (error) {
    // Next.js signals redirect() and notFound() by throwing: those are not failures.
    unstable_rethrow(error);
    return actionFailure(error);
  }
}
