import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DEFAULT_PROPERTIES } from "./data/properties";
import { dominantReportedDate } from "./reports/coverage";
import type { GuestItem } from "./reports/types";
import type { RunningSimulator } from "./server";
import { criminal, FULL_KEY, guests, localDate, NEW_YORK_KEY, NOW, setClock, start, usage } from "./test-support";

let sim: RunningSimulator;

beforeAll(async () => {
  sim = await start();
});
afterAll(() => sim.close());

const dayBefore = (date: string): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

const identity = (item: GuestItem): string =>
  `${item.propertyName}|${item.propertyTimeZone}|${item.checkInAtUtc}|${item.firstName}|${item.lastName}`;

describe("yesterday, per property zone, and the clock", () => {
  it("resolves yesterday in each property's zone: Honolulu and Tokyo differ at 02:00 UTC", async () => {
    const honolulu = await guests(sim, FULL_KEY, "?propertyName=Harbour%20View%20Hotel");
    const tokyo = await guests(sim, FULL_KEY, `?propertyName=${encodeURIComponent("さくらイン新宿")}`);
    expect(honolulu.reportedDateLocal).toBe("2026-11-21");
    expect(tokyo.reportedDateLocal).toBe("2026-11-22");
    expect(localDate(NOW, "Pacific/Honolulu")).toBe("2026-11-22");
    expect(localDate(NOW, "Asia/Tokyo")).toBe("2026-11-23");
  });

  it("uses the date most properties share for the top level, with each item on its own local day", async () => {
    const all = await guests(sim, FULL_KEY);
    expect(all.reportedDateLocal).toBe("2026-11-21");
    const dates = new Set(all.items.map((item) => item.checkInDateLocal));
    expect(dates).toEqual(new Set(["2026-11-21", "2026-11-22"]));
    for (const item of all.items) {
      expect(item.checkInDateLocal).toBe(dayBefore(localDate(NOW, item.propertyTimeZone)));
    }
  });

  it("breaks a tie between reported dates in favour of the later one", () => {
    const at = (reportedDate: string) => DEFAULT_PROPERTIES.slice(0, 1).map((property) => ({ property, reportedDate }));
    const mix = (...dates: string[]) => dates.flatMap(at);
    expect(dominantReportedDate(mix("2026-11-21", "2026-11-22"))).toBe("2026-11-22");
    expect(dominantReportedDate(mix("2026-11-22", "2026-11-21", "2026-11-21"))).toBe("2026-11-21");
  });

  it("gives another day's data when the clock moves to another day, and the same data on returning", async () => {
    const first = await guests(sim, NEW_YORK_KEY);
    await setClock(sim, "2026-11-24T02:00:00Z");
    const next = await guests(sim, NEW_YORK_KEY);
    expect(next.reportedDateLocal).toBe("2026-11-22");
    expect(next.items.map(identity)).not.toEqual(first.items.map(identity));
    await setClock(sim, NOW);
    expect(await guests(sim, NEW_YORK_KEY)).toEqual(first);
  });

  it("updates isCurrentlyBanned live within the same reported day, and nothing else", async () => {
    // 06:00 and 20:00 in New York on Nov 22: both report Nov 21.
    await setClock(sim, "2026-11-22T11:00:00Z");
    const morning = await guests(sim, NEW_YORK_KEY);
    await setClock(sim, "2026-11-23T01:00:00Z");
    const evening = await guests(sim, NEW_YORK_KEY);
    await setClock(sim, NOW);

    expect(morning.reportedDateLocal).toBe(evening.reportedDateLocal);
    const strip = (item: GuestItem) => ({ ...item, isCurrentlyBanned: null });
    expect(evening.items.map(strip)).toEqual(morning.items.map(strip));
    const newlyBanned = evening.items.filter(
      (item, index) => item.isCurrentlyBanned && morning.items[index]?.isCurrentlyBanned === false,
    );
    expect(newlyBanned.length).toBeGreaterThan(0);
    for (const item of newlyBanned) expect(item.matchedBanAtCheckIn).not.toBe(true);
    // Never the other way round: a ban does not lift itself.
    morning.items.forEach((item, index) => {
      if (item.isCurrentlyBanned) expect(evening.items[index]?.isCurrentlyBanned).toBe(true);
    });
  });

  it("is deterministic: same seed and clock give the same bodies in a fresh simulator", async () => {
    const twin = await start();
    const other = await start({ seed: 7 });
    try {
      expect(await guests(twin)).toEqual(await guests(sim));
      expect(await criminal(twin)).toEqual(await criminal(sim));
      const [a, b] = [await usage(twin), await usage(sim)];
      expect({ ...a, apiRequestedAt: "" }).toEqual({ ...b, apiRequestedAt: "" });
      expect((await guests(other)).items.map(identity)).not.toEqual((await guests(sim)).items.map(identity));
    } finally {
      await Promise.all([twin.close(), other.close()]);
    }
  });

  it("follows real time when no clock override is set", async () => {
    await setClock(sim, null);
    const report = await usage(sim, NEW_YORK_KEY);
    await setClock(sim, NOW);
    expect(Math.abs(Date.parse(report.apiRequestedAt) - Date.now())).toBeLessThan(60_000);
    expect(report.reportedDateLocal).toBe(dayBefore(localDate(new Date().toISOString(), "America/New_York")));
  });
});
