import type { NextRequest } from "next/server";

import { startSignIn } from "@/lib/server/auth/sso-start";

export const dynamic = "force-dynamic";

/** "Sign in with …": to the identity provider and back (lib/server/auth/sso-start.ts). */
export function GET(request: NextRequest): Promise<Response> {
  return startSignIn(request);
}
