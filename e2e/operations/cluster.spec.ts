// Several instances behind nginx on one PostgreSQL: two production instances of the one build on
// ports 3001 and 3002, Debian's nginx with deploy/nginx/daybook.conf unchanged on port 8080, a
// throwaway PostgreSQL cluster and a simulator of this file's own (see e2e/support/cluster.ts).
// The tests run in order on one cluster: each leaves it running as it found it.
import { expect, test, type Browser, type Page } from "@playwright/test";

import { chooseOwnPassword } from "@/e2e/support/accounts";
import { signInWith } from "@/e2e/support/auth";
import { CLUSTER_DAY_AFTER, CLUSTER_NEXT_DAY, npmRun, startCluster, type Cluster } from "@/e2e/support/cluster";
import { settled } from "@/e2e/support/settled";
import { describeLeaks, findLeaks } from "@/scripts/log-leaks";
import { KEYS } from "@/simulator/keys";
import { servedGuests, type MadeDays } from "@/simulator/served";
import { INSTANCE_PORTS } from "@/tests/support/nginx";

test.describe.configure({ mode: "serial" });

let cluster: Cluster;
const NGINX_URL = "http://localhost:8080";
test.use({ baseURL: NGINX_URL });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startCluster();
});

test.afterAll(async () => {
  await cluster?.stop();
});

/** The Partner API endpoint of a simulator request-log path ("guests", "usage/dashboard", …). */
const endpointOf = (requestPath: string) => requestPath.replace(/^.*\/api\/public\/v1\//, "");

async function upstreamCalls(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const entry of await cluster.simulator.requests()) {
    counts[endpointOf(entry.path)] = (counts[endpointOf(entry.path)] ?? 0) + 1;
  }
  return counts;
}

/** Which instances nginx's access log says answered requests for paths matching `uri` (since `from`). */
function answeredBy(uri: RegExp, from = 0): Set<string> {
  return new Set(
    cluster.nginx
      .accessLog()
      .slice(from)
      .filter((entry) => uri.test(entry.uri))
      .map((entry) => entry.upstreams.at(-1) ?? ""),
  );
}
const BOTH = new Set(INSTANCE_PORTS.map((port) => `127.0.0.1:${port}`));

/** Signs the cluster's admin in through nginx with the password of their own (chosen in the first test). */
async function signIn(page: Page, path = "/") {
  await signInWith(page, cluster.account.email, cluster.account.own, path);
  await expect(page.getByTestId("signed-in-as")).toHaveText(cluster.account.name);
  await settled(page);
  await noteSessionCookies(page);
}

/** Session cookie values the browser held, looked for in the instances' logs at the end. */
const sessionCookies: string[] = [];
async function noteSessionCookies(page: Page) {
  for (const cookie of await page.context().cookies()) {
    if (cookie.name.includes("session-token")) sessionCookies.push(cookie.value);
  }
}

