import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";
import { createFormatter, DEFAULT_HABITS } from "@/lib/core/format";

import {
  daybookBaselineLabel,
  daybookBaselineLabelIn,
  describeHeadlineChange,
  describePercent,
  describePercentIn,
  describeRowChange,
  describeRowChangeIn,
  headlineChange,
  percentChange,
  rowChange,
  rowChangeValue,
  type ChangeKey,
  type HeadlineChange,
  type RowChange,
} from "./baseline";

const en = translatorFor("en", "properties");
const fr = translatorFor("fr", "properties");
const overview = translatorFor("en", "overview");
const us = createFormatter(DEFAULT_HABITS);
const quebec = createFormatter({ region: "fr-CA", hourCycle: "h23", weekStart: 1 });
const change =
  (t = en) =>
  (key: ChangeKey, values?: Record<string, string | number>) =>
    t(`change.${key}`, values);
const api = (key: "up" | "down" | "same" | "none", values?: Record<string, string | number>) =>
  overview(`change.${key}`, values);
const headline = (value: HeadlineChange) => describeHeadlineChange(change(), api, us, value);

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

  it("says the same on screen as in the CSV, in English; in the person's language elsewhere", () => {
    for (const percent of [12.46, -3, 0.01])
      expect(describePercentIn(change(), us, percent)).toBe(describePercent(percent));
    const rows: RowChange[] = [
      { kind: "change", percent: 20 },
      { kind: "no-stored-day" },
      { kind: "not-in-day-before" },
      { kind: "not-recorded" },
      { kind: "no-base", today: 4 },
      { kind: "no-base", today: 0 },
    ];
    for (const row of rows)
      expect(describeRowChangeIn(change(), us, row, "2026-11-21")).toBe(describeRowChange(row, "2026-11-21"));
    expect(daybookBaselineLabelIn(change(), us, "2026-11-21")).toBe(daybookBaselineLabel("2026-11-21"));
    expect(describePercentIn(change(fr), quebec, 12.46)).toContain("12,5");
    expect(describeRowChangeIn(change(fr), quebec, { kind: "no-base", today: 4 }, "2026-11-21")).toContain(
      quebec.shortDay("2026-11-21"),
    );
  });
});

describe("a headline figure's change", () => {
  const day = "2026-11-21";

  it("uses the API's change when the API gives one, even with a stored day before", () => {
    const change = headlineChange({ value: 110, changePercent: 4.2 }, { value: 100 }, day);
    expect(change).toEqual({ source: "api", percent: 4.2 });
    expect(headline(change)).toBe("Up 4.2 % on the day before (the API's figure)");
  });

  it("computes Daybook's own from the stored day before when the API gives none", () => {
    const change = headlineChange({ value: 110, changePercent: null }, { value: 100 }, day);
    expect(change).toEqual({ source: "daybook", percent: 10, dayBefore: day });
    expect(headline(change)).toBe("Up 10 % vs stored Nov 21, computed by Daybook");
  });

  it("says so when the day before is not stored", () => {
    const change = headlineChange({ value: 110, changePercent: null }, undefined, day);
    expect(change).toEqual({ source: "none", why: "noStoredDay", dayBefore: day });
    expect(headline(change)).toBe("No comparable baseline from the API; no stored day before");
  });

  it("never turns a figure not recorded into 0", () => {
    const unrecorded = headlineChange({ value: null, changePercent: null }, { value: 100 }, day);
    expect(headline(unrecorded)).toBe(
      "No comparable baseline from the API; not recorded, so Daybook cannot compare either",
    );
    expect(headline(headlineChange({ value: 110, changePercent: null }, { value: null }, day))).toBe(
      "No comparable baseline from the API; not recorded on the stored Nov 21",
    );
    expect(headline(headlineChange({ value: 5, changePercent: null }, { value: 0 }, day))).toBe(
      "No comparable baseline from the API; 0 on the stored Nov 21, so no percentage",
    );
  });
});
