import "server-only";

import type { NextRequest } from "next/server";

import { busyMessage } from "@/lib/core/admission";

import { signInAdmission } from "./admission";
import { handlers } from "./index";
import { getViewer } from "./viewer";

const NO_STORE = { "Cache-Control": "no-store" } as const;

/**
 * Auth.js's own endpoints, with two things Daybook adds:
 * - a credentials sign-in waits its turn in the sign-in queue before its password is hashed, and
 *   when the queue is full is answered 429 with Retry-After at once;
 * - /api/auth/session answers from Daybook's session row, not from the cookie alone: a session
 *   ended by sign-out, disable, role or password change answers no user, as Auth.js answers one
 *   without a cookie.
 */
export async function GET(request: NextRequest): Promise<Response> {
  if (request.nextUrl.pathname.endsWith("/api/auth/session") && !(await getViewer())) {
    return Response.json(null, { headers: NO_STORE });
  }
  return handlers.GET(request);
}

export async function POST(request: NextRequest): Promise<Response> {
  if (!request.nextUrl.pathname.endsWith("/api/auth/callback/credentials")) return handlers.POST(request);
  const admitted = await signInAdmission().run(() => handlers.POST(request));
  if (admitted.ok) return admitted.value;
  return Response.json(
    { error: { code: "busy", message: busyMessage(admitted.retryAfterSeconds) } },
    { status: 429, headers: { ...NO_STORE, "Retry-After": String(admitted.retryAfterSeconds) } },
  );
}
