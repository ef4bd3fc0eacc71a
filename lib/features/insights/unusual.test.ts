import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";
import { addDays } from "@/lib/core/days";
import { createFormatter, DEFAULT_HABITS } from "@/lib/core/format";
import { propertyRowKey } from "@/lib/core/property-names";
import { usageRow } from "@/tests/support/report-fixtures";

import {
  baselineFrom,
  baselineOf,
  chanceSpread,
  COVERAGE_SPEC,
  dayBaselines,
  judge,
  judgeSeries,
  MAD_SCALE,
  marksForRow,
  NOT_ENOUGH_HISTORY,
  RATE_SPECS,
  rowMarks,
  unusualMessage,
  unusualSentence,
  usualRange,
  type FigureKey,
  type HistoryDay,
  type RatePoint,
  type RateSpec,
} from "./unusual";

const DAY = "2026-11-17";
const MANUAL = RATE_SPECS.manualShare;

/** `values` on the days just before DAY, the last value on the day before; 100 scans each unless given. */
function history(values: readonly (number | null)[], scans: number | null = 100): RatePoint[] {
  return values.map((value, index) => ({ day: addDays(DAY, index - values.length), value, scans }));
}

/** 20 days alternating 18 and 22: median 20, MAD 2, so the history's spread is 3 × 1.4826 × 2. */
const ALTERNATING = history(Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? 18 : 22)));
const SPREAD = 3 * MAD_SCALE * 2;
/** So many scans that chance moves a rate by little (3 × 0.4 points at 20 %): the history's spread decides. */
const MANY = 10_000;

describe("baselineOf", () => {
  it("is the median and 3 scaled MADs of the days before", () => {
    expect(baselineOf(ALTERNATING, DAY)).toEqual({ kind: "baseline", days: 20, median: 20, spread: SPREAD });
  });

  it("says not enough history below 14 qualifying days, and judges from 14 on", () => {
    expect(baselineOf(history(Array(13).fill(20)), DAY)).toEqual({ kind: "not-enough-history", days: 13 });
    expect(baselineOf(history(Array(14).fill(20)), DAY).kind).toBe("baseline");
    expect(baselineOf([], DAY)).toEqual({ kind: "not-enough-history", days: 0 });
  });

  it("counts only the 28 days before: older days, the day itself and later days are left out", () => {
    const points = history(Array(40).fill(20));
    const baseline = baselineOf([...points, { day: DAY, value: 90, scans: 100 }], DAY);
    expect(baseline).toMatchObject({ kind: "baseline", days: 28, median: 20 });
  });

  it("leaves out days without a figure (not recorded, no scans) and days of fewer than 20 scans", () => {
    const points = [
      ...history(Array(13).fill(20)),
      { day: addDays(DAY, -20), value: null, scans: 100 },
      { day: addDays(DAY, -21), value: 20, scans: 19 },
      { day: addDays(DAY, -22), value: 20, scans: null },
      { day: addDays(DAY, -23), value: null, scans: 0 },
    ];
    expect(baselineOf(points, DAY)).toEqual({ kind: "not-enough-history", days: 13 });
    expect(baselineOf([...points, { day: addDays(DAY, -24), value: 20, scans: 20 }], DAY).kind).toBe("baseline");
  });

  it("gives the median and MAD a plain sort gives, for any count and order of values", () => {
    const plainMedian = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const middle = Math.floor(sorted.length / 2);
      return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
    };
    // A fixed pseudo-random sequence: the same values on every run.
    let seed = 7;
    const next = () => ((seed = (seed * 48_271) % 2_147_483_647) % 1000) / 10;
    for (const count of [14, 15, 27, 28, 29, 64, 65, 200]) {
      const values = Array.from({ length: count }, next);
      const centre = plainMedian(values);
      const mad = plainMedian(values.map((value) => Math.abs(value - centre)));
      expect(baselineFrom(values)).toEqual({
        kind: "baseline",
        days: count,
        median: centre,
        spread: 3 * Math.max(MAD_SCALE * mad, 1),
      });
    }
    // A shorter history after a long one is judged on its own values alone.
    expect(baselineFrom(Array(14).fill(5))).toEqual({ kind: "baseline", days: 14, median: 5, spread: 3 });
  });

  it("keeps a flat history (MAD 0) a range of ±3 points, not a single value", () => {
    const zeros = baselineOf(history(Array(20).fill(0)), DAY);
    expect(zeros).toEqual({ kind: "baseline", days: 20, median: 0, spread: 3 });
    expect(zeros.kind === "baseline" && usualRange(zeros, 100, "per100")).toEqual({ low: 0, high: 3 });
    const twelves = baselineOf(history(Array(20).fill(12)), DAY);
    expect(twelves.kind === "baseline" && usualRange(twelves, MANY, "percent")).toEqual({
      low: 9,
      high: 15,
    });
  });

  it("takes the mean of the middle two on an even count, and is not moved by a few wild days", () => {
    const points = history([...Array(10).fill(10), ...Array(10).fill(30)]);
    expect(baselineOf(points, DAY)).toMatchObject({ median: 20 });
    const wild = history([...Array(17).fill(20), 95, 97, 99]);
    expect(baselineOf(wild, DAY)).toEqual({ kind: "baseline", days: 20, median: 20, spread: 3 });
  });
});