/** The browser's cookies for nginx's address, for a request straight to an instance's port. */
async function cookieHeader(page: Page): Promise<string> {
  return (await page.context().cookies(NGINX_URL)).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

async function newPage(browser: Browser, headers?: Record<string, string>) {
  const context = await browser.newContext({ baseURL: NGINX_URL, extraHTTPHeaders: headers });
  return { page: await context.newPage(), close: () => context.close() };
}

test("50 concurrent loads of each report, split over both instances, make one upstream call per report", async ({
  page,
  browser,
}) => {
  // Made with `npm run user -- add`: the first sign-in asks for a password of the person's own.
  await signInWith(page, cluster.account.email, cluster.account.password, "/admin/users");
  await chooseOwnPassword(page, cluster.account.password, cluster.account.own);
  await expect(page.getByTestId("signed-in-as")).toHaveText(cluster.account.name);
  await settled(page);
  // Nothing left open that could load a report in the meantime.
  await page.goto("about:blank");

  // The next day, which the first page shown after signing in did not load; Daybook's clock moved,
  // so the sign-in has ended. Admin → Users asks the API nothing.
  await cluster.moveTo(CLUSTER_NEXT_DAY);
  const { page: loads, close } = await newPage(browser);
  try {
    await signIn(loads, "/admin/users");
    await cluster.simulator.clearRequests();
    for (const route of ["/api/reports/guests", "/api/reports/usage", "/api/reports/criminal-arrivals"]) {
      const from = cluster.nginx.accessLog().length;
      const answers = await Promise.all(
        Array.from({ length: 50 }, async () => {
          const response = await loads.request.get(route);
          const body = (await response.json()) as { reportedDateLocal?: string };
          return { status: response.status(), day: body.reportedDateLocal };
        }),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
      expect(new Set(answers.map((answer) => answer.day))).toEqual(new Set(["2026-11-09"]));
      expect(answeredBy(new RegExp(`^${route}$`), from), route).toEqual(BOTH);
    }
  } finally {
    await close();
  }
  expect(await upstreamCalls()).toEqual({ guests: 1, "criminal-arrivals": 1, "usage/dashboard": 1 });
});

test("the daily pull runs once across both instances: one run record, one call per report", async () => {
  // The next day, its pull due; both instances started again at once with the scheduler on, as
  // after an upgrade: each ticks at start, one pulls.
  await cluster.moveTo(CLUSTER_DAY_AFTER);
  await Promise.all(cluster.instances.map((instance) => instance.stop("SIGTERM")));
  await cluster.simulator.clearRequests();
  await Promise.all(cluster.instances.map((instance) => instance.start({ DAYBOOK_SYNC: "on" })));

  const finished = "select count(*)::int as n from sync_runs where outcome <> 'running'";
  await expect.poll(async () => (await cluster.query<{ n: number }>(finished))[0]!.n).toBe(1);
  const runs = await cluster.query<{ trigger: string; reported_date: string }>(
    "select trigger, reported_date from sync_runs",
  );
  expect(runs).toEqual([{ trigger: "schedule", reported_date: "2026-11-10" }]);
  expect(await upstreamCalls()).toEqual({ guests: 1, "criminal-arrivals": 1, "usage/dashboard": 1 });
});

test("metrics: /api/metrics is denied through nginx; on an instance's port it needs the token and shows the calls made", async ({
  request,
}) => {
  expect((await request.get(`${NGINX_URL}/api/metrics`)).status()).toBe(403);
  expect((await request.get(`${NGINX_URL}/api//metrics`)).status()).toBe(403);
  for (const instance of cluster.instances) {
    const url = `${instance.url}/api/metrics`;
    expect((await request.get(url)).status()).toBe(401);
    expect((await request.get(url, { headers: { Authorization: "Bearer not-the-token" } })).status()).toBe(401);
  }
  const samples = await Promise.all(
    cluster.instances.map(async (instance) => {
      const answer = await request.get(`${instance.url}/api/metrics`, {
        headers: { Authorization: `Bearer ${cluster.metricsToken}` },
      });
      expect(answer.status()).toBe(200);
      expect(answer.headers()["content-type"]).toMatch(/^text\/plain/);
      return parsePrometheus(await answer.text());
    }),
  );
  // Across both instances: the upstream calls made since they last started (the daily pull of the test before), by endpoint.
  const upstream = samples
    .flat()
    .filter((sample) => /upstream.*_count$/.test(sample.name) && sample.labels.endpoint !== undefined);
  const endpoints = new Set(upstream.filter((sample) => sample.value > 0).map((sample) => sample.labels.endpoint));
  expect([...endpoints]).toEqual(expect.arrayContaining([expect.stringMatching(/guests/)]));
  // Requests by route pattern (the screens opened since), never a raw path with a query or a name in it.
  const requests = samples.flat().filter((sample) => /http_request.*_count$/.test(sample.name));
  expect(requests.some((sample) => sample.value > 0 && sample.labels.route?.startsWith("/"))).toBe(true);
  expect(requests.filter((sample) => /[?=@]/.test(sample.labels.route ?? ""))).toEqual([]);
});

test("through nginx: sign in, every report screen and a server action, answered by both instances", async ({
  page,
}) => {
  const from = cluster.nginx.accessLog().length;
  // Daybook's clock moved a day since the last sign-in, which has ended.
  await signIn(page);

  for (const [screen, heading] of [
    ["/", "Overview"],
    ["/guests", "Guests"],
    ["/criminal-arrivals", "Criminal arrivals"],
    ["/properties", "Properties"],
    ["/insights/banned-after-stay", "Banned after the stay"],
    ["/review", "Review"],
  ] as const) {
    await page.goto(screen);
    await settled(page, page.getByRole("heading", { level: 1, name: heading }));
  }

  // A server action (the theme, stored per person): rendered by one instance, run by whichever
  // nginx picks; the choice is found again on the next pages, whichever instance renders them.
  const theme = page.getByRole("group", { name: "Theme" });
  await theme.getByRole("button", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  for (let load = 0; load < 2; load++) {
    await page.reload();
    await settled(page, page.getByRole("heading", { level: 1 }).first());
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  }
  await theme.getByRole("button", { name: "System" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "system");

  const log = cluster.nginx.accessLog().slice(from);
  expect(answeredBy(/^\/(guests|criminal-arrivals|properties|insights\/banned-after-stay|review)?$/, from)).toEqual(
    BOTH,
  );
  // The actions are POSTs to the page's own path, each answered by one instance, never retried.
  const actions = log.filter((entry) => entry.method === "POST" && !entry.uri.startsWith("/api/auth"));
  expect(actions.length).toBeGreaterThanOrEqual(2);
  for (const action of actions) expect(action.upstreams).toHaveLength(1);
  expect(log.filter((entry) => entry.status >= 500)).toEqual([]);
});

test("behind nginx, compression is nginx's: an instance answers uncompressed, nginx gzips", async ({ request }) => {
  const gzip = { "Accept-Encoding": "gzip" };
  for (const instance of cluster.instances) {
    const direct = await request.get(`${instance.url}/sign-in`, { headers: gzip });
    expect(direct.status()).toBe(200);
    expect(direct.headers()["content-encoding"]).toBeUndefined();
  }
  const proxied = await request.get("/sign-in", { headers: gzip });
  expect(proxied.status()).toBe(200);
  expect(proxied.headers()["content-encoding"]).toBe("gzip");
});

test("a client's X-Forwarded-For does not reach the audit log: the address nginx saw does", async ({ browser }) => {
  const forged = await newPage(browser, { "X-Forwarded-For": "203.0.113.77" });
  try {
    await signIn(forged.page, "/admin/audit");
    const main = forged.page.getByRole("main");
    await expect(main.getByText("127.0.0.1").filter({ visible: true }).first()).toBeVisible();
    await expect(main).not.toContainText("203.0.113.77");
    // The newest sign-in is this one: recorded with the address nginx was reached from.
    const [newest] = await cluster.query<{ client_address: string }>(
      "select client_address from audit_events where action = 'sign_in.success' order by id desc limit 1",
    );
    expect(newest).toEqual({ client_address: "127.0.0.1" });
  } finally {
    await forged.close();
  }
});

test("stopping one instance mid-use loses no request nginx can retry, and the next pages load", async ({ browser }) => {
  const { page, close } = await newPage(browser);
  try {
    await signIn(page, "/guests");
    const [, second] = cluster.instances;
    // A steady stream of report loads through nginx, four at a time, while the second instance stops.
    let stopped: Promise<number | null> | null = null;
    const statuses: number[] = [];
    const worker = async () => {
      for (let i = 0; i < 15; i++) {
        if (statuses.length === 20) stopped ??= second.stop("SIGTERM");
        const response = await page.request.get("/api/reports/usage", { failOnStatusCode: false });
        statuses.push(response.status());
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    expect(await stopped).toBe(0);
    expect(statuses).toEqual(Array(60).fill(200));

    for (const screen of ["/", "/criminal-arrivals", "/properties"]) {
      const from = cluster.nginx.accessLog().length;
      await page.goto(screen);
      await settled(page, page.getByRole("heading", { level: 1 }).first());
      await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
      expect(answeredBy(/./, from)).toEqual(new Set([`127.0.0.1:${INSTANCE_PORTS[0]}`]));
    }
    await second.start();
  } finally {
    await close();
  }
});

test("SIGTERM during a slow upstream call lets that request finish, then the process exits 0", async ({ browser }) => {
  const { page, close } = await newPage(browser);
  const [, second] = cluster.instances;
  try {
    await signIn(page, "/admin/users");
    await cluster.simulator.clearRequests();
    await cluster.simulator.setFaults({ latencyMs: 3_000 });
    // Refresh reads the live fields from the API now: one call, slowed down, on the second instance.
    const slow = page.request.get(`${second.url}/api/reports/guests?refresh=1`, {
      headers: { cookie: await cookieHeader(page) },
      failOnStatusCode: false,
    });
    await expect.poll(async () => (await cluster.simulator.requests()).length).toBe(1);
    const exited = second.stop("SIGTERM");
    const answer = await slow;
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { reportedDateLocal: string }).reportedDateLocal).toBe("2026-11-10");
    expect(await exited).toBe(0);
  } finally {
    await cluster.simulator.setFaults({ latencyMs: 0 });
    await close();
    await second.start();
  }
});

test("the instances' logs hold no key, secret, session cookie, password hash or guest's personal data", async ({
  request,
}) => {
  const made = (await (await request.get(`${cluster.simulator.url}/__simulator/days`)).json()) as MadeDays;
  const guests = [...servedGuests(made)];
  expect(guests.length).toBeGreaterThan(0);
  const leaks = findLeaks(
    cluster.instances.map((instance) => ({ name: `instance ${instance.port}`, text: instance.lines.join("\n") })),
    {
      apiKeys: [
        ...KEYS.map((key) => key.key),
        cluster.env.AUTH_SECRET!,
        cluster.env.DAYBOOK_ENCRYPTION_KEY!,
        cluster.env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY!,
        cluster.metricsToken,
      ],
      sessionCookies,
      identificationNumbers: guests.map((guest) => guest.identificationNumber),
      datesOfBirth: guests.map((guest) => guest.dateOfBirth.slice(0, 10)),
    },
  );
  expect(describeLeaks(leaks)).toBe("");
});

test("each instance writes one JSON access line per request, with the id it answers in X-Request-Id", async ({
  request,
}) => {
  const linesWith = (id: string) =>
    cluster.instances.flatMap((instance) =>
      instance.lines.filter((line) => line.includes(id)).map((line) => ({ port: instance.port, line })),
    );
  const ports = new Set<number>();
  // Until both instances have answered: one stopped by an earlier test may sit out nginx's
  // fail_timeout, and meanwhile the other answers everything.
  await expect
    .poll(
      async () => {
        const answer = await request.get(`${NGINX_URL}/sign-in`);
        expect(answer.status()).toBe(200);
        const id = answer.headers()["x-request-id"] ?? "";
        expect(id).toMatch(/^[\w-]{8,}$/);
        // Printed as the answer went out: the line may reach this process a moment after the answer.
        await expect.poll(() => linesWith(id).length).toBe(1);
        const [{ port, line }] = linesWith(id) as [{ port: number; line: string }];
        expect(JSON.parse(line)).toMatchObject({ method: "GET", route: "/sign-in", status: 200, requestId: id });
        expect(typeof (JSON.parse(line) as { durationMs: unknown }).durationMs).toBe("number");
        ports.add(port);
        return [...ports].sort();
      },
      { timeout: 30_000 },
    )
    .toEqual([...INSTANCE_PORTS].sort());
});

test("readiness turns 503 within about 6 s when PostgreSQL stops and 200 when it returns; liveness stays 200", async ({
  request,
}) => {
  const status = async (url: string) => (await request.get(url, { failOnStatusCode: false })).status();
  const [first] = cluster.instances;
  await expect.poll(() => status(`${first.url}/api/health/ready`)).toBe(200);
  await cluster.postgres.stopServer();
  try {
    await expect.poll(() => status(`${first.url}/api/health/ready`), { timeout: 7_000 }).toBe(503);
    const answer = await request.get(`${first.url}/api/health/ready`);
    expect((await answer.text()).trim()).toMatch(/database/);
    for (const instance of cluster.instances) expect(await status(`${instance.url}/api/health/live`)).toBe(200);
  } finally {
    await cluster.postgres.startServer();
  }
  for (const instance of cluster.instances) {
    await expect.poll(() => status(`${instance.url}/api/health/ready`), { timeout: 15_000 }).toBe(200);
  }
});

test("npm run doctor: green against the simulator; red, naming the cause, with a wrong key or the database stopped", async () => {
  test.setTimeout(90_000);
  const green = await npmRun("doctor", [], cluster.env);
  expect(green.code, green.stdout + green.stderr).toBe(0);
  expect(green.stdout).toMatch(/✓/);
  expect(green.stdout).not.toMatch(/✗/);

  const wrongKey = await npmRun("doctor", [], { ...cluster.env, PARTNER_API_KEY: "0123456789abcdef0123456789abcdef" });
  expect(wrongKey.code).toBe(1);
  expect(wrongKey.stdout.split("\n").filter((line) => line.includes("✗"))).toEqual([
    expect.stringMatching(/partner api.*key|key.*(refused|invalid|rejected)/i),
  ]);

  await cluster.postgres.stopServer();
  try {
    const noDatabase = await npmRun("doctor", [], cluster.env);
    expect(noDatabase.code).toBe(1);
    expect(noDatabase.stdout.split("\n").find((line) => line.includes("✗"))).toMatch(/database/i);
  } finally {
    await cluster.postgres.startServer();
  }
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus's text format, as a scraper reads it: one sample a line, comments apart. Throws on a line it cannot read. */
function parsePrometheus(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)( \d+)?$/.exec(line);
    if (!match) throw new Error(`not a Prometheus sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const label of (match[3] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[label[1]!] = label[2]!.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
    }
    const value = Number(match[4] === "+Inf" ? Infinity : match[4] === "-Inf" ? -Infinity : match[4]);
    if (Number.isNaN(value) && match[4] !== "NaN") throw new Error(`not a Prometheus value: ${line}`);
    samples.push({ name: match[1]!, labels, value });
  }
  return samples;
}
