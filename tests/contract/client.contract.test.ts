import { createServer, type AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { DEMO_API_KEY } from "@/lib/server/config";
import {
  createPartnerApiClient,
  PartnerApiError,
  type PartnerApiOptions,
  type RetryEvent,
} from "@/lib/server/partner-api";
import { USAGE_ONLY_KEY } from "@/tests/support/partner-api";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

const UNKNOWN_KEY = "0123456789abcdef0123456789abcdef";

/** Short waits so the suite stays quick; base 40 ms growing ×3 keeps each wait clearly longer than the last. */
const FAST_RETRY = { maxRetries: 4, baseDelayMs: 40, factor: 3, maxDelayMs: 2_000, maxElapsedMs: 10_000 };

let sim: LaunchedSimulator;

beforeAll(async () => {
  sim = await launchSimulator();
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
    timeoutMs: 2_000,
    retry: FAST_RETRY,
    ...overrides,
  });
}

/** A loopback port that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
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

describe("retry rules", () => {
  it("retries 429, 429 and succeeds on the third call, waiting longer each time", async () => {
    await sim.queueFaults("429", "429");
    const retries: RetryEvent[] = [];
    const report = await client({ onRetry: (event) => retries.push(event) }).usage();
    expect(report.byProperty.length).toBeGreaterThan(0);

    const log = await sim.requests();
    expect(log.map((r) => r.status)).toEqual([429, 429, 200]);
    const firstWait = log[1]!.at - log[0]!.at;
    const secondWait = log[2]!.at - log[1]!.at;
    expect(firstWait).toBeGreaterThanOrEqual(FAST_RETRY.baseDelayMs - 2);
    expect(secondWait).toBeGreaterThan(firstWait);
    expect(retries.map((r) => r.code)).toEqual(["rate_limit_exceeded", "rate_limit_exceeded"]);
  });

  it("stops retrying 429 when the attempts run out", async () => {
    await sim.queueFaults("429", "429", "429", "429", "429", "429");
    const error = await failure(client({ retry: { ...FAST_RETRY, maxRetries: 2 } }).usage());
    expect(error.code).toBe("rate_limit_exceeded");
    expect(error.status).toBe(429);
    expect(error.retryable).toBe(true);
    expect(error.attempts).toBe(3);
    expect(await sim.requests()).toHaveLength(3);
  });

  it("stops retrying 429 when the time budget is spent", async () => {
    await sim.queueFaults(...Array.from({ length: 12 }, () => "429"));
    const error = await failure(
      client({ retry: { maxRetries: 10, baseDelayMs: 100, factor: 2, maxDelayMs: 2_000, maxElapsedMs: 250 } }).usage(),
    );
    expect(error.code).toBe("rate_limit_exceeded");
    // The first wait (100–200 ms) fits the budget of 250 ms; the second is at least 200 ms, which
    // would end past it, so it is not started: two attempts, far from eleven.
    expect(await sim.requests()).toHaveLength(2);
    expect(error.attempts).toBe(2);
  });

  it("retries 500 exactly once and reports the second correlation id", async () => {
    await sim.queueFaults("500", "500", "500");
    const retries: RetryEvent[] = [];
    const error = await failure(client({ onRetry: (event) => retries.push(event) }).guests());
    expect(retries).toHaveLength(1);
    const log = await sim.requests();
    expect(log.map((r) => r.status)).toEqual([500, 500]);
    expect(error.code).toBe("internal_error");
    expect(error.status).toBe(500);
    expect(error.attempts).toBe(2);
    expect(error.correlationId).toBe(log[1]!.correlationId);
    expect(error.correlationId).not.toBe(log[0]!.correlationId);
  });

  it("recovers when a single 500 is followed by an answer", async () => {
    await sim.queueFaults("500");
    const report = await client().criminalArrivals();
    expect(report.items.length).toBeGreaterThan(0);
    expect((await sim.requests()).map((r) => r.status)).toEqual([500, 200]);
  });

  it("never retries 401: an unknown key is refused after one call", async () => {
    const error = await failure(client({ apiKey: UNKNOWN_KEY }).usage());
    const log = await sim.requests();
    expect(log).toHaveLength(1);
    expect(error).toMatchObject({ status: 401, code: "invalid_api_key", retryable: false, attempts: 1 });
    expect(error.correlationId).toBe(log[0]!.correlationId);
  });

  it("never retries 403: a key without the endpoint gets insufficient_scope after one call", async () => {
    const error = await failure(client({ apiKey: USAGE_ONLY_KEY }).guests());
    expect(error).toMatchObject({ status: 403, code: "insufficient_scope", retryable: false });
    expect(await sim.requests()).toHaveLength(1);
    // The same key may read the usage report.
    await expect(client({ apiKey: USAGE_ONLY_KEY }).usage()).resolves.toBeTruthy();
  });

  it("never retries 404: an unknown property name is refused after one call", async () => {
    const error = await failure(client().guests({ propertyName: "Nowhere Inn" }));
    expect(error).toMatchObject({ status: 404, code: "property_not_found", retryable: false });
    expect(await sim.requests()).toHaveLength(1);
  });

  it.each([
    ["parameter_not_supported", 400],
    ["invalid_request", 400],
    ["invalid_api_key", 401],
    ["insufficient_scope", 403],
    ["property_not_found", 404],
    ["property_name_ambiguous", 404],
    ["not_found", 404],
  ])("maps %s to a typed error without retrying", async (code, status) => {
    await sim.queueFaults(code);
    const error = await failure(client().guests());
    expect(error).toMatchObject({ code, status, retryable: false, attempts: 1 });
    expect(error.detail.length).toBeGreaterThan(0);
    expect(await sim.requests()).toHaveLength(1);
  });

  it("retries network errors like 429, then reports them", async () => {
    const error = await failure(
      client({ baseUrl: `http://127.0.0.1:${await closedPort()}`, retry: { ...FAST_RETRY, maxRetries: 2 } }).usage(),
    );
    expect(error).toMatchObject({ status: null, code: "network_error", retryable: true, attempts: 3 });
    expect(error.detail).toContain("ECONNREFUSED");
  });

  it("times out a request that hangs, and retries it like 429", async () => {
    await sim.queueFaults("hang", "hang");
    const error = await failure(client({ timeoutMs: 300, retry: { ...FAST_RETRY, maxRetries: 1 } }).usage());
    expect(error).toMatchObject({ status: null, code: "timeout", retryable: true, attempts: 2 });
    expect(await sim.requests()).toHaveLength(2);
  });
});

describe("bodies that cannot be trusted", () => {
  it("turns a truncated JSON body into malformed_body", async () => {
    await sim.queueFaults("malformed");
    const error = await failure(client().usage());
    expect(error).toMatchObject({ status: 200, code: "malformed_body", retryable: false });
    expect(await sim.requests()).toHaveLength(1);
  });

  it("turns a body that breaks the contract into contract_violation naming the field path", async () => {
    await sim.queueFaults("invalid");
    const error = await failure(client().guests());
    expect(error.code).toBe("contract_violation");
    const paths = error.issues.map((issue) => issue.path);
    expect(paths).toContain("items[0].gender");
    expect(paths).toContain("totalCount");
    expect(error.detail).toMatch(/breaks the contract at /);
  });

  it("turns a gateway's HTML 401 into invalid_api_key, keeping the header's correlation id", async () => {
    await sim.queueFaults("html401");
    const error = await failure(client().usage());
    const log = await sim.requests();
    expect(error).toMatchObject({ status: 401, code: "invalid_api_key", retryable: false });
    expect(error.detail).toContain("text/html");
    expect(error.correlationId).toBe(log[0]!.correlationId);
  });

  it("refuses a redirect to another host and sends the key nowhere else", async () => {
    await sim.queueFaults("redirect");
    const error = await failure(client().guests());
    expect(error).toMatchObject({ status: 302, code: "redirect_refused", retryable: false });
    expect(error.detail).toContain("127.0.0.2");
    expect(await sim.requests()).toHaveLength(1);
  });

  it("never puts the key in an error", async () => {
    for (const fault of ["500", "malformed", "invalid", "html401", "redirect", "echo_key"]) {
      await sim.reset();
      await sim.queueFaults(fault, fault);
      const error = await failure(client({ retry: { ...FAST_RETRY, maxRetries: 0 } }).guests());
      expect(JSON.stringify(error.toJSON()) + error.message + String(error.stack)).not.toContain(DEMO_API_KEY);
    }
  });

  it("keeps what a gateway echoed in its error away from the browser, and the key out of the log text", async () => {
    await sim.queueFaults("echo_key", "echo_key");
    const error = await failure(client({ retry: { ...FAST_RETRY, maxRetries: 1 } }).guests());
    // The echoed code, detail and correlation id all held the key.
    expect(error.toJSON()).toEqual({
      endpoint: "guests",
      status: 500,
      code: "internal_error",
      detail: "The Partner API failed while answering.",
      correlationId: null,
      retryable: true,
      attempts: 2,
      issues: [],
    });
    // What stays on the server for its log keeps the API's words, less the key.
    expect(error.detail).toContain('"X-API-Key":"[redacted]"');
    expect(error.detail).toContain("the answer's code: internal_error_[redacted]");
    expect(error.message + error.detail + String(error.stack)).not.toContain(DEMO_API_KEY);
  });
});

describe("requests", () => {
  it("sends the key and asks for JSON", async () => {
    await client().usage();
    const [request] = await sim.requests();
    expect(request).toMatchObject({ method: "GET", keySuffix: DEMO_API_KEY.slice(-4) });
    expect(request!.accept).toContain("application/json");
  });

  it("sends no parameter to the usage report", async () => {
    await client().usage();
    const [request] = await sim.requests();
    expect(request!.path).toBe("/api/public/v1/usage/dashboard");
    expect(request!.query).toEqual({});
  });

  it("works under a base URL with a path prefix", async () => {
    await client({ baseUrl: `${sim.url}/partner/` }).usage();
    await client({ baseUrl: `${sim.url}/partner` }).guests();
    const log = await sim.requests();
    expect(log.map((r) => r.path)).toEqual(["/partner/api/public/v1/usage/dashboard", "/partner/api/public/v1/guests"]);
  });

  it("finds a property whatever the casing and spacing, and reports its real name", async () => {
    for (const name of ["harbourviewhotel", "HARBOUR  VIEW hotel"]) {
      const report = await client().guests({ propertyName: name });
      expect(report.propertyName).toBe("Harbour View Hotel");
      expect(report.items.every((item) => item.propertyName === "Harbour View Hotel")).toBe(true);
    }
  });

  it("does not treat a partial name as a match", async () => {
    const error = await failure(client().criminalArrivals({ propertyName: "Harbour" }));
    expect(error.code).toBe("property_not_found");
  });

  it("reports an ambiguous name when two properties share it", async () => {
    const error = await failure(client().guests({ propertyName: "seaside suites" }));
    expect(error).toMatchObject({ status: 404, code: "property_name_ambiguous" });
  });

  it("sends names with ampersands, accents, apostrophes and other scripts intact", async () => {
    const names = ["Riverside & Co. Hotel", "Hôtel Élysée Montréal", "O'Brien's Lodge", "さくらイン 新宿"];
    for (const name of names) {
      const report = await client().guests({ propertyName: name });
      expect(report.propertyName).toBe(name);
    }
    expect((await sim.requests()).map((r) => r.query.propertyName)).toEqual(names);
  });

  it("refuses an empty property name before calling", async () => {
    const error = await failure(client().guests({ propertyName: "   " }));
    expect(error).toMatchObject({ code: "invalid_request", attempts: 0 });
    expect(await sim.requests()).toHaveLength(0);
  });
});
