import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type APIRequestContext } from "@playwright/test";

import { simulatorControl } from "@/e2e/support/simulator";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Auth.js's own endpoints: public by design (they are how a session begins); checked separately below. */
const PUBLIC_API_PREFIX = "/api/auth/";
/**
 * An e-mail's unsubscribe link and its one-click POST: public by design (the signed token is the
 * proof; e2e/mail/unsubscribe.spec.ts checks them), checked here for answering nothing without one.
 */
const PUBLIC_PAGES = ["/sign-in", "/unsubscribe"];
const PUBLIC_ROUTES = ["/api/mail/unsubscribe"];
/**
 * The way to the identity provider and back out of it: public by design (a sign-in begins there),
 * checked below for sending a caller without a session only to the sign-in page.
 */
const SIGN_IN_ROUTES = ["/sign-in/sso", "/sign-in/provider-sign-out"];
/**
 * What monitoring asks, with no session by design: the probes (one word, no data) and the metrics
 * (a bearer token of their own, absent from the suite's server, so not there at all); checked below.
 */
const MONITORING_ROUTES = ["/api/health/live", "/api/health/ready", "/api/metrics"];

function files(dir: string, name: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full, name);
    return entry.name === name ? [full] : [];
  });
}

/** app/(group)/a/[id]/route.ts → /a/sample-id: route groups vanish, dynamic segments get a sample value. */
function urlOf(file: string, app: string): string {
  const segments = path
    .relative(app, path.dirname(file))
    .split(path.sep)
    .filter((segment) => segment && !/^\(.*\)$/.test(segment))
    .map((segment) => (segment.startsWith("[") ? "00000000-0000-4000-8000-000000000000" : segment));
  return `/${segments.join("/")}`;
}

function exportedMethods(file: string): string[] {
  const source = readFileSync(file, "utf8");
  return METHODS.filter((method) =>
    new RegExp(
      `export\\s+(const|async\\s+function|function)\\s+${method}\\b|export\\s+(const\\s*)?\\{[^}]*\\b${method}\\b`,
    ).test(source),
  );
}

const APP = path.join(ROOT, "app");
const ROUTES = files(APP, "route.ts").map((file) => ({ url: urlOf(file, APP), methods: exportedMethods(file) }));
const PAGES = files(APP, "page.tsx")
  .map((file) => urlOf(file, APP))
  .filter((url) => !PUBLIC_PAGES.includes(url));

/** Ways of asking that have slipped past middleware in some Next.js versions. */
const TRICKS: Record<string, { headers?: Record<string, string>; suffix?: string }> = {
  plain: {},
  "x-middleware-subrequest": {
    headers: {
      "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy:middleware:middleware:middleware:middleware:middleware",
    },
  },
  "RSC: 1": { headers: { RSC: "1", "Next-Router-State-Tree": "%5B%22%22%5D" } },
  ".rsc suffix": { suffix: ".rsc" },
  "Next-Router-Prefetch: 1": { headers: { RSC: "1", "Next-Router-Prefetch": "1" } },
};

async function upstreamCalls(request: APIRequestContext): Promise<number> {
  return (await simulatorControl(request).requests()).length;
}

test.beforeEach(async ({ request }) => {
  await simulatorControl(request).reset();
});

test("finds the routes and pages it must guard", () => {
  expect(ROUTES.map((route) => route.url)).toEqual(
    expect.arrayContaining(["/api/reports/usage", "/api/reports/guests"]),
  );
  for (const route of ROUTES) expect(route.methods.length, `${route.url} exports no handler`).toBeGreaterThan(0);
  expect(PAGES).toEqual(expect.arrayContaining(["/", "/status", "/guests"]));
});

for (const route of ROUTES.filter(
  (r) =>
    !r.url.startsWith(PUBLIC_API_PREFIX) &&
    ![...PUBLIC_ROUTES, ...MONITORING_ROUTES, ...SIGN_IN_ROUTES].includes(r.url),
)) {
  for (const method of route.methods) {
    for (const [trick, { headers, suffix = "" }] of Object.entries(TRICKS)) {
      test(`${method} ${route.url} without a session (${trick}) is refused and calls nothing upstream`, async ({
        request,
      }) => {
        const response = await request.fetch(`${route.url}${suffix}`, { method, headers, maxRedirects: 0 });
        // A suffixed path may simply not exist; what matters is that nothing is served.
        expect(suffix ? [401, 404] : [401]).toContain(response.status());
        expect(await response.text()).not.toMatch(/propertyName|byProperty/);
        expect(await upstreamCalls(request)).toBe(0);
      });
    }
  }
}

for (const page of PAGES) {
  for (const [trick, { headers, suffix = "" }] of Object.entries(TRICKS)) {
    test(`page ${page} without a session (${trick}) shows nothing and calls nothing upstream`, async ({ request }) => {
      const url = suffix ? `${page === "/" ? "/index" : page}${suffix}` : page;
      const response = await request.get(url, {
        headers,
        maxRedirects: 0,
      });
      expect([307, 308, 401, 404]).toContain(response.status());
      if (response.status() === 307) expect(response.headers().location).toMatch(/^\/sign-in/);
      expect(await response.text()).not.toMatch(/Harbour View|Seaside Suites|scans/);
      expect(await upstreamCalls(request)).toBe(0);
    });
  }
}

