import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";

import { translatorFor } from "@/lib/core/catalogue";
import { choiceFromAcceptLanguage } from "@/lib/core/locale";
import { auth } from "@/lib/server/auth";
import { getConfig } from "@/lib/server/config";
import { CAUGHT_MAIL_PATH, CAUGHT_MAIL_POLICY } from "@/lib/server/mail/caught-policy";

type ProxyHandler = (request: NextRequest, event: NextFetchEvent) => Promise<Response | undefined>;

/**
 * The page's Content-Security-Policy, with a nonce of its own: Next reads the nonce from the request
 * header and puts it on its own scripts, and only scripts they load may run ('strict-dynamic').
 * Styles may be inline: React writes style attributes (the charts, the guests table's rows).
 */
function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

/** A refusal (a redirect to sign-in, a 401) has nothing to run or show. */
const REFUSAL_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * Pages that must answer without a session: sign-in itself, Auth.js's own endpoints, and an
 * e-mail's unsubscribe link with its one-click POST (the signed token is the proof; the person may
 * read their mail where they never signed in, and a mail provider posts with no cookie at all).
 */
function isPublic(pathname: string): boolean {
  return (
    pathname === "/sign-in" ||
    pathname.startsWith("/sign-in/") ||
    pathname.startsWith("/api/auth/") ||
    pathname === "/unsubscribe" ||
    pathname === "/api/mail/unsubscribe"
  );
}

/**
 * What monitoring calls, with no session and no page to protect: the probes, and the metrics
 * (whose route checks its own bearer token). Passed on untouched, so a probe costs no session check.
 */
function isForMonitoring(pathname: string): boolean {
  return pathname === "/api/metrics" || pathname === "/api/health" || pathname.startsWith("/api/health/");
}

/**
 * The first gate only: without a signed session cookie, pages go to sign-in and API routes answer
 * 401, in the browser's language (the proxy reads no database, so not the person's stored choice:
 * with no session there is no person to ask). Every page, route handler and server action checks
 * the session again on its own.
 */
function refusal(request: NextRequest): NextResponse {
  const { pathname, search } = request.nextUrl;
  if (pathname.startsWith("/api/")) {
    const { language } = choiceFromAcceptLanguage(request.headers.get("accept-language"));
    return NextResponse.json(
      { error: { code: "unauthenticated", message: translatorFor(language, "errors")("refusal.unauthenticated") } },
      { status: 401, headers: { "Cache-Control": "no-store" } },
    );
  }
  const signIn = new URL("/sign-in", request.nextUrl);
  if (pathname !== "/") signIn.searchParams.set("callbackUrl", pathname + search);
  return NextResponse.redirect(signIn);
}

/** Every answer of the proxy carries the policy, and HSTS where Daybook runs for real (live mode, https). */
function withPolicy(response: NextResponse, policy: string): NextResponse {
  response.headers.set("Content-Security-Policy", policy);
  // Not in demo mode: a demo on localhost must stay reachable over plain http.
  if (getConfig().mode === "live") {
    response.headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
  return response;
}

/** Lets the request through with a fresh nonce, which Next reads from the request's policy header. */
function allow(request: NextRequest): NextResponse {
  // A caught e-mail's HTML part (demo) keeps the stricter policy its route sets: the proxy's header
  // would replace the route's, and the app's policy allows what a message must not do.
  if (request.nextUrl.pathname.startsWith(CAUGHT_MAIL_PATH)) return withPolicy(NextResponse.next(), CAUGHT_MAIL_POLICY);
  const policy = contentSecurityPolicy(Buffer.from(crypto.randomUUID()).toString("base64"));
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  return withPolicy(NextResponse.next({ request: { headers } }), policy);
}

// Auth.js configured lazily (its secret is read at run time) hands the wrapped handler back in a promise.
const gate = auth((request) =>
  request.auth?.sid ? allow(request) : withPolicy(refusal(request), REFUSAL_POLICY),
) as unknown as Promise<ProxyHandler>;

export async function proxy(request: NextRequest, event: NextFetchEvent) {
  if (isForMonitoring(request.nextUrl.pathname)) return NextResponse.next();
  if (isPublic(request.nextUrl.pathname)) return allow(request);
  return (await gate)(request, event);
}

export const config = {
  // Everything but static files, which carry the headers next.config.mjs sets on every response.
  matcher: ["/((?!_next/static/|_next/image|icon\\.svg|robots\\.txt|favicon\\.ico).*)"],
};
