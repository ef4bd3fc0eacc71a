import "server-only";

import type { NextRequest } from "next/server";

import { busyMessage } from "@/lib/core/admission";
import { requestWords } from "@/lib/server/words";

import { slowSignIn } from "./address-delay";
import { signInAdmission } from "./admission";
import { handlers } from "./index";
import { SSO_PROVIDER_ID } from "./sso-provider";
import { finishSignIn } from "./sso-start";
import { getViewer } from "./viewer";

const NO_STORE = { "Cache-Control": "no-store" } as const;

/**
 * Auth.js's own endpoints, with four things Daybook adds:
 * - a credentials sign-in from an address with many recent failures is slowed first (see
 *   address-delay.ts), outside the queue;
 * - a credentials sign-in waits its turn in the sign-in queue before its password is hashed, and
 *   when the queue is full is answered 429 with Retry-After at once;
 * - /api/auth/session answers from Daybook's session row, not from the cookie alone: a session
 *   ended by sign-out, disable, role or password change answers no user, as Auth.js answers one
 *   without a cookie, and it never hands page scripts the session's id;
 * - the identity provider's callback is audited and explained when it fails (sso-start.ts); a GET
 *   of any other sign-in callback is answered 405: the credentials provider is posted to, and
 *   Auth.js would log the GET as a configuration error and redirect.
 */
export async function GET(request: NextRequest): Promise<Response> {
  if (request.nextUrl.pathname.endsWith(`/api/auth/callback/${SSO_PROVIDER_ID}`)) return finishSignIn(request);
  if (request.nextUrl.pathname.includes("/api/auth/callback/")) {
    return Response.json(
      { error: { code: "method_not_allowed", message: (await requestWords("errors"))("refusal.signInPosted") } },
      { status: 405, headers: { ...NO_STORE, Allow: "POST" } },
    );
  }
  if (!request.nextUrl.pathname.endsWith("/api/auth/session")) return handlers.GET(request);
  if (!(await getViewer())) return Response.json(null, { headers: NO_STORE });
  return withoutSessionId(await handlers.GET(request));
}

/**
 * The session as Auth.js answers it to page scripts, without Daybook's session id: the server reads
 * it from the signed cookie (the proxy, the viewer), and a script has no use for the key to a
 * session row. The cookies Auth.js sets (a refreshed session) go along unchanged.
 */
async function withoutSessionId(answer: Response): Promise<Response> {
  if (!answer.ok) return answer;
  const session: unknown = await answer.json();
  if (session && typeof session === "object" && "sid" in session) delete session.sid;
  const headers = new Headers(answer.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(session), { status: answer.status, headers });
}

export async function POST(request: NextRequest): Promise<Response> {
  if (!request.nextUrl.pathname.endsWith("/api/auth/callback/credentials")) return handlers.POST(request);
  await slowSignIn(request.headers);
  const admitted = await signInAdmission().run(() => handlers.POST(request));
  if (admitted.ok) return admitted.value;
  return Response.json(
    { error: { code: "busy", message: busyMessage(admitted.retryAfterSeconds, await requestWords("errors")) } },
    { status: 429, headers: { ...NO_STORE, "Retry-After": String(admitted.retryAfterSeconds) } },
  );
}
