// The browser security headers, on every kind of answer: pages (the sign-in page included), route
// handlers, refusals, errors and static files.
import { expect, test, type APIResponse } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";

const EVERY_ANSWER = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "x-frame-options": "DENY",
};

function expectBaseHeaders(answer: APIResponse, what: string) {
  const headers = answer.headers();
  for (const [name, value] of Object.entries(EVERY_ANSWER)) expect(headers[name], `${what}: ${name}`).toBe(value);
  expect(headers["permissions-policy"], what).toContain("camera=()");
  expect(headers["permissions-policy"], what).toContain("geolocation=()");
}

/** The page policy: a nonce of its own per answer, no plugins, no framing, no foreign form targets. */
function pagePolicy(answer: APIResponse, what: string): string {
  const policy = answer.headers()["content-security-policy"] ?? "";
  for (const directive of [
    "default-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ]) {
    expect(policy, what).toContain(directive);
  }
  expect(policy, what).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
  return policy;
}

test("pages, routes, refusals, errors and static files all carry the security headers", async ({ page, request }) => {
  const signIn = await request.get("/sign-in");
  expectBaseHeaders(signIn, "/sign-in");
  const first = pagePolicy(signIn, "/sign-in");
  // The nonce is new on every answer, and it is the one on the page's own scripts.
  const again = pagePolicy(await request.get("/sign-in"), "/sign-in again");
  expect(again).not.toBe(first);
  const nonce = /'nonce-([^']+)'/.exec(first)![1]!;
  expect(await signIn.text()).toContain(`nonce="${nonce}"`);

  // Refusals without a session: a 401 from a route, a redirect from a page.
  const refused = await request.get("/api/reports/usage");
  expect(refused.status()).toBe(401);
  expectBaseHeaders(refused, "401");
  expect(refused.headers()["content-security-policy"]).toContain("default-src 'none'");
  const redirected = await request.get("/guests", { maxRedirects: 0 });
  expect(redirected.status()).toBe(307);
  expectBaseHeaders(redirected, "redirect");

  await signInAs(page, "admin", "/");
  for (const path of ["/", "/guests", "/admin/audit", "/no-such-page"]) {
    const answer = await page.request.get(path);
    expectBaseHeaders(answer, path);
    pagePolicy(answer, path);
  }
  expect((await page.request.get("/no-such-page")).status()).toBe(404);
  const json = await page.request.get("/api/reports/usage");
  expect(json.status()).toBe(200);
  expectBaseHeaders(json, "/api/reports/usage");

  const script = await page.locator("script[src]").first().getAttribute("src");
  const asset = await page.request.get(script!);
  expect(asset.status()).toBe(200);
  expectBaseHeaders(asset, script!);
  // A demo on localhost stays reachable over plain http: HSTS is for live mode only.
  expect(signIn.headers()["strict-transport-security"]).toBeUndefined();
});
