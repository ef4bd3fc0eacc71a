/**
 * The metrics as a scraper reads them: GET /api/metrics (the route handler itself, given a
 * Request) on the demo's configuration, a real simulator (whose frozen clock decides "yesterday")
 * and a real embedded database; the pool gauges on the test PostgreSQL cluster. Every scrape is
 * parsed line by line as Prometheus text, and figures are compared before and after, since the
 * registry is one per process and other tests add to it.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import type { PropertyScope } from "@/lib/core/access";
import { configureLog } from "@/lib/server/log";
import { processSlot } from "@/lib/server/process-state";
import { createPostgresDatabase } from "@/tests/support/databases";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

/** The log's messages from here on, as written (JSON lines, read back); `restore` puts the default back. */
function captureLog(messages: string[]): { restore(): void } {
  configureLog({
    level: "info",
    format: "json",
    destination: { write: (line) => void messages.push((JSON.parse(line) as { msg: string }).msg) },
  });
  return { restore: () => processSlot("log.logger").clear() };
}

const EVERYONE: PropertyScope = { allProperties: true, properties: [] };
/** 12:00 UTC on Nov 23: every demo property reports Nov 22. */
const NOON = "2026-11-23T12:00:00Z";
const TOKEN = randomBytes(32).toString("base64url");
const USAGE = "/api/public/v1/usage/dashboard";
const GUESTS = "/api/public/v1/guests";

let sim: LaunchedSimulator;
let dataDir: string;
let closeDb: () => Promise<void>;

beforeAll(async () => {
  sim = await launchSimulator({ now: NOON });
  dataDir = mkdtempSync(path.join(tmpdir(), "daybook-metrics-"));
  // The demo's configuration: the built-in simulator at its port, the demo key, no scheduler; a
  // sign-in queue of one with no room to wait, so that a second sign-in at once is turned away.
  Object.assign(process.env, {
    DAYBOOK_SIMULATOR_PORT: new URL(sim.url).port,
    DAYBOOK_DATA_DIR: dataDir,
    DAYBOOK_SYNC: "off",
    DAYBOOK_DEMO_HISTORY_DAYS: "0",
    PARTNER_API_RETRY_BASE_DELAY_MS: "0",
    DAYBOOK_SIGN_IN_CONCURRENCY: "1",
    DAYBOOK_SIGN_IN_QUEUE: "0",
    // One failed call opens the circuit (the last test here).
    DAYBOOK_BREAKER_FAILURES: "1",
  });
  delete process.env.DAYBOOK_METRICS_TOKEN;
  const db = await import("@/lib/server/db");
  closeDb = db.closeDb;
  // Opened and migrated here, in the hook's longer time, rather than by the first scrape.
  await db.getDb();
});

afterAll(async () => {
  await closeDb();
  await sim.close();
  rmSync(dataDir, { recursive: true, force: true });
  delete process.env.DAYBOOK_METRICS_TOKEN;
});

// ---------------------------------------------------------------------------------------------
// The exposition format, read as a scraper reads it

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const METRIC_NAME = String.raw`[a-zA-Z_:][a-zA-Z0-9_:]*`;
const SAMPLE_LINE = new RegExp(String.raw`^(${METRIC_NAME})(?:\{(.*)\})? (\S+)$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/gy;
const COMMENT_LINE = new RegExp(
  String.raw`^# (?:HELP ${METRIC_NAME} .*|TYPE ${METRIC_NAME} (?:counter|gauge|histogram|summary|untyped))$`,
);

/** Every line of a scrape, parsed; a line that is not Prometheus text fails the test. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "") continue;
    if (line.startsWith("#")) {
      expect(line).toMatch(COMMENT_LINE);
      continue;
    }
    const match = SAMPLE_LINE.exec(line);
    expect(match, line).not.toBeNull();
    const labels: Record<string, string> = {};
    const text = match![2] ?? "";
    LABEL.lastIndex = 0;
    let consumed = 0;
    for (let label = LABEL.exec(text); label; label = LABEL.exec(text)) {
      labels[label[1]!] = label[2]!.replace(/\\(.)/g, (_escape, char: string) => (char === "n" ? "\n" : char));
      consumed = LABEL.lastIndex;
    }
    expect(consumed, line).toBe(text.length);
    // Go's float syntax, as Prometheus reads it: NaN and Inf in any case (prom-client writes "Nan").
    const raw = match![3]!;
    const value = /^nan$/i.test(raw)
      ? Number.NaN
      : /^[+-]?inf$/i.test(raw)
        ? Number(raw.replace(/inf/i, "Infinity"))
        : Number(raw);
    expect(Number.isNaN(value) && !/^nan$/i.test(raw), line).toBe(false);
    samples.push({ name: match![1]!, labels, value });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `labels`. */
