import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { COVERAGE_DROP, dayNumber, inCoverageDrop, LATE_BAN_EVERY_DAYS, LATE_BAN_PINS } from "./data/insights";
import { addDays } from "./data/local-time";
import type { GuestsReport } from "./reports/types";
import type { RunningSimulator } from "./server";
import { FULL_KEY, getJson, GUESTS, start } from "./test-support";

/** The demo history's additions, read over real HTTP as Daybook's daily pull reads them. */

/** 12:00 UTC: every default property reports the same local yesterday. */
const pullAt = (day: string) => `${addDays(day, 1)}T12:00:00Z`;

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await start();
});
afterAll(async () => {
  await sim.close();
});

async function guestsOf(day: string, propertyName: string): Promise<GuestsReport> {
  await fetch(`${sim.url}/__simulator/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ now: pullAt(day) }),
  });
  return getJson<GuestsReport>(sim, `${GUESTS}?propertyName=${encodeURIComponent(propertyName)}`, FULL_KEY);
}

describe("guests banned after their stay", () => {
  const PROPERTY = {
    "harbour-view": "Harbour View Hotel",
    "riverside-co": "Riverside & Co. Hotel",
    "grand-zurich": "Grand Hotel Zürich",
  };

  it("pins one such arrival every 14th day at each pinned property, read as banned by the next day's pull", async () => {
    for (const pin of LATE_BAN_PINS) {
      const name = PROPERTY[pin.propertyId as keyof typeof PROPERTY];
      // The first pinned day on or after 2026-11-01.
      let day = "2026-11-01";
      while (dayNumber(day) % LATE_BAN_EVERY_DAYS !== pin.offset) day = addDays(day, 1);
      const report = await guestsOf(day, name);
      const pinned = report.items.filter(
        (item) => item.matchedBanAtCheckIn === pin.matchedBan && item.isCurrentlyBanned && !item.hasCriminalRecord,
      );
      expect(pinned.length, `${name} on ${day}`).toBeGreaterThanOrEqual(1);
      expect(report.items.every((item) => item.checkInDateLocal === day)).toBe(true);
    }
  });

  it("bans nobody at check-in time on a pinned day: the ban comes after the day closed", async () => {
    let day = "2026-11-01";
    const pin = LATE_BAN_PINS[0]!;
    while (dayNumber(day) % LATE_BAN_EVERY_DAYS !== pin.offset) day = addDays(day, 1);
    // Harbour View's day closes at 10:00 UTC the next day; the pin is banned at 11:00.
    await fetch(`${sim.url}/__simulator/clock`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ now: `${addDays(day, 1)}T10:30:00Z` }),
    });
    const before = await getJson<GuestsReport>(sim, `${GUESTS}?propertyName=Harbour+View+Hotel`, FULL_KEY);
    const after = await guestsOf(day, "Harbour View Hotel");
    const newlyBanned = after.items.filter(
      (item, index) => item.isCurrentlyBanned && before.items[index]?.isCurrentlyBanned === false,
    );
    expect(newlyBanned.some((item) => item.matchedBanAtCheckIn === null)).toBe(true);
  });
});

describe("screening coverage that falls at one property", () => {
  const share = (report: GuestsReport) =>
    report.items.filter((item) => item.matchedBanAtCheckIn === null).length / report.items.length;

  it("marks 6 days in every 20, the first 2026-11-17, so any 30 days hold a whole drop", () => {
    expect(inCoverageDrop("2026-11-16")).toBe(false);
    expect(inCoverageDrop(COVERAGE_DROP.firstBadDay)).toBe(true);
    expect(inCoverageDrop("2026-11-22")).toBe(true);
    expect(inCoverageDrop("2026-11-23")).toBe(false);
    expect(inCoverageDrop(addDays(COVERAGE_DROP.firstBadDay, -20))).toBe(true);
    for (let start = 0; start < 20; start++) {
      const window = Array.from({ length: 30 }, (_, index) => addDays("2026-12-01", start + index));
      const dropping = window.map(inCoverageDrop);
      // A whole drop: 6 days in a row that begin after an ordinary day of the window.
      const begins = dropping.findIndex((bad, index) => bad && index > 0 && !dropping[index - 1]);
      expect(begins, `a drop begins within 30 days from ${window[0]}`).toBeGreaterThan(-1);
      expect(begins + 6).toBeLessThanOrEqual(30);
    }
  });

  it("has few arrivals without a screening record before the drop and about a third during it", async () => {
    const before = await guestsOf("2026-11-05", "Hôtel Élysée Montréal");
    const during = await guestsOf("2026-11-20", "Hôtel Élysée Montréal");
    expect(share(before)).toBeLessThan(0.08);
    expect(share(during)).toBeGreaterThan(0.2);
  });

  it("leaves the other properties at their usual share", async () => {
    const other = await guestsOf("2026-11-20", "Harbour View Hotel");
    expect(share(other)).toBeLessThan(0.2);
  });
});
