import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";

import { auth } from "@/lib/server/auth";

type ProxyHandler = (request: NextRequest, event: NextFetchEvent) => Promise<Response | undefined>;

/**
 * The first gate only: without a signed session cookie, pages go to sign-in and API routes answer
 * 401. Every page, route handler and server action checks the session again on its own.
 */
// Auth.js configured lazily (its secret is read at run time) hands the wrapped handler back in a promise.
const gate = auth((request) => {
  if (request.auth?.sid) return NextResponse.next();
  const { pathname, search } = request.nextUrl;
  if (pathname.startsWith("/api/")) {
    return NextResponse.json(
      { error: { code: "unauthenticated", message: "Sign in to continue" } },
      { status: 401, headers: { "Cache-Control": "no-store" } },
    );
  }
  const signIn = new URL("/sign-in", request.nextUrl);
  if (pathname !== "/") signIn.searchParams.set("callbackUrl", pathname + search);
  return NextResponse.redirect(signIn);
}) as unknown as Promise<ProxyHandler>;

export async function proxy(request: NextRequest, event: NextFetchEvent) {
  return (await gate)(request, event);
}

export const config = {
  // Everything but sign-in itself, Auth.js's endpoints and static files.
  matcher: ["/((?!sign-in|api/auth/|_next/static/|_next/image|icon\\.svg|robots\\.txt|favicon\\.ico).*)"],
};