test("the unsubscribe link's page and one-click POST stop nothing without a valid token", async ({ request }) => {
  const page = await request.get("/unsubscribe", { maxRedirects: 0 });
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain("This link is not valid");
  for (const url of PUBLIC_ROUTES) {
    const answer = await request.post(url, { maxRedirects: 0 });
    expect(answer.status(), url).toBe(400);
    expect((await answer.json()).error.code, url).toBe("invalid_link");
  }
  expect(await upstreamCalls(request)).toBe(0);
});

test("the way to the identity provider and out of it sends a caller without a session, with single sign-on off, only to sign in", async ({
  request,
}) => {
  expect(ROUTES.map((route) => route.url)).toEqual(expect.arrayContaining(SIGN_IN_ROUTES));
  const sso = await request.get("/sign-in/sso?callbackUrl=%2Fguests", { maxRedirects: 0 });
  expect(sso.status()).toBe(303);
  expect(new URL(sso.headers().location!).pathname + new URL(sso.headers().location!).search).toBe(
    "/sign-in?sso=not_configured",
  );
  // Without the sealed cookie a sign-out leaves, there is nothing to end at a provider.
  const out = await request.get("/sign-in/provider-sign-out", { maxRedirects: 0 });
  expect(out.status()).toBe(303);
  expect(new URL(out.headers().location!).pathname).toBe("/sign-in");
  expect(await upstreamCalls(request)).toBe(0);
});

test("the monitoring routes answer without a session with a word or nothing, and call nothing upstream", async ({
  request,
}) => {
  expect(ROUTES.map((route) => route.url)).toEqual(expect.arrayContaining(MONITORING_ROUTES));
  for (const [trick, { headers }] of Object.entries(TRICKS)) {
    // The router's own requests (RSC, .rsc, prefetch) are for pages; the probes are route handlers,
    // asked by balancers and monitors without such headers.
    if (trick !== "plain" && trick !== "x-middleware-subrequest") continue;
    const live = await request.get("/api/health/live", { headers, maxRedirects: 0 });
    expect(`${live.status()} ${await live.text()}`, trick).toBe("200 ok\n");
    const ready = await request.get("/api/health/ready", { headers, maxRedirects: 0 });
    expect(`${ready.status()} ${await ready.text()}`, trick).toBe("200 ready\n");
    // No DAYBOOK_METRICS_TOKEN on the suite's server: the route is not there, whatever is sent.
    const metrics = await request.get("/api/metrics", {
      headers: { ...headers, Authorization: "Bearer guess" },
      maxRedirects: 0,
    });
    expect(metrics.status(), trick).toBe(404);
    expect(await metrics.text(), trick).not.toMatch(/daybook_|process_/);
  }
  expect(await upstreamCalls(request)).toBe(0);
});

test("Auth.js's session endpoint answers no session without a cookie", async ({ request }) => {
  const response = await request.get("/api/auth/session");
  expect(response.status()).toBe(200);
  expect(await response.json()).toBeNull();
});

test("every server action refuses a caller without a session and calls nothing upstream", async ({ request }) => {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, ".next/server/server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { workers: Record<string, unknown> }>;
  };
  const actions = Object.entries(manifest.node);
  expect(actions.length).toBeGreaterThan(0);
  for (const [id, { workers }] of actions) {
    // Each page that carries the action, and /sign-in, which the proxy lets through: there only the
    // action's own check stands between the caller and the action.
    const pages = new Set(
      Object.keys(workers)
        .filter((worker) => worker.startsWith("app/") && worker.endsWith("/page"))
        .map((worker) => urlOf(path.join(APP, `${worker.slice("app/".length)}.tsx`), APP)),
    );
    for (const page of PUBLIC_PAGES) pages.add(page);
    for (const page of pages) {
      for (const [trick, { headers }] of Object.entries(TRICKS)) {
        if (trick === ".rsc suffix") continue;
        const response = await request.post(page, {
          headers: {
            "Next-Action": id,
            "Content-Type": "text/plain;charset=UTF-8",
            Accept: "text/x-component",
            ...headers,
          },
          data: "[]",
          maxRedirects: 0,
        });
        const body = await response.text();
        const where = `action ${id} on ${page} (${trick})`;
        if (PUBLIC_PAGES.includes(page)) {
          // Not behind the proxy: the action's own check must answer. Signing in (or stopping an
          // e-mail) with no input is refused.
          expect(body, where).not.toContain('"ok":true');
        } else {
          expect(response.status(), where).toBe(307);
          expect(response.headers().location, where).toMatch(/^\/sign-in/);
        }
      }
    }
  }
  expect(await upstreamCalls(request)).toBe(0);
});

test("the image optimiser is off: /_next/image answers 404 and fetches nothing", async ({ request }) => {
  const answer = await request.get(`/_next/image?url=${encodeURIComponent("/icon.svg")}&w=64&q=75`);
  expect(answer.status()).toBe(404);
  expect(await upstreamCalls(request)).toBe(0);
});