function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((sample) => sample.name === name && Object.entries(labels).every(([k, v]) => sample.labels[k] === v))
    .reduce((sum, sample) => sum + sample.value, 0);
}

async function metricsRoute() {
  return (await import("@/app/api/metrics/route")).GET;
}

function scrapeRequest(authorization?: string) {
  return new NextRequest("http://localhost/api/metrics", {
    headers: authorization === undefined ? {} : { authorization },
  });
}

/** A scrape with the token, parsed. */
async function scrape(): Promise<Sample[]> {
  const response = await (await metricsRoute())(scrapeRequest(`Bearer ${TOKEN}`));
  expect(response.status).toBe(200);
  return parseExposition(await response.text());
}

// ---------------------------------------------------------------------------------------------

describe("GET /api/metrics", () => {
  it("is not there while no token is configured (404), with or without a bearer", async () => {
    const GET = await metricsRoute();
    for (const request of [scrapeRequest(), scrapeRequest(`Bearer ${TOKEN}`)]) {
      const response = await GET(request);
      expect(response.status).toBe(404);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.text()).not.toContain("daybook_");
    }
  });

  it("with a token: 401 without the header, with a wrong or partial token or another scheme; 200 in Prometheus text with it", async () => {
    // The configuration is read once per process: a fresh copy of the modules reads the token.
    process.env.DAYBOOK_METRICS_TOKEN = TOKEN;
    vi.resetModules();
    const GET = await metricsRoute();
    for (const authorization of [
      undefined,
      "",
      "Bearer",
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${TOKEN}`,
      TOKEN,
      `Bearer ${randomBytes(24).toString("base64url")}`,
    ]) {
      const response = await GET(scrapeRequest(authorization));
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer /);
      expect(await response.text()).not.toContain("daybook_");
    }

    const response = await GET(scrapeRequest(`Bearer ${TOKEN}`));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseExposition(await response.text());
    // Process metrics, and the circuit breaker closed.
    expect(total(samples, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(total(samples, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    expect(samples.filter((sample) => sample.name === "daybook_upstream_circuit_state")).toEqual([
      { name: "daybook_upstream_circuit_state", labels: {}, value: 0 },
    ]);
    // The embedded database has no pool: no pool figures at all.
    expect(samples.some((sample) => sample.name.startsWith("daybook_db_pool_"))).toBe(false);
  });

  it("shows the upstream calls made by endpoint and outcome, and the calls single-flight and the held copy saved", async () => {
    const reports = await import("@/lib/features/reports/server");
    const lines: string[] = [];
    const info = captureLog(lines);
    try {
      const before = await scrape();
      await fetch(`${sim.url}/__simulator/requests`, { method: "DELETE" });
      // Some latency, so that all fifty arrive while the call is in flight.
      await sim.setFaults({ latencyMs: 200 });
      await Promise.all(Array.from({ length: 50 }, () => reports.getUsageReport(EVERYONE)));
      await sim.setFaults({ latencyMs: 0 });
      // Ten more later: the stored day answers them all.
      await Promise.all(Array.from({ length: 10 }, () => reports.getUsageReport(EVERYONE)));
      const calls = await sim.requests();
      const after = await scrape();

      const made = (endpoint: string) => calls.filter((call) => call.path.endsWith(endpoint)).length;
      expect(made(USAGE)).toBe(1);
      expect(made(GUESTS)).toBe(1);
      const delta = (name: string, labels: Record<string, string>) =>
        total(after, name, labels) - total(before, name, labels);
      const requests = "daybook_upstream_request_duration_seconds_count";
      expect(delta(requests, { endpoint: USAGE, outcome: "ok" })).toBe(1);
      expect(delta(requests, { endpoint: GUESTS, outcome: "ok" })).toBe(1);
      expect(delta(requests, {})).toBe(2);

      // Each of the sixty loads but the one that called was spared a call, one way or the other.
      const saved = "daybook_upstream_calls_saved_total";
      const singleFlight = delta(saved, { endpoint: USAGE, by: "single_flight" });
      const heldCopy = delta(saved, { endpoint: USAGE, by: "held_copy" });
      expect(singleFlight).toBeGreaterThan(0);
      expect(heldCopy).toBeGreaterThanOrEqual(10);
      expect(singleFlight + heldCopy).toBe(59);

      // One log line per request, with the path (no query), status, duration and correlation id.
      const logged = calls.map((call) => call.correlationId);
      const upstreamLines = lines.filter((line) => line.startsWith("partner-api: "));
      expect(upstreamLines).toHaveLength(2);
      for (const line of upstreamLines) {
        const match = /^partner-api: GET (\S+) 200 in \d+ ms correlation (\S+)$/.exec(line);
        expect(match, line).not.toBeNull();
        expect([USAGE, GUESTS]).toContain(match![1]);
        expect(logged).toContain(match![2]);
      }
    } finally {
      info.restore();
    }
  });

  it("counts a refused request by its outcome and logs it with its status and correlation id", async () => {
    const { getPartnerApi } = await import("@/lib/server/partner-api");
    const lines: string[] = [];
    const info = captureLog(lines);
    try {
      const before = await scrape();
      await fetch(`${sim.url}/__simulator/requests`, { method: "DELETE" });
      // The contract's retries: a 429 and a 500 are each retried, and the third request answers.
      await sim.queueFaults("rate_limit_exceeded", "internal_error");
      await (await getPartnerApi()).usage();
      const after = await scrape();
      const delta = (outcome: string) =>
        total(after, "daybook_upstream_request_duration_seconds_count", { endpoint: USAGE, outcome }) -
        total(before, "daybook_upstream_request_duration_seconds_count", { endpoint: USAGE, outcome });
      expect([delta("rate_limited"), delta("http_5xx"), delta("ok")]).toEqual([1, 1, 1]);

      const calls = await sim.requests();
      expect(calls.map((call) => call.status)).toEqual([429, 500, 200]);
      const upstreamLines = lines.filter((line) => line.startsWith("partner-api: GET "));
      expect(upstreamLines).toEqual([
        expect.stringMatching(
          new RegExp(`^partner-api: GET ${USAGE} 429 rate_limited in \\d+ ms correlation ${calls[0]!.correlationId}$`),
        ),
        expect.stringMatching(
          new RegExp(`^partner-api: GET ${USAGE} 500 http_5xx in \\d+ ms correlation ${calls[1]!.correlationId}$`),
        ),
        expect.stringMatching(
          new RegExp(`^partner-api: GET ${USAGE} 200 in \\d+ ms correlation ${calls[2]!.correlationId}$`),
        ),
      ]);
    } finally {
      info.restore();
    }
  });

  it("shows the age of each property's newest stored day on the API's clock", async () => {
    // Nov 22 is stored (above); the simulator's clock stands at noon UTC on Nov 23.
    const samples = (await scrape()).filter((sample) => sample.name === "daybook_stored_day_age_seconds");
    const age = (property: string) => samples.find((sample) => sample.labels.property === property)?.value;
    // Nov 22 ended at 23:00 UTC in Zürich, at 10:00 UTC on Nov 23 in Honolulu; of the two Seaside
    // Suites, Santa Monica's day ended last, at 08:00 UTC.
    expect(age("Grand Hotel Zürich")).toBe(13 * 3600);
    expect(age("Harbour View Hotel")).toBe(2 * 3600);
    expect(age("Seaside Suites")).toBe(4 * 3600);
    // One figure per property name the key reaches, labelled with that name alone.
    const reports = await import("@/lib/features/reports/server");
    const names = (await reports.getUsageReport(EVERYONE)).byProperty.map((row) => row.propertyName);
    expect(samples.map((sample) => sample.labels.property).sort()).toEqual([...new Set(names)].sort());
    expect(new Set(samples.map((sample) => Object.keys(sample.labels).join()))).toEqual(new Set(["property"]));
  });

  it("counts sign-in failures and throttles by reason only: no e-mail or name in any label", async () => {
    const { authorizeCredentials } = await import("@/lib/server/auth/authorize");
    const { recordFailure, THROTTLE_POLICY } = await import("@/lib/server/auth/throttle");
    const { signInAdmission } = await import("@/lib/server/auth/admission");
    const { getDb } = await import("@/lib/server/db");
    const before = await scrape();
    const request = () => new Request("http://localhost/api/auth/callback/credentials", { method: "POST" });

    const refused = await authorizeCredentials({ email: "Maria.Gonzalez@example.com", password: "not it" }, request());
    expect(refused).toEqual({ ok: false, refusal: "invalid" });
    // An account already at its limit is turned away before any password is checked.
    const locked = "jean.dupont@example.org";
    for (let i = 0; i < THROTTLE_POLICY.maxAccountFailures; i += 1) {
      await recordFailure(await getDb(), { account: locked, address: null });
    }
    expect(await authorizeCredentials({ email: locked, password: "guess" }, request())).toEqual({
      ok: false,
      refusal: "locked",
    });
    // The queue holds one sign-in and lets none wait: a second at once is turned away.
    let release!: () => void;
    const first = signInAdmission().run(() => new Promise<void>((resolve) => (release = resolve)));
    expect(await signInAdmission().run(async () => undefined)).toMatchObject({ ok: false });
    release();
    await first;

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      total(after, name, labels) - total(before, name, labels);
    expect(delta("daybook_sign_in_failures_total", { reason: "invalid_password" })).toBe(1);
    expect(delta("daybook_sign_in_throttled_total", { by: "locked" })).toBe(1);
    expect(delta("daybook_sign_in_throttled_total", { by: "busy" })).toBe(1);

    const values = after.flatMap((sample) => Object.values(sample.labels));
    for (const value of values) {
      expect(value).not.toMatch(/@|example|maria|gonzalez|jean|dupont/i);
    }
  });
});

describe("the circuit breaker", () => {
  it("shows open (2) after the calls that opened it, and counts a call refused unsent as circuit_open", async () => {
    const { getPartnerApi } = await import("@/lib/server/partner-api");
    const info = captureLog([]);
    try {
      const before = await scrape();
      await fetch(`${sim.url}/__simulator/requests`, { method: "DELETE" });
      // A server fault is retried once: two 500s fail the call, which opens the circuit.
      await sim.queueFaults("internal_error", "internal_error");
      await expect((await getPartnerApi()).usage()).rejects.toMatchObject({ code: "internal_error" });
      await expect((await getPartnerApi()).usage()).rejects.toMatchObject({ code: "upstream_unavailable" });
      const after = await scrape();
      expect(total(after, "daybook_upstream_circuit_state")).toBe(2);
      const delta = (outcome: string) =>
        total(after, "daybook_upstream_request_duration_seconds_count", { endpoint: USAGE, outcome }) -
        total(before, "daybook_upstream_request_duration_seconds_count", { endpoint: USAGE, outcome });
      expect([delta("http_5xx"), delta("circuit_open"), delta("ok")]).toEqual([2, 1, 0]);
      // The refused call never reached the API.
      expect(await sim.requests()).toHaveLength(2);
    } finally {
      info.restore();
    }
  });
});

describe("database pool gauges", () => {
  it("read node-postgres's pool while it is open, and 0 once it is closed", async () => {
    const { openDatabase, IN_MEMORY } = await import("@/lib/server/db/open");
    const { scrapeMetrics } = await import("@/lib/server/metrics");
    const { sql } = await import("drizzle-orm");
    const created = await createPostgresDatabase();
    try {
      const opened = await openDatabase({ databaseUrl: created.url, dataDir: IN_MEMORY });
      let samples: Sample[];
      try {
        await opened.db.execute(sql`select 1`);
        samples = parseExposition((await scrapeMetrics()).body);
        expect(total(samples, "daybook_db_pool_connections")).toBe(1);
        expect(total(samples, "daybook_db_pool_idle_connections")).toBe(1);
        expect(total(samples, "daybook_db_pool_waiting_queries")).toBe(0);
      } finally {
        await opened.close();
      }
      samples = parseExposition((await scrapeMetrics()).body);
      expect(total(samples, "daybook_db_pool_connections")).toBe(0);
    } finally {
      await created.drop();
    }
  });
});
