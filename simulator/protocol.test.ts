import { connect } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { KEYS } from "./keys";
import type { RunningSimulator } from "./server";
import {
  call,
  control,
  CRIMINAL,
  CRIMINAL_ONLY_KEY,
  DATE_LINE_KEY,
  FULL_KEY,
  GUESTS,
  GUESTS_ONLY_KEY,
  HONOLULU_KEY,
  NEW_YORK_KEY,
  start,
  USAGE,
  USAGE_ONLY_KEY,
  UUID,
} from "./test-support";

interface ProblemBody {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
  correlationId: string;
}

let sim: RunningSimulator;

beforeAll(async () => {
  sim = await start();
});
afterEach(async () => {
  await control(sim, "POST", "reset");
});
afterAll(() => sim.close());

async function expectProblem(response: Response, status: number, code: string): Promise<ProblemBody> {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  const body = (await response.json()) as ProblemBody;
  const header = response.headers.get("x-correlation-id");
  expect(header).toMatch(UUID);
  expect(body).toEqual({
    type: "about:blank",
    title: expect.any(String) as string,
    status,
    code,
    detail: expect.any(String) as string,
    correlationId: header,
  });
  return body;
}

describe("keys and scopes", () => {
  it("exports the key table with the documented keys", () => {
    expect(KEYS.map((key) => [key.key, [...key.endpoints].sort()])).toEqual([
      [FULL_KEY, ["criminal-arrivals", "guests", "usage"]],
      [USAGE_ONLY_KEY, ["usage"]],
      [GUESTS_ONLY_KEY, ["guests"]],
      [NEW_YORK_KEY, ["criminal-arrivals", "guests", "usage"]],
      [HONOLULU_KEY, ["criminal-arrivals", "guests", "usage"]],
      [CRIMINAL_ONLY_KEY, ["criminal-arrivals"]],
      [DATE_LINE_KEY, ["criminal-arrivals", "guests", "usage"]],
    ]);
    for (const key of KEYS) expect(key.key).toMatch(/^[0-9a-f]{32}$/);
  });

  it("answers 200 JSON with a fresh correlation id on success", async () => {
    const first = await call(sim, GUESTS, FULL_KEY, { headers: { Accept: "application/json" } });
    const second = await call(sim, GUESTS, FULL_KEY);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/json");
    expect(first.headers.get("x-correlation-id")).toMatch(UUID);
    expect(second.headers.get("x-correlation-id")).not.toBe(first.headers.get("x-correlation-id"));
  });

  it("answers 401 invalid_api_key for a missing or unknown key, even on unknown routes", async () => {
    await expectProblem(await call(sim, GUESTS), 401, "invalid_api_key");
    await expectProblem(await call(sim, GUESTS, "0".repeat(32)), 401, "invalid_api_key");
    await expectProblem(await call(sim, GUESTS, FULL_KEY.toUpperCase()), 401, "invalid_api_key");
    await expectProblem(await call(sim, "/api/public/v1/nope", "not-a-key"), 401, "invalid_api_key");
    await expectProblem(await call(sim, "/"), 401, "invalid_api_key");
  });

  it("answers 404 not_found for unknown routes and non-GET methods with a valid key", async () => {
    await expectProblem(await call(sim, "/api/public/v1/bookings", FULL_KEY), 404, "not_found");
    await expectProblem(await call(sim, "/api/public/v2/guests", FULL_KEY), 404, "not_found");
    await expectProblem(await call(sim, `${GUESTS}/`, FULL_KEY), 404, "not_found");
    await expectProblem(await call(sim, GUESTS, FULL_KEY, { method: "POST", body: "{}" }), 404, "not_found");
    await expectProblem(await call(sim, USAGE, FULL_KEY, { method: "DELETE" }), 404, "not_found");
  });

  it("answers 403 insufficient_scope for endpoints the key is not enabled for", async () => {
    await expectProblem(await call(sim, GUESTS, USAGE_ONLY_KEY), 403, "insufficient_scope");
    await expectProblem(await call(sim, CRIMINAL, USAGE_ONLY_KEY), 403, "insufficient_scope");
    await expectProblem(await call(sim, USAGE, GUESTS_ONLY_KEY), 403, "insufficient_scope");
    await expectProblem(await call(sim, CRIMINAL, GUESTS_ONLY_KEY), 403, "insufficient_scope");
    await expectProblem(await call(sim, GUESTS, CRIMINAL_ONLY_KEY), 403, "insufficient_scope");
    expect((await call(sim, USAGE, USAGE_ONLY_KEY)).status).toBe(200);
    expect((await call(sim, GUESTS, GUESTS_ONLY_KEY)).status).toBe(200);
    expect((await call(sim, CRIMINAL, CRIMINAL_ONLY_KEY)).status).toBe(200);
  });
});

