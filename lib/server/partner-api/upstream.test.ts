import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { DEMO_API_KEY } from "@/lib/server/config";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

import { createPartnerApiClient } from "./client";
import { PartnerApiError } from "./errors";
import type { PartnerApiOptions } from "./request";
import {
  breakerKey,
  createUpstreamBreaker,
  createUpstreamGuards,
  createUpstreamLimiter,
  type UpstreamBreaker,
} from "./upstream";

const HONOLULU_KEY = "feedface000000000000000000000004";
const USAGE_ONLY_KEY = "feedface000000000000000000000001";
const UNKNOWN_KEY = "0123456789abcdef0123456789abcdef";

/** One retry, short waits: a 500 costs two requests. */
const FAST_RETRY = { maxRetries: 1, baseDelayMs: 5, maxDelayMs: 20, maxElapsedMs: 5_000 };

let sim: LaunchedSimulator;

beforeAll(async () => {
  sim = await launchSimulator({ now: "2026-11-23T02:00:00Z" });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(async () => {
  await sim.reset();
});

function client(overrides: Partial<PartnerApiOptions> = {}) {
  return createPartnerApiClient({
    baseUrl: sim.url,
    apiKey: DEMO_API_KEY,
    timeoutMs: 5_000,
    retry: FAST_RETRY,
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<PartnerApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PartnerApiError);
    return error as PartnerApiError;
  }
  throw new Error("expected the call to fail");
}

/** Polls until `check` holds (no fixed sleeps); fails after `timeoutMs`. */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not reached in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Whether a promise has settled yet, without waiting for it. */
function tracked<T>(promise: Promise<T>) {
  const state = { settled: false, promise };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

describe("concurrency limit", () => {
  it("never has more requests in flight than the limit: the API, limited to 2, answers no 429", async () => {
    await sim.setFaults({ concurrencyLimit: 2, latencyMs: 80 });
    const limiter = createUpstreamLimiter(2);
    const api = client({ limiter, retry: { ...FAST_RETRY, maxRetries: 0 } });

    let peak = 0;
    const watching = setInterval(() => (peak = Math.max(peak, limiter.active)), 5);
    const reports = await Promise.all(Array.from({ length: 10 }, () => api.usage()));
    clearInterval(watching);

    expect(reports).toHaveLength(10);
    const log = await sim.requests();
    expect(log).toHaveLength(10);
    expect(log.every((request) => request.status === 200)).toBe(true);
    expect(peak).toBeLessThanOrEqual(2);
    expect(limiter.active).toBe(0);
    expect(limiter.waiting).toBe(0);
    // Each request holds its slot for at least the latency, so the third can only arrive once the
    // first has been answered.
    const arrivals = log.map((request) => request.at).sort((a, b) => a - b);
    for (let i = 2; i < arrivals.length; i += 1) {
      expect(arrivals[i]! - arrivals[i - 2]!).toBeGreaterThanOrEqual(80 - 5);
    }
  });

  it("without a limit the same burst trips the API's own limit (the check above can fail)", async () => {
    await sim.setFaults({ concurrencyLimit: 2, latencyMs: 80 });
    const api = client({ retry: { ...FAST_RETRY, maxRetries: 0 } });
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => api.usage()));
    expect(outcomes.some((outcome) => outcome.status === "rejected")).toBe(true);
    expect((await sim.requests()).some((request) => request.status === 429)).toBe(true);
  });

  it("is shared by every client and key given the same limiter", async () => {
    // Two requests hang: while they hold both slots, no other request of either key reaches the API.
    await sim.queueFaults("hang", "hang");
    const limiter = createUpstreamLimiter(2);
    const options = { limiter, timeoutMs: 1_500, retry: { ...FAST_RETRY, maxRetries: 0 } };
    const demo = client(options);
    const honolulu = client({ ...options, apiKey: HONOLULU_KEY });
    const calls = [demo.usage(), honolulu.usage(), demo.guests(), honolulu.guests(), demo.usage(), honolulu.usage()];
    const outcomes = Promise.allSettled(calls);

    await until(async () => limiter.waiting === 4 && (await sim.requests()).length === 2);
    expect(limiter.active).toBe(2);
    const seen = await sim.requests();
    expect(seen.every((request) => request.fault === "hang")).toBe(true);

    // The hanging two time out; the four waiting then go through, still two at a time.
    const settled = await outcomes;
    expect(settled.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(4);
    const log = await sim.requests();
    expect(log).toHaveLength(6);
    expect(new Set(log.map((request) => request.keySuffix))).toEqual(
      new Set([DEMO_API_KEY.slice(-4), HONOLULU_KEY.slice(-4)]),
    );
  });

  it("holds a slot per attempt: a retry waits its backoff outside it", async () => {
    await sim.queueFaults("429");
    const limiter = createUpstreamLimiter(1);
    const api = client({ limiter, retry: { ...FAST_RETRY, maxRetries: 2, baseDelayMs: 300, maxDelayMs: 300 } });
    const retried = api.usage();
    // The first attempt got its 429; during the backoff the slot is free for another call.
    await until(async () => (await sim.requests()).length === 1 && limiter.active === 0);
    await api.guests();
    await retried;
    const log = await sim.requests();
    expect(log.map((request) => [request.path, request.status])).toEqual([
      ["/api/public/v1/usage/dashboard", 429],
      ["/api/public/v1/guests", 200],
      ["/api/public/v1/usage/dashboard", 200],
    ]);
  });

  it("lets a caller that gives up while waiting for a slot leave the queue without calling the API", async () => {
    await sim.queueFaults("hang");
    const limiter = createUpstreamLimiter(1);
    const api = client({ limiter, timeoutMs: 10_000 });
    const holding = new AbortController();
    const waiting = new AbortController();

    const first = tracked(api.usage({ signal: holding.signal }));
    await until(async () => limiter.active === 1 && (await sim.requests()).length === 1);
    const second = api.guests(undefined, { signal: waiting.signal });
    await until(() => limiter.waiting === 1);

    waiting.abort();
    const error = await failure(second);
    expect(error).toMatchObject({ code: "aborted", status: null, retryable: false, attempts: 0 });
    // Released at once: the first call still holds the only slot, and the queue is empty.
    expect(first.settled).toBe(false);
    expect(limiter.waiting).toBe(0);
    expect(limiter.active).toBe(1);

    holding.abort();
    expect((await failure(first.promise)).code).toBe("aborted");
    expect(limiter.active).toBe(0);
    // The next call gets the slot straight away; the aborted one never reached the API.
    await api.usage();
    const log = await sim.requests();
    expect(log.map((request) => request.path)).toEqual([
      "/api/public/v1/usage/dashboard",
      "/api/public/v1/usage/dashboard",
    ]);
  });

  it("never calls the API for a caller that had already given up", async () => {
    const limiter = createUpstreamLimiter(1);
    const error = await failure(client({ limiter }).usage({ signal: AbortSignal.abort() }));
    expect(error.code).toBe("aborted");
    expect(await sim.requests()).toHaveLength(0);
  });

  it("refuses a limit below 1", () => {
    expect(() => createUpstreamLimiter(0)).toThrow(RangeError);
    expect(() => createUpstreamLimiter(1.5)).toThrow(RangeError);
  });
});

describe("circuit breaker", () => {
  const COOLDOWN_MS = 150;
  const breakerOf = (failures = 3) => createUpstreamBreaker({ failures, cooldownMs: COOLDOWN_MS });

  async function openBreaker(breaker: UpstreamBreaker, failures = 3) {
    await sim.queueFaults(...Array.from({ length: failures * 2 }, () => "500"));
    for (let i = 0; i < failures; i += 1) {
      expect((await failure(client({ breaker }).usage())).code).toBe("internal_error");
    }
  }

  it("opens after N failed calls in a row and then refuses without touching the network", async () => {
    const breaker = breakerOf(3);
    await openBreaker(breaker);
    const log = await sim.requests();
    // Each call is counted once, after its retry.
    expect(log).toHaveLength(6);

    const error = await failure(client({ breaker }).guests());
    expect(error).toMatchObject({
      endpoint: "guests",
      code: "upstream_unavailable",
      status: null,
      retryable: false,
      attempts: 0,
      correlationId: null,
    });
    expect(error.detail).toMatch(
      /^The Partner API is unavailable: Daybook stopped calling it after 3 failed calls in a row and will try again at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\./,
    );
    expect(error.detail).toContain(log[5]!.correlationId);
    expect(error.toJSON()).toEqual({
      endpoint: "guests",
      status: null,
      code: "upstream_unavailable",
      detail: error.detail,
      correlationId: null,
      retryable: false,
      attempts: 0,
      issues: [],
    });
    expect(await sim.requests()).toHaveLength(6);

    const health = breaker.health();
    expect(health).toMatchObject({ state: "open", consecutiveFailures: 3 });
    expect(health.lastFailure).toMatchObject({ code: "internal_error", correlationId: log[5]!.correlationId });
    expect(Date.parse(health.retryAt!) - Date.parse(health.openedAt!)).toBe(COOLDOWN_MS);
  });

  it("lets one probe through after the cooldown, and a success closes it", async () => {
    const breaker = breakerOf(3);
    await openBreaker(breaker);
    await until(() => breaker.health().state === "half-open");

    const report = await client({ breaker }).usage();
    expect(report.byProperty.length).toBeGreaterThan(0);
    expect(await sim.requests()).toHaveLength(7);
    expect(breaker.health()).toEqual({
      state: "closed",
      openedAt: null,
      retryAt: null,
      consecutiveFailures: 0,
      lastFailure: null,
    });
    await client({ breaker }).guests();
    expect(await sim.requests()).toHaveLength(8);
  });

  it("reopens when the probe fails", async () => {
    const breaker = breakerOf(3);
    await openBreaker(breaker);
    await until(() => breaker.health().state === "half-open");

    await sim.queueFaults("500", "500");
    expect((await failure(client({ breaker }).usage())).code).toBe("internal_error");
    expect(breaker.health().state).toBe("open");
    expect(await sim.requests()).toHaveLength(8);
    expect((await failure(client({ breaker }).usage())).code).toBe("upstream_unavailable");
    expect(await sim.requests()).toHaveLength(8);

    // And recovers after the next cooldown.
    await until(() => breaker.health().state === "half-open");
    await client({ breaker }).usage();
    expect(breaker.health().state).toBe("closed");
  });

  it("holds other calls while the probe is in flight, and lets a caller that gives up leave at once", async () => {
    const breaker = breakerOf(3);
    await openBreaker(breaker);
    await until(() => breaker.health().state === "half-open");

    await sim.setFaults({ latencyMs: 300 });
    const probe = client({ breaker }).usage();
    await until(async () => (await sim.requests()).length === 7);
    const controller = new AbortController();
    const held = client({ breaker }).guests(undefined, { signal: controller.signal });
    controller.abort();
    expect((await failure(held)).code).toBe("aborted");

    await probe;
    expect(breaker.health().state).toBe("closed");
    // The caller that gave up never reached the API.
    expect(await sim.requests()).toHaveLength(7);
  });

  it("does not count refusals: 401, 403 and 404 never open it, and an answer breaks a run of failures", async () => {
    const breaker = breakerOf(2);
    for (let i = 0; i < 3; i += 1) {
      expect((await failure(client({ breaker, apiKey: UNKNOWN_KEY }).usage())).code).toBe("invalid_api_key");
      expect((await failure(client({ breaker }).guests({ propertyName: "Nowhere Inn" }))).code).toBe(
        "property_not_found",
      );
      expect((await failure(client({ breaker, apiKey: USAGE_ONLY_KEY }).guests())).code).toBe("insufficient_scope");
    }
    expect(breaker.health()).toMatchObject({ state: "closed", consecutiveFailures: 0 });

    await sim.queueFaults("500", "500", "not_found", "500", "500");
    expect((await failure(client({ breaker }).usage())).code).toBe("internal_error");
    expect(breaker.health()).toMatchObject({ state: "closed", consecutiveFailures: 1 });
    expect((await failure(client({ breaker }).usage())).code).toBe("not_found");
    expect(breaker.health()).toMatchObject({ state: "closed", consecutiveFailures: 0, lastFailure: null });
    expect((await failure(client({ breaker }).usage())).code).toBe("internal_error");
    expect(breaker.health().state).toBe("closed");
  });

  it("counts an unreadable body and a timeout, not a report that breaks the contract", async () => {
    const breaker = breakerOf(2);
    await sim.queueFaults("invalid", "invalid", "invalid");
    for (let i = 0; i < 3; i += 1) {
      expect((await failure(client({ breaker }).guests())).code).toBe("contract_violation");
    }
    expect(breaker.health().state).toBe("closed");

    await sim.queueFaults("malformed", "hang");
    expect((await failure(client({ breaker }).usage())).code).toBe("malformed_body");
    const timedOut = client({ breaker, timeoutMs: 200, retry: { ...FAST_RETRY, maxRetries: 0 } }).usage();
    expect((await failure(timedOut)).code).toBe("timeout");
    expect(breaker.health()).toMatchObject({ state: "open", lastFailure: { code: "timeout", correlationId: null } });
  });

  it("does not count a call its caller cancelled", async () => {
    const breaker = breakerOf(1);
    await sim.queueFaults("hang");
    const controller = new AbortController();
    const call = client({ breaker }).usage({ signal: controller.signal });
    await until(async () => (await sim.requests()).length === 1);
    controller.abort();
    expect((await failure(call)).code).toBe("aborted");
    expect(breaker.health()).toMatchObject({ state: "closed", consecutiveFailures: 0 });
    await client({ breaker }).usage();
  });

  it("makes the next call the probe when the probe's caller gives up", async () => {
    const breaker = breakerOf(3);
    await openBreaker(breaker);
    await until(() => breaker.health().state === "half-open");

    await sim.queueFaults("hang");
    const controller = new AbortController();
    const probe = client({ breaker }).usage({ signal: controller.signal });
    await until(async () => (await sim.requests()).length === 7);
    controller.abort();
    expect((await failure(probe)).code).toBe("aborted");
    // The caller is released at once; the probe's own request stops on the same signal just after.
    await until(() => breaker.health().state === "closed");
    expect(breaker.health()).toMatchObject({ consecutiveFailures: 3 });
    expect(await sim.requests()).toHaveLength(7);

    // One more failed call is enough to reopen it.
    await sim.queueFaults("500", "500");
    expect((await failure(client({ breaker }).usage())).code).toBe("internal_error");
    expect(breaker.health().state).toBe("open");
  });

  it("keeps one breaker per base URL, shared by every key", () => {
    const guards = createUpstreamGuards({ concurrency: 2, breakerFailures: 5, breakerCooldownMs: 30_000 });
    expect(guards.breakerFor("https://api.example.com")).toBe(guards.breakerFor("https://API.example.com/"));
    expect(guards.breakerFor("https://gw.example.com/partner")).toBe(
      guards.breakerFor("https://gw.example.com/partner/"),
    );
    expect(guards.breakerFor("https://gw.example.com/partner")).not.toBe(guards.breakerFor("https://gw.example.com/"));
    expect(breakerKey("https://gw.example.com/partner")).toBe("https://gw.example.com/partner/");
  });
});

describe("response size limit", () => {
  it("refuses a report larger than the limit, naming the limit and never the body", async () => {
    const error = await failure(client({ maxResponseBytes: 10 * 1024 }).guests());
    expect(error).toMatchObject({ code: "response_too_large", status: 200, retryable: false, attempts: 1 });
    expect(error.detail).toContain("0.0098 MB");
    expect(error.detail).toContain("PARTNER_API_MAX_RESPONSE_MB");
    expect(JSON.stringify(error.toJSON())).not.toMatch(/Harbour View|propertyName|firstName/);
    const log = await sim.requests();
    expect(log).toHaveLength(1);
    expect(error.correlationId).toBe(log[0]!.correlationId);

    // Nothing is left broken: the same client reads a small report, a roomier one the large one.
    await expect(client({ maxResponseBytes: 10 * 1024 }).usage()).resolves.toBeTruthy();
    const report = await client().guests();
    expect(report.items.length).toBe(report.totalCount);
  });

  it("does not count against the breaker", async () => {
    const breaker = createUpstreamBreaker({ failures: 1, cooldownMs: 60_000 });
    expect((await failure(client({ breaker, maxResponseBytes: 1024 }).guests())).code).toBe("response_too_large");
    expect(breaker.health().state).toBe("closed");
  });

  describe("without Content-Length", () => {
    const TOTAL = 64 * 1024 * 1024;
    let server: Server;
    let url: string;
    let finished: Promise<{ complete: boolean; sent: number }>;

    beforeAll(async () => {
      server = createServer((req, res) => {
        finished = new Promise((resolve) => {
          let sent = 0;
          res.on("close", () => resolve({ complete: res.writableFinished, sent }));
          res.writeHead(200, { "content-type": "application/json" });
          res.write('{"items":["');
          const chunk = "x".repeat(16 * 1024);
          const pump = () => {
            // 64 MB in all, unless the client leaves first.
            while (sent < TOTAL && !res.destroyed) {
              sent += chunk.length;
              if (!res.write(chunk)) return void res.once("drain", pump);
            }
            if (!res.destroyed) res.end('"]}');
          };
          pump();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it("stops reading a streamed body once it passes the limit", async () => {
      const api = createPartnerApiClient({
        baseUrl: url,
        apiKey: DEMO_API_KEY,
        timeoutMs: 5_000,
        retry: FAST_RETRY,
        maxResponseBytes: 256 * 1024,
      });
      const error = await failure(api.usage());
      expect(error).toMatchObject({ code: "response_too_large", status: 200, retryable: false });
      expect(error.detail).toContain("0.25 MB");
      const { complete, sent } = await finished;
      expect(complete).toBe(false);
      expect(sent).toBeLessThan(TOTAL);
    });
  });
});

describe("a large day", () => {
  let large: LaunchedSimulator;
  beforeAll(async () => {
    large = await launchSimulator({ now: "2026-11-23T02:00:00Z", large: true });
  });
  afterAll(async () => {
    await large.close();
  });

  it("reads a report of many megabytes under the default limit, and refuses it under a smaller one", async () => {
    const api = (maxResponseBytes?: number) =>
      createPartnerApiClient({
        baseUrl: large.url,
        apiKey: DEMO_API_KEY,
        timeoutMs: 20_000,
        retry: FAST_RETRY,
        maxResponseBytes,
      });
    const report = await api().guests();
    expect(report.items.length).toBe(report.totalCount);
    expect(report.items.length).toBeGreaterThan(10_000);
    expect((await failure(api(4 * 1024 * 1024).guests())).code).toBe("response_too_large");
  }, 60_000);
});
