import { describe, expect, it } from "vitest";

import { SIGNAL } from "@/lib/core/match-outcomes";
import type { LinkedArrival } from "@/lib/features/history/linkage";

import { daysBetween } from "./linkage";
import { afterFlagVisits, repeatVisits, spreadVisits } from "./repeat-visitors";

let position = 0;

const HARBOUR = { propertyName: "Harbour View Hotel", propertyTimeZone: "Pacific/Honolulu" };
const RIVERSIDE = { propertyName: "Riverside & Co. Hotel", propertyTimeZone: "America/New_York" };
const ZURICH = { propertyName: "Grand Hotel Zürich", propertyTimeZone: "Europe/Zurich" };
const SEASIDE_LA = { propertyName: "Seaside Suites", propertyTimeZone: "America/Los_Angeles" };
const SEASIDE_NY = { propertyName: "Seaside Suites", propertyTimeZone: "America/New_York" };

/** A stored arrival of document `key` on local day `day` (its check-in that day's 20:00 UTC unless told). */
function visit(
  key: string,
  property: { propertyName: string; propertyTimeZone: string },
  day: string,
  overrides: Partial<LinkedArrival> = {},
): LinkedArrival {
  position += 1;
  const at = overrides.checkInAtUtc ?? `${day}T20:00:00Z`;
  return {
    ref: { reportId: 1, position },
    documentKey: key,
    ...property,
    day,
    checkInAtUtc: at,
    source: "scan",
    matchedBanAtCheckIn: false,
    signals: 0,
    pulled: { at: new Date(Date.parse(at) + 12 * 3_600_000), value: false },
    observations: [],
    ...overrides,
  };
}

const WINDOW = { from: "2026-11-01", to: "2026-11-30", days: 30 };

describe("after a flag", () => {
  it("pairs an arrival at another property with the flagged visit before it, up to N days", () => {
    const flagged = visit("k", HARBOUR, "2026-11-01", { signals: SIGNAL.staffFlag });
    const atN = visit("k", RIVERSIDE, "2026-11-21");
    const [entry] = afterFlagVisits([flagged, atN], { ...WINDOW, days: 20 });
    expect(entry).toMatchObject({ kind: "after-flag", days: 20 });
    expect(entry!.visits.map((one) => one.ref)).toEqual([flagged.ref, atN.ref]);
    expect(afterFlagVisits([flagged, atN], { ...WINDOW, days: 19 })).toEqual([]);
  });

  it("follows every flag but one made only when the day was pulled (banned after the stay)", () => {
    for (const signals of [SIGNAL.staffFlag, SIGNAL.banMatched, SIGNAL.criminalRecord, SIGNAL.sexOffender]) {
      const entries = afterFlagVisits(
        [visit(`s${signals}`, HARBOUR, "2026-11-02", { signals }), visit(`s${signals}`, RIVERSIDE, "2026-11-03")],
        WINDOW,
      );
      expect(entries, String(signals)).toHaveLength(1);
    }
    const pulled = [
      visit("p", HARBOUR, "2026-11-02", { signals: SIGNAL.bannedWhenPulled }),
      visit("p", RIVERSIDE, "2026-11-03"),
    ];
    expect(afterFlagVisits(pulled, WINDOW)).toEqual([]);
  });

  it("needs another property after the flag: the same property again, or an arrival before the flag, is not one", () => {
    const before = visit("b", RIVERSIDE, "2026-11-01");
    const flagged = visit("b", HARBOUR, "2026-11-02", { signals: SIGNAL.staffFlag });
    const again = visit("b", HARBOUR, "2026-11-03");
    expect(afterFlagVisits([before, flagged, again], WINDOW)).toEqual([]);
  });

  it("tells apart two properties of one name in two zones, and one name in two spellings is one property", () => {
    const flagged = visit("z", SEASIDE_LA, "2026-11-02", { signals: SIGNAL.criminalRecord });
    const otherZone = visit("z", SEASIDE_NY, "2026-11-04");
    const [entry] = afterFlagVisits([flagged, otherZone], WINDOW);
    expect(entry!.involved).toEqual([SEASIDE_LA, SEASIDE_NY]);
    const respelled = visit("y", { ...SEASIDE_LA, propertyName: "SEASIDE suites" }, "2026-11-04");
    expect(afterFlagVisits([{ ...flagged, documentKey: "y" }, respelled], WINDOW)).toEqual([]);
  });

  it("lists an arrival of the window whose flag came before it, and pairs it with the nearest flag", () => {
    const old = visit("n", HARBOUR, "2026-10-10", { signals: SIGNAL.staffFlag });
    const nearer = visit("n", ZURICH, "2026-10-25", { signals: SIGNAL.banMatched });
    const arrived = visit("n", RIVERSIDE, "2026-11-02");
    const [entry, ...rest] = afterFlagVisits([old, nearer, arrived], WINDOW);
    expect(rest).toEqual([]);
    expect(entry!.visits[0]!.ref).toEqual(nearer.ref);
    expect(entry!.days).toBe(8);
  });

  it("counts days on local days, so a change of clocks neither adds nor takes a day", () => {
    // New York left daylight saving on 2026-11-01: 30 days at the same local hour is 30 × 24 h + 1 h.
    const flagged = visit("d", RIVERSIDE, "2026-10-15", {
      signals: SIGNAL.staffFlag,
      checkInAtUtc: "2026-10-15T22:00:00Z",
    });
    const later = visit("d", SEASIDE_NY, "2026-11-14", { checkInAtUtc: "2026-11-14T23:00:00Z" });
    expect(Date.parse(later.checkInAtUtc) - Date.parse(flagged.checkInAtUtc)).toBe(30 * 86_400_000 + 3_600_000);
    expect(afterFlagVisits([flagged, later], { from: "2026-11-01", to: "2026-11-30", days: 30 })).toHaveLength(1);
    // And in spring, 7 local days at the same hour is 7 × 24 h − 1 h: still 7 days, not 6.
    expect(daysBetween("2026-03-05", "2026-03-12")).toBe(7);
  });

  it("reads a day across zones that disagree as no gap rather than a negative one", () => {
    // Zürich's local day is already the next when Honolulu's evening arrival checks in.
    const flagged = visit("x", HARBOUR, "2026-11-02", {
      signals: SIGNAL.staffFlag,
      checkInAtUtc: "2026-11-03T08:00:00Z",
    });
    const next = visit("x", ZURICH, "2026-11-03", { checkInAtUtc: "2026-11-03T09:00:00Z" });
    const [entry] = afterFlagVisits([flagged, next], WINDOW);
    expect(entry!.days).toBe(1);
    const zurichFirst = visit("w", ZURICH, "2026-11-04", {
      signals: SIGNAL.staffFlag,
      checkInAtUtc: "2026-11-03T23:30:00Z",
    });
    const honolulu = visit("w", HARBOUR, "2026-11-03", { checkInAtUtc: "2026-11-04T01:00:00Z" });
    expect(afterFlagVisits([zurichFirst, honolulu], WINDOW)[0]!.days).toBe(0);
  });
});