describe("usualRange", () => {
  it("is the wider of the history's spread and what chance alone gives on the day's scans", () => {
    const baseline = baselineOf(ALTERNATING, DAY);
    if (baseline.kind !== "baseline") throw new Error("a baseline was expected");
    expect(usualRange(baseline, MANY, "percent")).toEqual({ low: 20 - SPREAD, high: 20 + SPREAD });
    // 100 scans at 20 %: 3 × √(20 × 80 / 100) = 12 points, wider than the history's 8.9.
    expect(chanceSpread(20, 100)).toBe(12);
    expect(usualRange(baseline, 100, "percent")).toEqual({ low: 8, high: 32 });
  });

  it("keeps a share within 0–100 %, and a rate per 100 unbounded above", () => {
    const baseline = { kind: "baseline", days: 20, median: 99, spread: 3 } as const;
    expect(usualRange(baseline, MANY, "percent")).toMatchObject({ high: 100 });
    expect(usualRange(baseline, MANY, "per100")).toMatchObject({ high: 102 });
    expect(usualRange({ ...baseline, median: 1 }, MANY, "per100")).toMatchObject({ low: 0 });
  });

  it("gives a median past 100 (a rate per 100 can be) no chance spread of its own, never NaN", () => {
    expect(chanceSpread(150, 100)).toBe(0);
    expect(chanceSpread(0, 100)).toBe(0);
  });
});

