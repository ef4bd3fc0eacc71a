import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import type { RunningSimulator } from "./server";
import {
  call,
  control,
  CRIMINAL,
  criminal,
  FULL_KEY,
  GUESTS,
  guests,
  NEW_YORK_KEY,
  start,
  USAGE,
  usage,
  UUID,
} from "./test-support";

interface LogEntry {
  status: number | null;
  fault: string | null;
  path: string;
}

let sim: RunningSimulator;

beforeAll(async () => {
  sim = await start();
});
afterEach(async () => {
  await control(sim, "POST", "reset");
});
afterAll(() => sim.close());

const queue = (...next: string[]) => control(sim, "POST", "faults", { next });

async function lastLogEntry(): Promise<LogEntry | undefined> {
  const { body } = await control(sim, "GET", "requests");
  return (body as { requests: LogEntry[] }).requests.at(-1);
}

describe("fault injection", () => {
  it("answers a queued 429 with a rate_limit_exceeded problem, then recovers", async () => {
    await queue("429");
    const response = await call(sim, GUESTS, FULL_KEY);
    expect(response.status).toBe(429);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    const body = (await response.json()) as { code: string; correlationId: string };
    expect(body.code).toBe("rate_limit_exceeded");
    expect(body.correlationId).toBe(response.headers.get("x-correlation-id"));
    expect(await lastLogEntry()).toMatchObject({ status: 429, fault: "429" });
    expect((await call(sim, GUESTS, FULL_KEY)).status).toBe(200);
  });

  it("answers a queued 500 with internal_error", async () => {
    await queue("500");
    const response = await call(sim, CRIMINAL, FULL_KEY);
    expect(response.status).toBe(500);
    expect(((await response.json()) as { code: string }).code).toBe("internal_error");
  });

  it("applies queued faults in order to the next requests, whatever the key", async () => {
    const state = await queue("500", "429");
    expect(state.body).toMatchObject({ next: ["500", "429"] });
    expect((await call(sim, USAGE)).status).toBe(500);
    expect((await call(sim, "/api/public/v1/anything", "nonsense")).status).toBe(429);
    expect((await call(sim, USAGE)).status).toBe(401);
    expect((await control(sim, "GET", "faults")).body).toMatchObject({ next: [] });
  });

  it("answers 'malformed' with 200 application/json whose body is truncated JSON", async () => {
    for (const path of [GUESTS, CRIMINAL, USAGE]) {
      await queue("malformed");
      const response = await call(sim, path, FULL_KEY);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/json");
      const text = await response.text();
      expect(text.startsWith("{")).toBe(true);
      expect(() => JSON.parse(text) as unknown).toThrow();
    }
  });

  it("answers 'invalid' with valid JSON that breaks the contract of the endpoint requested", async () => {
    await queue("invalid", "invalid", "invalid");
    const guestsBody = (await (await call(sim, GUESTS, FULL_KEY)).json()) as {
      totalCount: unknown;
      items: Array<{ gender: unknown }>;
    };
    expect(typeof guestsBody.totalCount).toBe("string");
    expect(guestsBody.items[0]?.gender).toBe("M");
    const criminalBody = (await (await call(sim, CRIMINAL, FULL_KEY)).json()) as {
      items: Array<{ crimeTypes: unknown }>;
    };
    expect(criminalBody.items[0]?.crimeTypes).toBeNull();
    const usageBody = (await (await call(sim, USAGE, FULL_KEY)).json()) as {
      totals: { scans: { value: unknown } };
      byProperty: unknown;
    };
    expect(usageBody.totals.scans.value).toBe("12");
    expect(usageBody.byProperty).toBeNull();
  });

  it("answers 'html401' like a gateway: 401 text/html with a correlation id and no problem body", async () => {
    await queue("html401");
    const response = await call(sim, GUESTS, FULL_KEY);
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toBe("text/html");
    expect(response.headers.get("x-correlation-id")).toMatch(UUID);
    expect(await response.text()).toBe("<html><body><h1>401 Authorization Required</h1></body></html>");
  });

  it("'hang' never answers until the client gives up, and the next request is served", async () => {
    await queue("hang");
    const started = Date.now();
    await expect(call(sim, USAGE, FULL_KEY, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(await lastLogEntry()).toMatchObject({ status: null, fault: "hang" });
    expect((await call(sim, USAGE, FULL_KEY)).status).toBe(200);
  });

  it("answers 'redirect' with 302 to the same API path on another host", async () => {
    await queue("redirect");
    const response = await call(sim, `/partner${GUESTS}?propertyName=Outback%20Rest`, FULL_KEY, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`http://127.0.0.2:${sim.port}${GUESTS}?propertyName=Outback%20Rest`);
    expect(response.headers.get("x-correlation-id")).toMatch(UUID);
  });

  it("forces a message onto the guests and usage reports, not the criminal arrivals report", async () => {
    await control(sim, "POST", "faults", { message: "Kiosk data for one property arrived late." });
    expect((await guests(sim, NEW_YORK_KEY)).message).toBe("Kiosk data for one property arrived late.");
    expect((await usage(sim, NEW_YORK_KEY)).message).toBe("Kiosk data for one property arrived late.");
    expect(Object.keys(await criminal(sim, NEW_YORK_KEY))).not.toContain("message");
    await control(sim, "DELETE", "faults");
    expect((await usage(sim, NEW_YORK_KEY)).message).toBeNull();
  });

  it("adds latency to every API answer", async () => {
    await control(sim, "POST", "faults", { latencyMs: 250 });
    const started = performance.now();
    expect((await call(sim, USAGE, NEW_YORK_KEY)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
  });
});
