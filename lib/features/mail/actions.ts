"use server";

import { getTranslations } from "next-intl/server";
import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { z } from "zod";

import { ROLES } from "@/lib/core/access";
import { AppError, type ActionResult } from "@/lib/core/errors";
import { textInput } from "@/lib/core/text-input";
import { getFormat, readRequestLocale } from "@/lib/features/preferences/server";
import { clientAddress } from "@/lib/server/audit/request";
import { authedAction } from "@/lib/server/http/action";
import { actionFailure } from "@/lib/server/http/failure";
import { logFailure } from "@/lib/server/log";

import { mailSettingsFormSchema } from "./form";
import { saveMailSettings, sendTestMail, unsubscribeByLink } from "./server";
import type { MailSettings, refusal } from "./settings";
import type { UnsubscribeKind } from "./types";
import { voiceOf } from "./voice";

const saveSettings = authedAction<typeof mailSettingsFormSchema, MailSettings>(
  ROLES,
  mailSettingsFormSchema,
  async (settings, viewer) => {
    const t = await getTranslations("mail.actions");
    try {
      await saveMailSettings(viewer, settings);
    } catch (error) {
      logFailure("mail: saving a person's settings", error);
      throw new AppError(503, "not_saved", t("notSaved"));
    }
    revalidatePath("/settings");
    return {
      ok: true,
      data: settings,
      message: t("saved", {
        digest: settings.digest ? "on" : "off",
        hour: (await getFormat()).hour(settings.hour),
        alerts: Object.values(settings.alerts).filter(Boolean).length,
      }),
    };
  },
);

type Refusal = ReturnType<typeof refusal>;

/**
 * The person's own mail settings: every role has them. Audited as "Changed their mail settings".
 * The schema's refusals are keys of the `mail` catalogue (settings.ts `refusal`), said here in the
 * person's language; any other message (a malformed text's) passes as it is.
 */
export async function saveMailSettingsAction(
  ...args: Parameters<typeof saveSettings>
): Promise<ActionResult<MailSettings>> {
  const result = await saveSettings(...args);
  if (result.ok || !result.fieldErrors) return result;
  const t = await getTranslations("mail");
  const say = (message: string) => (t.has(message as Refusal) ? t(message as Refusal) : message);
  return {
    ...result,
    fieldErrors: Object.fromEntries(Object.entries(result.fieldErrors).map(([field, text]) => [field, say(text)])),
  };
}

const noInput = z.object({});

export type TestMailStatus = Awaited<ReturnType<typeof sendTestMail>>;

/** Admin → Mail's "Send a test e-mail to me": sent at once, its outcome on the page and in the table. */
export const sendTestMailAction = authedAction<typeof noInput, TestMailStatus>(
  ["admin"],
  noInput,
  async (_input, viewer) => {
    // The admin asking is its recipient: the mail speaks as their screens do.
    const status = await sendTestMail(viewer, voiceOf(await readRequestLocale()));
    revalidatePath("/admin/mail");
    const t = await getTranslations("mail.actions");
    if (status === "sent") return { ok: true, data: status, message: t("testSent", { email: viewer.email }) };
    return { ok: false, code: "failed", message: status === "failed" ? t("testRefused") : t("testPending") };
  },
);

const unsubscribeInput = z.object({ token: textInput().max(200) });

/**
 * The unsubscribe page's one button. No session: the signed link is the proof, and the person may
 * read their mail on a device where they never signed in. Next checks a server action's Origin, so
 * only the page itself posts here; a mail client's one-click post goes to /api/mail/unsubscribe.
 */
export async function unsubscribeAction(
  _previous: ActionResult<{ kind: UnsubscribeKind }> | null,
  form: unknown,
): Promise<ActionResult<{ kind: UnsubscribeKind }>> {
  const t = await getTranslations("mail");
  // Anyone may post here: anything but the page's own form is answered as a link that is not valid.
  const parsed = unsubscribeInput.safeParse({ token: form instanceof FormData ? form.get("token") : undefined });
  if (!parsed.success) return { ok: false, code: "invalid", message: t("actions.invalidLink") };
  try {
    const { kind } = await unsubscribeByLink(parsed.data.token, clientAddress(await headers()), t);
    return { ok: true, data: { kind } };
  } catch (error) {
    return actionFailure(error);
  }
}
