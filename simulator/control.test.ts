import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { RunningSimulator } from "./server";
import { call, control, FULL_KEY, GUESTS, NOW, start, USAGE, UUID } from "./test-support";

let sim: RunningSimulator;

beforeAll(async () => {
  sim = await start({ latencyMs: 0 });
});
afterAll(() => sim.close());

describe("control endpoints", () => {
  it("reports health", async () => {
    expect(await control(sim, "GET", "health")).toEqual({ status: 200, body: { ok: true } });
  });

  it("logs API requests (not control requests) with every documented field, and clears the log", async () => {
    await control(sim, "DELETE", "requests");
    const before = performance.timeOrigin + performance.now();
    const response = await call(sim, `/partner${GUESTS}?propertyName=Outback%20Rest`, FULL_KEY, {
      headers: { Accept: "application/json" },
    });
    await call(sim, USAGE);
    const { body } = await control(sim, "GET", "requests");
    const requests = (body as { requests: Array<Record<string, unknown>> }).requests;
    expect(requests).toHaveLength(2);
    const [first, second] = requests;
    expect(first).toEqual({
      seq: expect.any(Number) as number,
      at: expect.any(Number) as number,
      method: "GET",
      path: `/partner${GUESTS}`,
      query: { propertyName: "Outback Rest" },
      keySuffix: "b00c",
      accept: "application/json",
      status: 200,
      correlationId: response.headers.get("x-correlation-id"),
      fault: null,
    });
    expect(first?.correlationId).toMatch(UUID);
    expect(first?.at as number).toBeGreaterThanOrEqual(before - 1);
    expect(second).toMatchObject({ keySuffix: null, status: 401, path: USAGE });
    expect((second?.seq as number) > (first?.seq as number)).toBe(true);

    expect(await control(sim, "DELETE", "requests")).toEqual({ status: 200, body: { requests: [] } });
    expect((await control(sim, "GET", "requests")).body).toEqual({ requests: [] });
  });

  it("sets, reads and clears the clock override", async () => {
    expect((await control(sim, "GET", "clock")).body).toEqual({ now: NOW, effectiveNow: NOW });
    const moved = await control(sim, "POST", "clock", { now: "2026-07-01T12:00:00+02:00" });
    expect(moved).toEqual({ status: 200, body: { now: "2026-07-01T10:00:00Z", effectiveNow: "2026-07-01T10:00:00Z" } });
    const usage = (await (await call(sim, USAGE, FULL_KEY)).json()) as { apiRequestedAt: string };
    expect(usage.apiRequestedAt).toBe("2026-07-01T10:00:00Z");
    const real = await control(sim, "POST", "clock", { now: null });
    expect((real.body as { now: unknown }).now).toBeNull();
  });

  it("resets queue, latency, message, log and clock to the start options", async () => {
    await control(sim, "POST", "faults", { next: ["500"], latencyMs: 10, concurrencyLimit: 1, message: "x" });
    await control(sim, "POST", "clock", { now: "2026-01-01T00:00:00Z" });
    await call(sim, USAGE, FULL_KEY);
    await control(sim, "POST", "faults", { next: ["hang"] });
    const reset = await control(sim, "POST", "reset");
    expect(reset.status).toBe(200);
    expect((await control(sim, "GET", "faults")).body).toEqual({
      next: [],
      latencyMs: 0,
      concurrencyLimit: 6,
      message: null,
    });
    expect((await control(sim, "GET", "clock")).body).toMatchObject({ now: NOW });
    expect((await control(sim, "GET", "requests")).body).toEqual({ requests: [] });
    expect((await call(sim, USAGE, FULL_KEY)).status).toBe(200);
  });

  it("restores the start-up concurrency limit when given null", async () => {
    await control(sim, "POST", "faults", { concurrencyLimit: 3 });
    const state = await control(sim, "POST", "faults", { concurrencyLimit: null });
    expect(state.body).toMatchObject({ concurrencyLimit: 6 });
  });

  it("answers 400 with a JSON error for every unusable control body, and keeps running", async () => {
    const bad: Array<[string, unknown]> = [
      ["faults", "not json"],
      ["faults", "[]"],
      ["faults", "null"],
      ["faults", { next: ["teapot"] }],
      ["faults", { next: "429" }],
      ["faults", { next: [429] }],
      ["faults", { latencyMs: -1 }],
      ["faults", { latencyMs: "fast" }],
      ["faults", { concurrencyLimit: 0 }],
      ["faults", { concurrencyLimit: 1.5 }],
      ["faults", { message: 42 }],
      ["faults", { nxt: ["429"] }],
      ["clock", {}],
      ["clock", { now: "yesterday" }],
      ["clock", { now: "2026-11-23" }],
      ["clock", { now: "2026-11-23T02:00:00" }],
      ["clock", { now: 1_700_000_000_000 }],
      ["clock", { now: NOW, extra: true }],
    ];
    for (const [path, body] of bad) {
      const answer = await control(sim, "POST", path, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(typeof (answer.body as { error: unknown }).error).toBe("string");
    }
    expect((await control(sim, "GET", "faults")).body).toEqual({
      next: [],
      latencyMs: 0,
      concurrencyLimit: 6,
      message: null,
    });
    expect((await control(sim, "GET", "health")).status).toBe(200);
  });

  it("answers unknown control paths with 404 and wrong methods with 405, in JSON", async () => {
    const missing = await control(sim, "GET", "nothing-here");
    expect(missing.status).toBe(404);
    expect(typeof (missing.body as { error: unknown }).error).toBe("string");
    const wrong = await control(sim, "PUT", "faults", {});
    expect(wrong.status).toBe(405);
  });

  it("rejects an oversized control body", async () => {
    const answer = await control(sim, "POST", "faults", { message: "x".repeat(100_000) });
    expect(answer.status).toBe(400);
  });
});
