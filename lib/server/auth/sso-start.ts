import "server-only";

import { headers } from "next/headers";
import type { NextRequest } from "next/server";

import type { SsoRefusal } from "@/lib/core/sso";
import { recordAudit } from "@/lib/server/audit/record";
import { clientAddress } from "@/lib/server/audit/request";
import { getDb } from "@/lib/server/db";
import { countSignInFailure } from "@/lib/server/metrics";

import { handlers, signIn } from "./index";
import { safeReturnPath } from "./return-path";
import { refusedPath } from "./sso-callback";
import { classifySsoError, keepAuthErrors } from "./sso-errors";
import { SSO_PROVIDER_ID } from "./sso-provider";
import { getSsoState } from "./sso-settings";
import { endSsoTest, ssoTestOf, testOutcomePath } from "./sso-test";

const redirectTo = (path: string, request: NextRequest) =>
  new Response(null, {
    status: 303,
    headers: { Location: new URL(path, request.nextUrl).toString(), "Cache-Control": "no-store" },
  });

/** A sign-in through the provider that failed before Daybook saw the person: audited with its reason. */
async function auditFailure(refusal: SsoRefusal, testedBy: string | null): Promise<void> {
  countSignInFailure("sso_refused");
  await recordAudit(await getDb(), {
    action: testedBy ? "sso.test" : "sign_in.failure",
    outcome: "failure",
    actor: null,
    target: testedBy ? "identity provider" : "unknown account",
    clientAddress: clientAddress(await headers()),
    details: { method: "single sign-on", reason: refusal },
  });
}

/** Where a failure sends the browser: the admin's test back to Admin → Sign-in, a person to the sign-in page. */
async function failed(refusal: SsoRefusal, request: NextRequest): Promise<Response> {
  const testedBy = await ssoTestOf();
  // Asking for a sign-in that is not on attempts nothing: not worth an entry each time someone does.
  if (refusal !== "not_configured") await auditFailure(refusal, testedBy);
  if (testedBy) await endSsoTest();
  return redirectTo(testedBy ? testOutcomePath(refusal) : refusedPath(refusal), request);
}

/**
 * GET /sign-in/sso: sends the browser to the provider (a plain link, so it works without scripts and
 * is no form whose redirect the page's form-action policy would stop). A provider that cannot be
 * reached is said on the sign-in page at once.
 */
export async function startSignIn(request: NextRequest): Promise<Response> {
  const state = await getSsoState();
  const testing = (await ssoTestOf()) !== null;
  if (!state.connection || (!state.enabled && !testing)) return failed("not_configured", request);
  const returnTo = safeReturnPath(request.nextUrl.searchParams.get("callbackUrl") ?? undefined);
  const { value: location, errors } = await keepAuthErrors(
    () => signIn(SSO_PROVIDER_ID, { redirectTo: returnTo, redirect: false }) as Promise<string>,
  );
  if (errors.length > 0) return failed(classifySsoError(errors[0]), request);
  return redirectTo(location, request);
}

/**
 * GET /api/auth/callback/oidc: the provider sends the person back. What Auth.js could not accept
 * (an error from the provider, a wrong state, a token for another audience, a provider gone quiet)
 * is audited with its reason and said on the sign-in page, never a 500.
 */
export async function finishSignIn(request: NextRequest): Promise<Response> {
  const { value: answer, errors } = await keepAuthErrors(() => handlers.GET(request));
  // The provider's own answer says why it sent the person back without a code (Auth.js's error keeps no word of it).
  const answered = request.nextUrl.searchParams.get("error");
  if (answered) return failed(answered === "access_denied" ? "cancelled" : "provider_error", request);
  if (errors.length > 0) return failed(classifySsoError(errors[0]), request);
  const location = answer.headers.get("Location");
  // Refused by Daybook's own rules: audited where it was decided (lib/server/auth/sso-sign-in.ts).
  if (location && new URL(location, request.nextUrl).searchParams.has("error"))
    return failed("provider_error", request);
  return answer;
}
