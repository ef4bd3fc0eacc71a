/**
 * Yesterday served from what Daybook holds, through the reports' entry point as pages and routes
 * call it: the demo's configuration on a real simulator (whose clock decides "yesterday") and a
 * real embedded database. Call counts are read from the simulator's own request log.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import type { PropertyScope } from "@/lib/core/access";
import { maskIdentification } from "@/lib/core/format";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

const EVERYONE: PropertyScope = { allProperties: true, properties: [] };
const HARBOUR_VIEW: PropertyScope = { allProperties: false, properties: ["Harbour View Hotel"] };
/** 12:00 UTC on Nov 23: every demo property reports Nov 22, Honolulu's day closed 2 hours ago. */
const NOON = "2026-11-23T12:00:00Z";

let sim: LaunchedSimulator;
let dataDir: string;
let reports: typeof import("@/lib/features/reports/server");
let closeDb: () => Promise<void>;

beforeAll(async () => {
  sim = await launchSimulator({ now: NOON });
  dataDir = mkdtempSync(path.join(tmpdir(), "daybook-held-"));
  // The demo's configuration: the built-in simulator at its port, the demo key, no scheduler.
  Object.assign(process.env, {
    DAYBOOK_SIMULATOR_PORT: new URL(sim.url).port,
    DAYBOOK_DATA_DIR: dataDir,
    DAYBOOK_SYNC: "off",
    DAYBOOK_DEMO_HISTORY_DAYS: "0",
    PARTNER_API_RETRY_BASE_DELAY_MS: "0",
  });
  reports = await import("@/lib/features/reports/server");
  closeDb = (await import("@/lib/server/db")).closeDb;
});

afterAll(async () => {
  await closeDb();
  await sim.close();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await fetch(`${sim.url}/__simulator/faults`, { method: "DELETE" });
});

/**
 * Daybook's own clock (its refresh window counts on it), moved forward only, across the tests:
 * only Date is faked, so timers and the network keep real time.
 */
let ahead = 0;
function advanceClock(ms: number) {
  ahead += ms;
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(performance.timeOrigin + performance.now() + ahead);
}