describe("judge", () => {
  const baseline = baselineOf(ALTERNATING, DAY);

  it("flags a day beyond the range, above or below, with the sentence", () => {
    expect(judge(MANUAL, { value: 41, scans: MANY }, baseline)).toEqual({
      kind: "unusual",
      value: 41,
      low: 20 - SPREAD,
      high: 20 + SPREAD,
      direction: "above",
      sentence: "Manual entry 41.0 %, usually 11.1–28.9 %",
    });
    expect(judge(MANUAL, { value: 2, scans: MANY }, baseline)).toMatchObject({ kind: "unusual", direction: "below" });
  });

  it("does not flag a day that chance alone explains on its few scans", () => {
    expect(judge(MANUAL, { value: 30, scans: MANY }, baseline).kind).toBe("unusual");
    expect(judge(MANUAL, { value: 30, scans: 100 }, baseline)).toEqual({ kind: "usual", value: 30, low: 8, high: 32 });
  });

  it("does not flag a day on a bound as the sentence shows it, nor one inside", () => {
    const flat = baselineOf(history(Array(20).fill(12)), DAY);
    expect(judge(MANUAL, { value: 15, scans: MANY }, flat)).toEqual({ kind: "usual", value: 15, low: 9, high: 15 });
    expect(judge(MANUAL, { value: 9, scans: MANY }, flat).kind).toBe("usual");
    // 15.04 reads 15.0: on the bound as shown, so not "15.0 %, usually 9–15 %".
    expect(judge(MANUAL, { value: 15.04, scans: MANY }, flat).kind).toBe("usual");
    expect(judge(MANUAL, { value: 15.05, scans: MANY }, flat).kind).toBe("unusual");
    expect(judge(MANUAL, { value: 8.94, scans: MANY }, flat).kind).toBe("unusual");
  });

  it("never flags without enough history, and says so", () => {
    const short = baselineOf(history(Array(5).fill(20)), DAY);
    expect(judge(MANUAL, { value: 90, scans: 200 }, short)).toEqual({
      kind: "not-enough-history",
      days: 5,
      sentence: expect.stringContaining(`Manual entry: ${NOT_ENOUGH_HISTORY}`),
    });
    expect(judge(MANUAL, { value: 90, scans: 200 }, undefined)).toMatchObject({ kind: "not-enough-history", days: 0 });
  });

  it("does not judge a zero-scan day (no rate), an unrecorded figure or a day of fewer than 20 scans", () => {
    expect(judge(MANUAL, { value: null, scans: 0 }, baseline)).toEqual({ kind: "not-judged" });
    expect(judge(MANUAL, { value: null, scans: 150 }, baseline)).toEqual({ kind: "not-judged" });
    expect(judge(MANUAL, { value: 90, scans: null }, baseline)).toEqual({ kind: "not-judged" });
    expect(judge(MANUAL, { value: 90, scans: 19 }, baseline)).toEqual({ kind: "not-judged" });
    expect(judge(MANUAL, { value: 90, scans: 20 }, baseline).kind).toBe("unusual");
  });

  it("takes any named rate series, such as a share to come", () => {
    const coverage: RateSpec = { key: "noScreening", name: "No screening record", unit: "percent" };
    const series = [...history(Array(20).fill(10), MANY), { day: DAY, value: 30, scans: MANY }];
    expect(judgeSeries(coverage, series).get(DAY)).toMatchObject({
      kind: "unusual",
      sentence: "No screening record 30.0 %, usually 7–13 %",
    });
  });
});

describe("judgeSeries", () => {
  it("judges each day against the days before it only, an observation flipping back included", () => {
    const series = [
      ...history(Array(14).fill(20), MANY),
      { day: DAY, value: 60, scans: MANY },
      { day: addDays(DAY, 1), value: 20, scans: MANY },
    ];
    const judged = judgeSeries(MANUAL, series);
    expect(judged.get(addDays(DAY, -14))?.kind).toBe("not-enough-history");
    expect(judged.get(addDays(DAY, -1))?.kind).toBe("not-enough-history");
    expect(judged.get(DAY)?.kind).toBe("unusual");
    // Back to the usual figure the next day: the unusual day in its history does not move the range.
    expect(judged.get(addDays(DAY, 1))).toMatchObject({ kind: "usual", low: 17, high: 23 });
  });
});

describe("unusualSentence", () => {
  it("writes a share with %, a rate per 100 scans", () => {
    expect(unusualSentence(MANUAL, 41, 12, 20)).toBe("Manual entry 41.0 %, usually 12–20 %");
    expect(unusualSentence(RATE_SPECS.alertsPer100, 9.54, 1.25, 4.8)).toBe("Alerts 9.5 per 100 scans, usually 1.3–4.8");
  });
});

describe("unusualMessage", () => {
  const format = createFormatter(DEFAULT_HABITS);
  const judged = { value: 9.54, low: 1.25, high: 4.8 };
  const say = (language: "en" | "fr", spec: { key: FigureKey; unit: RateSpec["unit"] }) => {
    const t = translatorFor(language, "insights");
    const message = unusualMessage(spec, judged, format, (key) => t(`unusual.${key}`));
    return t(`unusual.${message.key}`, message.values);
  };

  it("says every rate in English as the sentences written for everyone do", () => {
    for (const spec of [...Object.values(RATE_SPECS), COVERAGE_SPEC]) {
      expect(say("en", spec)).toBe(unusualSentence(spec, judged.value, judged.low, judged.high));
    }
  });

  it("names the rate in the person's language", () => {
    expect(say("fr", RATE_SPECS.warningsPer100)).toBe(
      "Avertissements 9.5 pour 100 numérisations, habituellement 1.3–4.8",
    );
    expect(say("fr", COVERAGE_SPEC)).toBe("Aucun contrôle enregistré 9.5 %, habituellement 1.3–4.8 %");
  });
});

