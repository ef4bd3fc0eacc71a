import { describe, expect, it } from "vitest";

import {
  daybookBaselineLabel,
  describePercent,
  describeRowChange,
  headlineChange,
  percentChange,
  rowChange,
  rowChangeValue,
} from "./baseline";

describe("Daybook's day-before baseline", () => {
  it("computes the movement in percent, and none from a base of 0", () => {
    expect(percentChange(110, 100)).toBe(10);
    expect(percentChange(75, 100)).toBe(-25);
    expect(percentChange(5, 0)).toBeNull();
  });

  it("tells every row state apart", () => {
    expect(rowChange(120, 100, true)).toEqual({ kind: "change", percent: 20 });
    expect(rowChange(120, undefined, false)).toEqual({ kind: "no-stored-day" });
    expect(rowChange(120, undefined, true)).toEqual({ kind: "not-in-day-before" });
    expect(rowChange(12, 0, true)).toEqual({ kind: "no-base", today: 12 });
    expect(rowChange(0, 0, true)).toEqual({ kind: "no-base", today: 0 });
  });

  it("sorts only real percentages; every other state has no figure", () => {
    expect(rowChangeValue({ kind: "change", percent: -3 })).toBe(-3);
    expect(rowChangeValue({ kind: "no-stored-day" })).toBeNull();
    expect(rowChangeValue({ kind: "no-base", today: 0 })).toBeNull();
  });

  it("says a change in words, never a bare 0 %", () => {
    expect(describePercent(12.46)).toBe("Up 12.5 %");
    expect(describePercent(-3)).toBe("Down 3 %");
    expect(describePercent(0.01)).toBe("No change");
    expect(describeRowChange({ kind: "no-stored-day" }, "2026-11-21")).toBe("No stored day before");
    expect(describeRowChange({ kind: "not-in-day-before" }, "2026-11-21")).toBe("Not in the stored Nov 21");
    expect(describeRowChange({ kind: "no-base", today: 4 }, "2026-11-21")).toBe("No scans on Nov 21, so no percentage");
    expect(describeRowChange({ kind: "no-base", today: 0 }, "2026-11-21")).toBe("No scans either day");
  });

  it("labels its own figures as Daybook's", () => {
    expect(daybookBaselineLabel("2026-11-21")).toBe("vs stored Nov 21, computed by Daybook");
  });
});

describe("a headline figure's change", () => {
  const day = "2026-11-21";

  it("uses the API's change when the API gives one, even with a stored day before", () => {
    expect(headlineChange({ value: 110, changePercent: 4.2 }, { value: 100 }, day)).toEqual({
      source: "api",
      percent: 4.2,
      words: "Up 4.2 % on the day before (the API's figure)",
    });
  });

  it("computes Daybook's own from the stored day before when the API gives none", () => {
    expect(headlineChange({ value: 110, changePercent: null }, { value: 100 }, day)).toEqual({
      source: "daybook",
      percent: 10,
      dayBefore: day,
      words: "Up 10 % vs stored Nov 21, computed by Daybook",
    });
  });

  it("says so when the day before is not stored", () => {
    expect(headlineChange({ value: 110, changePercent: null }, undefined, day)).toEqual({
      source: "none",
      words: "No comparable baseline from the API; no stored day before",
    });
  });

  it("never turns a figure not recorded into 0", () => {
    expect(headlineChange({ value: null, changePercent: null }, { value: 100 }, day).source).toBe("none");
    expect(headlineChange({ value: 110, changePercent: null }, { value: null }, day)).toEqual({
      source: "none",
      words: "No comparable baseline from the API; not recorded on the stored Nov 21",
    });
    expect(headlineChange({ value: 5, changePercent: null }, { value: 0 }, day)).toEqual({
      source: "none",
      words: "No comparable baseline from the API; 0 on the stored Nov 21, so no percentage",
    });
  });
});