describe("request validation", () => {
  it("answers 400 invalid_request for malformed syntax, an empty or a repeated propertyName", async () => {
    await expectProblem(await call(sim, `${GUESTS}?propertyName=%E0%A4%A`, FULL_KEY), 400, "invalid_request");
    await expectProblem(await call(sim, `${GUESTS}?propertyName=%ZZ`, FULL_KEY), 400, "invalid_request");
    await expectProblem(await call(sim, `${CRIMINAL}?propertyName=`, FULL_KEY), 400, "invalid_request");
    await expectProblem(await call(sim, `${GUESTS}?propertyName=%20%20`, FULL_KEY), 400, "invalid_request");
    const twice = `${GUESTS}?propertyName=Outback%20Rest&propertyName=Outback%20Rest`;
    await expectProblem(await call(sim, twice, FULL_KEY), 400, "invalid_request");
  });

  it("answers 400 parameter_not_supported naming the parameter", async () => {
    const date = await expectProblem(
      await call(sim, `${GUESTS}?date=2026-11-20`, FULL_KEY),
      400,
      "parameter_not_supported",
    );
    expect(date.detail).toContain("date");
    const tenant = await expectProblem(
      await call(sim, `${CRIMINAL}?tenantId=1`, FULL_KEY),
      400,
      "parameter_not_supported",
    );
    expect(tenant.detail).toContain("tenantId");
    const property = await expectProblem(
      await call(sim, `${USAGE}?propertyName=Outback%20Rest`, FULL_KEY),
      400,
      "parameter_not_supported",
    );
    expect(property.detail).toContain("propertyName");
    const casing = await expectProblem(
      await call(sim, `${GUESTS}?propertyname=Outback`, FULL_KEY),
      400,
      "parameter_not_supported",
    );
    expect(casing.detail).toContain("propertyname");
  });

  it("checks in the documented order: key, route, scope, syntax, parameters, property", async () => {
    await expectProblem(await call(sim, "/nowhere?x=%ZZ", "bad"), 401, "invalid_api_key");
    await expectProblem(await call(sim, "/nowhere?x=%ZZ", USAGE_ONLY_KEY), 404, "not_found");
    await expectProblem(await call(sim, `${GUESTS}?x=%ZZ`, USAGE_ONLY_KEY), 403, "insufficient_scope");
    await expectProblem(await call(sim, `${GUESTS}?x=%ZZ`, FULL_KEY), 400, "invalid_request");
    await expectProblem(
      await call(sim, `${GUESTS}?propertyName=Nowhere&x=1`, FULL_KEY),
      400,
      "parameter_not_supported",
    );
    await expectProblem(await call(sim, `${GUESTS}?propertyName=Nowhere`, FULL_KEY), 404, "property_not_found");
  });

  it("answers a request the HTTP parser rejects with 400 invalid_request and a correlation id", async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(sim.port, "127.0.0.1", () => {
        socket.write(`GET ${GUESTS} HTTP/1.1\r\nHost: x\r\nX-API-Key: ${FULL_KEY}\r\nBroken Header Line\r\n\r\n`);
      });
      let text = "";
      socket.on("data", (chunk) => (text += chunk.toString()));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toMatch(/X-Correlation-Id: [0-9a-f-]{36}/);
    expect(raw).toContain('"code":"invalid_request"');
  });
});