/** The API requests the simulator saw since the last call, by endpoint. */
async function callsSince(): Promise<Record<string, number>> {
  const log = await sim.requests();
  await fetch(`${sim.url}/__simulator/requests`, { method: "DELETE" });
  const counts: Record<string, number> = {};
  for (const entry of log) {
    const endpoint = entry.path.replace(/^.*\/api\/public\/v1\//, "");
    counts[endpoint] = (counts[endpoint] ?? 0) + 1;
  }
  return counts;
}

describe("yesterday from what Daybook holds", () => {
  it("serves fifty concurrent loads of a day not held yet with one call per report", async () => {
    await callsSince();
    // Some latency, so that all fifty arrive while the call is in flight.
    await sim.setFaults({ latencyMs: 200 });
    const usage = await Promise.all(Array.from({ length: 50 }, () => reports.getUsageReport(EVERYONE)));
    expect(new Set(usage.map((report) => report.reportedDateLocal))).toEqual(new Set(["2026-11-22"]));
    expect(usage.every((report) => report.held?.reportedDate === "2026-11-22")).toBe(true);
    // The first start learns the properties' zones from the guest arrivals: one guests call.
    expect(await callsSince()).toEqual({ "usage/dashboard": 1, guests: 1 });

    const criminal = await Promise.all(Array.from({ length: 50 }, () => reports.getCriminalArrivalsReport(EVERYONE)));
    expect(criminal.every((report) => report.totalCount === criminal[0]!.totalCount)).toBe(true);
    expect(await callsSince()).toEqual({ "criminal-arrivals": 1 });
  });

  it("answers every screen of a held day with no call, property filters included", async () => {
    await callsSince();
    for (let time = 0; time < 10; time += 1) {
      await reports.getUsageReport(EVERYONE);
      await reports.getGuestsReport(EVERYONE);
      await reports.getCriminalArrivalsReport(EVERYONE);
      await reports.getUsageReport(HARBOUR_VIEW);
      const filtered = await reports.getGuestsReport(EVERYONE, "harbourview hotel");
      expect(new Set(filtered.items.map((item) => item.propertyName))).toEqual(new Set(["Harbour View Hotel"]));
    }
    expect(await callsSince()).toEqual({});
    // As the API answers a name shared by two properties.
    await expect(reports.getGuestsReport(EVERYONE, "Seaside Suites")).rejects.toMatchObject({
      code: "property_name_ambiguous",
    });
    expect(await callsSince()).toEqual({});
  });

  it("gives what it holds the API's own answer, masked identification numbers and all", async () => {
    const held = await reports.getGuestsReport(EVERYONE);
    const direct = (await (
      await fetch(`${sim.url}/api/public/v1/guests`, { headers: { "X-API-Key": "da7ab00cda7ab00cda7ab00cda7ab00c" } })
    ).json()) as { totalCount: number; items: { identificationNumber: string }[] };
    await callsSince();
    expect(held.totalCount).toBe(direct.totalCount);
    expect(held.items.map((item) => item.identificationNumber)).toEqual(
      direct.items.map((item) => maskIdentification(item.identificationNumber)),
    );
  });

  it("reads isCurrentlyBanned again once the refresh window has passed, not before", async () => {
    try {
      advanceClock(4 * 60_000);
      await reports.getGuestsReport(EVERYONE);
      expect(await callsSince()).toEqual({});
      advanceClock(2 * 60_000);
      const refreshed = await Promise.all(Array.from({ length: 20 }, () => reports.getGuestsReport(EVERYONE)));
      expect(await callsSince()).toEqual({ guests: 1 });
      expect(new Set(refreshed.map((report) => report.held?.liveObservedAt)).size).toBe(1);
      await reports.getGuestsReport(EVERYONE);
      expect(await callsSince()).toEqual({});
    } finally {
      vi.useRealTimers();
    }
  });

  it("coalesces Refresh and limits it per person", async () => {
    try {
      advanceClock(60_000);
      const asked = { refresh: true, viewerId: "person-a" };
      await Promise.all(
        Array.from({ length: 10 }, () => reports.getGuestsReport(EVERYONE, undefined, undefined, asked)),
      );
      expect(await callsSince()).toEqual({ guests: 1 });
      // The same person again at once, or anyone within seconds of a reading: the reading stands.
      advanceClock(15_000);
      await reports.getGuestsReport(EVERYONE, undefined, undefined, asked);
      expect(await callsSince()).toEqual({});
      await reports.getGuestsReport(EVERYONE, undefined, undefined, { refresh: true, viewerId: "person-b" });
      expect(await callsSince()).toEqual({ guests: 1 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the held copy, labelled stale with the failure's correlation id, when the API fails", async () => {
    try {
      advanceClock(10 * 60_000);
      await sim.queueFaults("500", "500");
      const report = await reports.getGuestsReport(EVERYONE);
      const log = await sim.requests();
      expect(log.map((entry) => entry.status)).toEqual([500, 500]);
      expect(report.items.length).toBeGreaterThan(0);
      expect(report.held?.stale).toMatchObject({ code: "internal_error", correlationId: log[1]!.correlationId });
      await callsSince();
    } finally {
      vi.useRealTimers();
    }
  });

  it("shares one failure among fifty loads of a day not held, and retries it once, not fifty times", async () => {
    // Nov 23 at 12:00 UTC the next day: a new day, held by nobody.
    await sim.setClock("2026-11-24T12:00:00Z");
    await callsSince();
    await sim.queueFaults("500", "500");
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => reports.getUsageReport(EVERYONE)));
    expect(results.every((result) => result.status === "rejected")).toBe(true);
    expect(results.map((result) => (result as PromiseRejectedResult).reason.code)).toEqual(
      Array(50).fill("internal_error"),
    );
    expect(await callsSince()).toEqual({ "usage/dashboard": 2 });
    expect((await reports.getUsageReport(EVERYONE)).reportedDateLocal).toBe("2026-11-23");
    expect(await callsSince()).toEqual({ "usage/dashboard": 1 });
  });

  it("aborts the upstream call when the only request waiting for it goes away", async () => {
    await sim.setClock("2026-11-25T12:00:00Z");
    await callsSince();
    await sim.setFaults({ latencyMs: 5_000 });
    const leaving = new AbortController();
    const load = reports.getUsageReport(EVERYONE, undefined, { signal: leaving.signal });
    await vi.waitFor(async () => expect((await sim.requests()).length).toBe(1), { timeout: 5_000 });
    leaving.abort(new Error("the browser went away"));
    await expect(load).rejects.toThrow();
    // The simulator logs an answer nobody waited for as unanswered.
    await vi.waitFor(async () => expect((await sim.requests())[0]!.status).toBeNull(), { timeout: 5_000 });
    await sim.setFaults({ latencyMs: 0 });
    await callsSince();
  });

  it("asks each report once with a new key before serving what it holds again", async () => {
    await sim.setClock(NOON);
    await reports.getUsageReport(EVERYONE);
    await reports.getGuestsReport(EVERYONE);
    await callsSince();
    const { getDb } = await import("@/lib/server/db");
    const { getKeyring } = await import("@/lib/server/encryption/keyring");
    const { storeApiKey } = await import("@/lib/server/partner-api/key");
    // Usage only: the new key may not read guests, which must say so at once.
    await storeApiKey(await getDb(), getKeyring(), "feedface000000000000000000000001", null);
    await expect(reports.getGuestsReport(EVERYONE)).rejects.toMatchObject({ code: "insufficient_scope" });
    await expect(reports.getGuestsReport(EVERYONE)).rejects.toMatchObject({ code: "insufficient_scope" });
    expect(await callsSince()).toEqual({ guests: 2 });
    // Usage answers once with the new key; then the day Daybook holds serves again.
    await reports.getUsageReport(EVERYONE);
    await reports.getUsageReport(EVERYONE);
    expect(await callsSince()).toEqual({ "usage/dashboard": 1 });
  });
});

describe("what a report call refuses", () => {
  it("refuses a day Daybook holds no copy of, in English where no request asks", async () => {
    await expect(reports.getUsageReport(EVERYONE, "2026-01-05")).rejects.toMatchObject({
      status: 404,
      code: "day_not_stored",
      message: "Daybook holds no stored copy of 2026-01-05.",
    });
  });

  it("refuses a property the person may not see as the API refuses a name it does not know", async () => {
    await callsSince();
    await expect(reports.getCriminalArrivalsReport(HARBOUR_VIEW, "Riverside & Co. Hotel")).rejects.toMatchObject({
      code: "property_not_found",
      detail: "No property by that name is available to you.",
    });
    expect(await callsSince()).toEqual({});
  });
});