describe("three properties within seven days", () => {
  it("lists a document at three properties within 7 days, and not within 8", () => {
    const within = [
      visit("a", HARBOUR, "2026-11-02"),
      visit("a", RIVERSIDE, "2026-11-05"),
      visit("a", ZURICH, "2026-11-09"),
    ];
    const [entry] = spreadVisits(within, WINDOW);
    expect(entry).toMatchObject({ kind: "spread", days: 7 });
    expect(entry!.involved).toHaveLength(3);
    const apart = [
      visit("b", HARBOUR, "2026-11-02"),
      visit("b", RIVERSIDE, "2026-11-05"),
      visit("b", ZURICH, "2026-11-10"),
    ];
    expect(spreadVisits(apart, WINDOW)).toEqual([]);
  });

  it("spans 7 local days across a change of clocks, though the instants are 7 × 24 h + 1 h apart", () => {
    const visits = [
      visit("dst", RIVERSIDE, "2026-10-29", { checkInAtUtc: "2026-10-29T22:00:00Z" }),
      visit("dst", HARBOUR, "2026-11-01"),
      visit("dst", SEASIDE_NY, "2026-11-05", { checkInAtUtc: "2026-11-05T23:00:00Z" }),
    ];
    expect(Date.parse(visits[2]!.checkInAtUtc) - Date.parse(visits[0]!.checkInAtUtc)).toBe(7 * 86_400_000 + 3_600_000);
    expect(spreadVisits(visits, WINDOW)).toMatchObject([{ days: 7 }]);
  });

  it("counts properties, not visits: two of one name in two zones are two, one property twice is one", () => {
    const twoZones = [
      visit("c", SEASIDE_LA, "2026-11-02"),
      visit("c", SEASIDE_NY, "2026-11-03"),
      visit("c", HARBOUR, "2026-11-04"),
    ];
    expect(spreadVisits(twoZones, WINDOW)).toHaveLength(1);
    const twice = [
      visit("d", HARBOUR, "2026-11-02"),
      visit("d", HARBOUR, "2026-11-03"),
      visit("d", RIVERSIDE, "2026-11-04"),
    ];
    expect(spreadVisits(twice, WINDOW)).toEqual([]);
  });

  it("lists a run by its last visit: one that ends before the window is not listed, one ending in it is", () => {
    const before = [
      visit("e", HARBOUR, "2026-10-20"),
      visit("e", RIVERSIDE, "2026-10-22"),
      visit("e", ZURICH, "2026-10-24"),
    ];
    expect(spreadVisits(before, WINDOW)).toEqual([]);
    const across = [
      visit("f", HARBOUR, "2026-10-28"),
      visit("f", RIVERSIDE, "2026-10-30"),
      visit("f", ZURICH, "2026-11-01"),
    ];
    expect(spreadVisits(across, WINDOW)).toHaveLength(1);
  });

  it("lists one run for a document that stays on, and a second run after it", () => {
    const days = ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04"];
    const first = days.map((day, index) => visit("g", [HARBOUR, RIVERSIDE, ZURICH, HARBOUR][index]!, day));
    const second = ["2026-11-20", "2026-11-21", "2026-11-22"].map((day, index) =>
      visit("g", [SEASIDE_LA, SEASIDE_NY, ZURICH][index]!, day),
    );
    const entries = spreadVisits([...first, ...second], WINDOW);
    expect(entries.map((entry) => entry.visits.length)).toEqual([4, 3]);
  });
});

describe("both rules", () => {
  it("lists the newest last visit first", () => {
    const flagged = visit("h", HARBOUR, "2026-11-02", { signals: SIGNAL.staffFlag });
    const after = visit("h", RIVERSIDE, "2026-11-03");
    const spread = [
      visit("i", HARBOUR, "2026-11-10"),
      visit("i", RIVERSIDE, "2026-11-11"),
      visit("i", ZURICH, "2026-11-12"),
    ];
    const entries = repeatVisits([flagged, after], spread, WINDOW);
    expect(entries.map((entry) => entry.kind)).toEqual(["spread", "after-flag"]);
  });
});