describe("propertyName matching", () => {
  const found = async (name: string, key = FULL_KEY): Promise<string | undefined> => {
    const response = await call(sim, `${GUESTS}?propertyName=${encodeURIComponent(name)}`, key);
    expect(response.status, name).toBe(200);
    return ((await response.json()) as { propertyName?: string }).propertyName;
  };

  it("tolerates casing and spacing differences", async () => {
    expect(await found("HARBOUR  VIEW hotel")).toBe("Harbour View Hotel");
    expect(await found("harbourviewhotel")).toBe("Harbour View Hotel");
    expect(await found("  Outback\tRest ")).toBe("Outback Rest");
    expect(await found("riverside&co.hotel")).toBe("Riverside & Co. Hotel");
    expect(await found("o'brien's lodge")).toBe("O'Brien's Lodge");
    expect(await found("HÔTEL ÉLYSÉE MONTRÉAL")).toBe("Hôtel Élysée Montréal");
    expect(await found("Ho\u0302tel E\u0301lyse\u0301e Montre\u0301al")).toBe("Hôtel Élysée Montréal");
    expect(await found("さくらイン\u3000新宿")).toBe("さくらイン 新宿");
    expect(await found("grand hotel zürich")).toBe("Grand Hotel Zürich");
    const plus = await call(sim, `${GUESTS}?propertyName=Outback+Rest`, FULL_KEY);
    expect(((await plus.json()) as { propertyName: string }).propertyName).toBe("Outback Rest");
  });

  it("is not a partial search, and needs punctuation and accents right", async () => {
    for (const name of [
      "Harbour",
      "Harbour View Hotel Waikiki",
      "obriens lodge",
      "Hotel Elysee Montreal",
      "Grand Hotel Zurich",
    ]) {
      const response = await call(sim, `${GUESTS}?propertyName=${encodeURIComponent(name)}`, FULL_KEY);
      await expectProblem(response, 404, "property_not_found");
    }
  });

  it("answers property_name_ambiguous when several of the key's properties share the name", async () => {
    await expectProblem(
      await call(sim, `${GUESTS}?propertyName=seasidesuites`, FULL_KEY),
      404,
      "property_name_ambiguous",
    );
    await expectProblem(
      await call(sim, `${CRIMINAL}?propertyName=Seaside%20Suites`, FULL_KEY),
      404,
      "property_name_ambiguous",
    );
    expect(await found("seasidesuites", NEW_YORK_KEY)).toBe("Seaside Suites");
  });

  it("only finds the key's own properties", async () => {
    await expectProblem(
      await call(sim, `${GUESTS}?propertyName=Outback%20Rest`, NEW_YORK_KEY),
      404,
      "property_not_found",
    );
    await expectProblem(
      await call(sim, `${GUESTS}?propertyName=Outback%20Rest`, HONOLULU_KEY),
      404,
      "property_not_found",
    );
  });
});

describe("path prefix", () => {
  it("serves the API under any prefix and logs the full path", async () => {
    await control(sim, "DELETE", "requests");
    const prefixed = await call(sim, `/partner${GUESTS}?propertyName=Outback%20Rest`, FULL_KEY);
    const plain = await call(sim, `${GUESTS}?propertyName=Outback%20Rest`, FULL_KEY);
    expect(prefixed.status).toBe(200);
    expect(await prefixed.json()).toEqual(await plain.json());
    expect((await call(sim, `/a/b/c${USAGE}`, FULL_KEY)).status).toBe(200);
    const log = (await control(sim, "GET", "requests")).body as { requests: Array<{ path: string }> };
    expect(log.requests.map((entry) => entry.path)).toEqual([`/partner${GUESTS}`, GUESTS, `/a/b/c${USAGE}`]);
  });
});

describe("concurrency", () => {
  it("answers 429 rate_limit_exceeded when a key has more requests in flight than allowed", async () => {
    await control(sim, "POST", "faults", { latencyMs: 300, concurrencyLimit: 2 });
    // Another key, in flight at the same time, has its own allowance.
    const [other, ...burst] = await Promise.all([
      call(sim, USAGE, HONOLULU_KEY),
      ...Array.from({ length: 5 }, () => call(sim, USAGE, NEW_YORK_KEY)),
    ]);
    const statuses = burst.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    await expectProblem(burst.find((response) => response.status === 429) as Response, 429, "rate_limit_exceeded");
    expect(other?.status).toBe(200);
    // Slots are released once answered.
    expect((await call(sim, USAGE, NEW_YORK_KEY)).status).toBe(200);
  });

  it("allows six concurrent requests per key by default", async () => {
    await control(sim, "POST", "faults", { latencyMs: 300 });
    const statuses = (await Promise.all(Array.from({ length: 7 }, () => call(sim, USAGE, FULL_KEY)))).map(
      (r) => r.status,
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
  });
});

describe("server faults", () => {
  it("answers 500 internal_error when a 500 fault is queued", async () => {
    await control(sim, "POST", "faults", { next: ["500"] });
    await expectProblem(await call(sim, USAGE, FULL_KEY), 500, "internal_error");
    expect((await call(sim, USAGE, FULL_KEY)).status).toBe(200);
  });
});
