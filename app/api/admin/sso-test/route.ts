import type { NextRequest } from "next/server";

import { beginSsoTest } from "@/lib/features/sso/server";
import { withViewer } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

/** GET /api/admin/sso-test: the admin's test of single sign-on, through the provider and back to Admin → Sign-in. */
export const GET = withViewer(async (request: NextRequest, viewer) => {
  const next = await beginSsoTest(viewer, request.headers.get("sec-fetch-site"));
  return new Response(null, { status: 303, headers: { Location: new URL(next, request.nextUrl).toString() } });
}, "admin");
