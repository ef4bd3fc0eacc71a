import { describe, expect, it } from "vitest";

import { MAD_SCALE, MIN_SCANS } from "@/lib/features/insights/unusual";

import {
  addFlags,
  farSentence,
  flagsPer100,
  groupBaseline,
  judgeFlags,
  judgementWords,
  MIN_PROPERTIES,
  NO_FLAGS,
  unmatchedShare,
  weekdayOfDay,
  type FlagCounts,
} from "./staff-flags-figures";

/** A property's window: `per100` flags per 100 of `arrivals` arrivals. */
const flags = (per100: number, arrivals = 1_000, unmatched = 0): FlagCounts => ({
  arrivals,
  flagged: Math.round((per100 * arrivals) / 100),
  flaggedUnmatched: unmatched,
});

describe("the rates", () => {
  it("have no rate without arrivals, and no share without flags (never 0)", () => {
    expect(flagsPer100(NO_FLAGS)).toBeNull();
    expect(unmatchedShare(NO_FLAGS)).toBeNull();
    expect(unmatchedShare({ arrivals: 50, flagged: 0, flaggedUnmatched: 0 })).toBeNull();
    expect(flagsPer100({ arrivals: 50, flagged: 0, flaggedUnmatched: 0 })).toBe(0);
  });

  it("count flags per 100 stored arrivals and the share of flagged guests with no screening match", () => {
    const counts = addFlags(
      { arrivals: 150, flagged: 6, flaggedUnmatched: 3 },
      { arrivals: 50, flagged: 2, flaggedUnmatched: 1 },
    );
    expect(counts).toEqual({ arrivals: 200, flagged: 8, flaggedUnmatched: 4 });
    expect(flagsPer100(counts)).toBe(4);
    expect(unmatchedShare(counts)).toBe(50);
  });
});

describe("the group's range", () => {
  it("is not worked out with too few properties of enough arrivals", () => {
    const four = [flags(2), flags(3), flags(4), flags(5)];
    expect(groupBaseline(four)).toEqual({ kind: "not-enough-history", days: MIN_PROPERTIES - 1 });
    // A small property does not count towards the group: one guest would move it too far.
    expect(groupBaseline([...four, flags(50, MIN_SCANS - 1)])).toEqual({ kind: "not-enough-history", days: 4 });
    const judged = judgeFlags("Harbour View Hotel", flags(30), groupBaseline(four));
    expect(judged).toEqual({ kind: "too-few-properties", properties: 4 });
    expect(judgementWords(judged)).toBe("Not judged: too few properties");
  });

  it("is the properties' median ± 3 scaled MADs once there are enough", () => {
    const baseline = groupBaseline([flags(2), flags(3), flags(4), flags(5), flags(6)]);
    expect(baseline).toEqual({ kind: "baseline", days: MIN_PROPERTIES, median: 4, spread: 3 * MAD_SCALE * 1 });
  });

  it("never narrows below ±3 flags per 100 when every property flags alike", () => {
    const baseline = groupBaseline([flags(2), flags(2), flags(2), flags(2), flags(2), flags(2)]);
    expect(baseline).toMatchObject({ kind: "baseline", median: 2, spread: 3 });
    expect(judgeFlags("Same", flags(4.9, 100_000), baseline).kind).toBe("usual");
    expect(judgeFlags("More", flags(5.2, 100_000), baseline).kind).toBe("far-above");
  });
});

describe("a property against the group", () => {
  const group = [flags(2.1), flags(2.4), flags(2.6), flags(2.9), flags(3.1), flags(3.3), flags(9.1, 901)];
  const baseline = groupBaseline(group);

  it("says a property far above the group in words, with its counts", () => {
    const judged = judgeFlags("Harbour View Hotel", { arrivals: 901, flagged: 82, flaggedUnmatched: 60 }, baseline);
    expect(judged.kind).toBe("far-above");
    if (judged.kind !== "far-above") return;
    expect(judged.sentence).toBe(
      farSentence(
        "Harbour View Hotel",
        { arrivals: 901, flagged: 82, flaggedUnmatched: 60 },
        judged.low,
        judged.high,
        7,
      ),
    );
    expect(judged.sentence).toMatch(
      /^Harbour View Hotel flags 9\.1 per 100 arrivals \(82 of 901\); the group's usual range is [\d.]+–[\d.]+ \(7 properties\)$/,
    );
  });

  it("says one far below too where the range allows it, and leaves the usual ones and the small ones unjudged in words", () => {
    // Below needs a median above the 3-point floor: under it, 0 flags is within the range.
    expect(judgeFlags("Never flags", flags(0, 5_000), baseline).kind).toBe("usual");
    const busier = groupBaseline([flags(6), flags(6.5), flags(7), flags(7.5), flags(8)]);
    expect(judgeFlags("Never flags", flags(0, 5_000), busier).kind).toBe("far-below");
    expect(judgeFlags("Usual", flags(2.8), baseline).kind).toBe("usual");
    const small = judgeFlags("Small", { arrivals: MIN_SCANS - 1, flagged: 10, flaggedUnmatched: 0 }, baseline);
    expect(small).toEqual({ kind: "too-few-arrivals" });
    expect(judgementWords(small)).toBe(`Not judged: under ${MIN_SCANS} arrivals`);
  });

  it("widens the range by what chance gives a property of few arrivals", () => {
    // 6 flags of 40 arrivals (15 per 100) is far from a median of 2.9 on 40,000 arrivals, not on 40.
    expect(judgeFlags("Big", flags(15, 40_000), baseline).kind).toBe("far-above");
    expect(judgeFlags("Small", { arrivals: 40, flagged: 3, flaggedUnmatched: 0 }, baseline).kind).toBe("usual");
  });
});

describe("the weekday of a stored day", () => {
  it("reads the property's own local day as a calendar day, Monday first", () => {
    expect(weekdayOfDay("2026-11-23")).toBe(0);
    expect(weekdayOfDay("2026-11-22")).toBe(6);
    // The days of a change of clocks are days like any other.
    expect(weekdayOfDay("2026-03-08")).toBe(6);
    expect(weekdayOfDay("2026-11-01")).toBe(6);
  });
});