describe("dayBaselines and the rows' marks", () => {
  const harbour = (manualEntry: number, scans = 200) =>
    usageRow("Harbour View Hotel", { scans, manualEntry, criminal: 2, ageAlert: 4, localAlert: 3 });
  const stored = (count: number, extra: (day: string) => HistoryDay["byProperty"] = () => []): HistoryDay[] =>
    Array.from({ length: count }, (_, index) => {
      const day = addDays(DAY, index - count);
      return {
        day,
        byProperty: [harbour(index % 2 === 0 ? 36 : 44), ...extra(day)],
        unrecorded: new Set(["localAlert"] as const),
      };
    });
  const harbourKey = propertyRowKey("Harbour View Hotel", 0);

  it("reads each property's rates from the stored days, the unrecorded ones left out", () => {
    const baselines = dayBaselines(DAY, stored(20));
    expect(baselines.day).toBe(DAY);
    expect(baselines.byProperty[harbourKey]).toMatchObject({
      manualShare: { kind: "baseline", median: 20, days: 20 },
      alertsPer100: { kind: "baseline", median: 1, spread: 3 },
      // Local warnings were not recorded on any day: no warnings rate, so no history for it.
      warningsPer100: { kind: "not-enough-history", days: 0 },
    });
  });

  it("marks the unusual rates of a row, and says not enough history only when no rate could be judged", () => {
    const baselines = dayBaselines(
      DAY,
      stored(20, () => [usageRow("New Inn", { scans: 50 })]),
    );
    const marks = marksForRow(baselines, DAY, harbourKey, {
      scans: 200,
      manualShare: 45,
      alertsPer100: 1,
      warningsPer100: null,
    });
    expect(marks?.notEnoughHistory).toBe(false);
    expect(Object.keys(marks?.unusual ?? {})).toEqual(["manualShare"]);
    expect(marks?.unusual.manualShare?.sentence).toBe("Manual entry 45.0 %, usually 11.1–28.9 %");

    const newKey = propertyRowKey("Recently Added", 0);
    expect(
      marksForRow(baselines, DAY, newKey, { scans: 80, manualShare: 90, alertsPer100: 9, warningsPer100: 9 }),
    ).toEqual({ unusual: {}, notEnoughHistory: true });
  });

  it("marks nothing on a zero-scan day, and nothing against another day's baselines", () => {
    const baselines = dayBaselines(DAY, stored(20));
    expect(
      marksForRow(baselines, DAY, harbourKey, {
        scans: 0,
        manualShare: null,
        alertsPer100: null,
        warningsPer100: null,
      }),
    ).toEqual({ unusual: {}, notEnoughHistory: false });
    expect(
      marksForRow(baselines, addDays(DAY, 1), harbourKey, {
        scans: 200,
        manualShare: 45,
        alertsPer100: 1,
        warningsPer100: null,
      }),
    ).toBeUndefined();
    expect(marksForRow(null, DAY, harbourKey, { scans: 200, manualShare: 45 })).toBeUndefined();
  });

  it("tells two properties of one name apart by their place among the rows", () => {
    const twins: HistoryDay[] = Array.from({ length: 14 }, (_, index) => ({
      day: addDays(DAY, index - 14),
      byProperty: [
        usageRow("Seaside Suites", { scans: 100, manualEntry: 10 }),
        usageRow("Seaside Suites", { scans: 100, manualEntry: 50 }),
      ],
      unrecorded: new Set(),
    }));
    const baselines = dayBaselines(DAY, twins);
    expect(baselines.byProperty[propertyRowKey("Seaside Suites", 0)]?.manualShare).toMatchObject({ median: 10 });
    expect(baselines.byProperty[propertyRowKey("Seaside Suites", 1)]?.manualShare).toMatchObject({ median: 50 });
  });

  it("rowMarks ignores rates not judged", () => {
    expect(rowMarks({ manualShare: { kind: "not-judged" } })).toEqual({ unusual: {}, notEnoughHistory: false });
  });
});
