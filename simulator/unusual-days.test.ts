import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { isKioskOutage, kioskOutagesBetween, OUTAGE_PERIOD } from "./data/unusual-days";
import type { UsageReport } from "./reports/types";
import type { RunningSimulator } from "./server";
import { setClock, start, usage } from "./test-support";

const HARBOUR = "Harbour View Hotel";
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

let sim: RunningSimulator;

beforeAll(async () => {
  sim = await start();
});
afterAll(() => sim.close());

/** The demo key's usage report of a day, pulled at 11:30 UTC the day after (every zone's yesterday). */
async function usageOf(day: string): Promise<UsageReport> {
  await setClock(sim, `${nextDay(day)}T11:30:00Z`);
  return usage(sim);
}

const manualShare = (report: UsageReport, name = HARBOUR) => {
  const row = report.byProperty.find((entry) => entry.propertyName === name)!;
  return (row.manualEntry * 100) / row.scans;
};

describe("kiosk outages", () => {
  it("fall on Harbour View Hotel every 16 days, 2026-11-17 among them, and nowhere else", () => {
    expect(kioskOutagesBetween("2026-10-01", "2026-12-31")).toEqual([
      "2026-10-16",
      "2026-11-01",
      "2026-11-17",
      "2026-12-03",
      "2026-12-19",
    ]);
    expect(isKioskOutage({ id: "riverside-co" }, "2026-11-17")).toBe(false);
    // Any 30 days hold one outage with at least 14 days before it among them.
    for (let offset = 0; offset < OUTAGE_PERIOD; offset++) {
      const first = new Date(Date.UTC(2026, 9, 1 + offset)).toISOString().slice(0, 10);
      const last = new Date(Date.UTC(2026, 9, 30 + offset)).toISOString().slice(0, 10);
      const judged = new Date(Date.UTC(2026, 9, 15 + offset)).toISOString().slice(0, 10);
      expect(kioskOutagesBetween(judged, last), `${first} to ${last}`).toHaveLength(1);
    }
  });

  it("raise Harbour View Hotel's manual entry to about 45 % that day, and no other property's", async () => {
    const outage = await usageOf("2026-11-17");
    expect(manualShare(outage)).toBeGreaterThan(38);
    expect(manualShare(outage)).toBeLessThan(52);
    for (const day of ["2026-11-15", "2026-11-16", "2026-11-18", "2026-11-19"]) {
      const share = manualShare(await usageOf(day));
      expect(share, day).toBeGreaterThan(8);
      expect(share, day).toBeLessThan(32);
    }
    // Every other property's sources are as ever.
    expect(manualShare(outage, "Riverside & Co. Hotel")).toBeLessThan(32);
  });

  it("keeps a day a pure function of the date: the same answer from any clock", async () => {
    const first = await usageOf("2026-11-17");
    await setClock(sim, "2027-01-05T11:30:00Z");
    await usage(sim);
    const again = await usageOf("2026-11-17");
    expect(again.byProperty).toEqual(first.byProperty);
  });
});
