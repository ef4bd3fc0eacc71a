/**
 * Unusual days: a property's rate on a day that lies far outside the property's own recent
 * history. Pure and isomorphic, so every edge is unit-tested and the browser can judge a live
 * report against a history the server read.
 *
 * The rule, for one property and one rate:
 * - the history is the property's stored days in the HISTORY_DAYS calendar days before the day,
 *   counting only days with the figure recorded and at least MIN_SCANS scans;
 * - with fewer than MIN_HISTORY_DAYS such days there is "not enough history", never a flag;
 * - otherwise the usual range is the median ± the wider of THRESHOLD scaled MADs and THRESHOLD
 *   binomial standard deviations for the day's scans (what chance alone moves a rate by), and a
 *   day strictly outside it (with at least MIN_SCANS scans itself) is unusual. A day on a bound, as
 *   shown to one decimal, is not.
 *
 * Why the median and the MAD rather than the mean and the standard deviation: one bad day in the
 * history (a kiosk outage) would widen a standard deviation enough to hide the next one; the median
 * and the MAD ignore up to half the days being odd. The MAD is scaled by 1.4826 because for
 * normally spread figures 1.4826 × MAD estimates the standard deviation, so "3 scaled MADs" reads
 * as the familiar "3 standard deviations". On the demo's 90 days that alone flagged about one rate in
 * twenty (a 14-to-28-day MAD is rough, often below the day-to-day noise of a few hundred scans), so
 * the range is never narrower than chance allows (`chanceSpread`): with it, about one in 200.
 *
 * Why at least 20 scans (that day, and on each day of the history): below that one guest moves a
 * share by 5 points or more, which is about the whole spread of a busy property's ordinary days, so
 * a small day would be flagged for a single guest. Days of 20 or more scans keep one guest's weight
 * at 5 points at most.
 *
 * Why a floor of one point under the scaled MAD: a flat history (every day the same figure, often
 * 0 alerts) has a MAD of 0, and every other value would then be "unusual". One point (one
 * percentage point of a share, one per 100 scans of a rate) keeps the usual range at least ±3
 * points wide, so a single alert on a property that rarely has one is not a flag, while a jump of
 * several points still is.
 */

import { addDays } from "@/lib/core/days";
import type { Formatter } from "@/lib/core/format";
import { identifyRows } from "@/lib/core/property-names";
import type { UsageDay } from "@/lib/features/history/usage-days";
import { rowFigures } from "@/lib/features/overview/figures";

/** The calendar days before a day that make up its history. */
export const HISTORY_DAYS = 28;
/** The fewest qualifying days of history before any day is judged. */
export const MIN_HISTORY_DAYS = 14;
/** The fewest scans a day needs, the day judged and each day of its history. */
export const MIN_SCANS = 20;
/** Scales the MAD to estimate a standard deviation for normally spread figures. */
export const MAD_SCALE = 1.4826;
/** How many scaled MADs away from the median a day must lie. */
export const THRESHOLD = 3;
/** The smallest scaled MAD used, in points: a flat history still has a usual range. */
export const MAD_FLOOR = 1;

/** A figure as the sentences show it, in tenths. */
const tenths = (value: number) => Math.round(value * 10);

export type RateUnit = "percent" | "per100";

/** A rate Daybook shows, as the sentences name it. Any named rate series plugs in here. */
export interface RateSpec {
  key: string;
  /** "Manual entry": the start of a sentence. */
  name: string;
  unit: RateUnit;
}

export const RATE_SPECS = {
  manualShare: { key: "manualShare", name: "Manual entry", unit: "percent" },
  alertsPer100: { key: "alertsPer100", name: "Alerts", unit: "per100" },
  warningsPer100: { key: "warningsPer100", name: "Warnings", unit: "per100" },
} as const satisfies Record<string, RateSpec>;

/**
 * Screening coverage, from the stored guests rather than the usage rows: the share of arrivals
 * without a screening record, judged against the property's own history like the rates above, its
 * arrivals standing in for scans.
 */
export const COVERAGE_SPEC = {
  key: "unscreenedShare",
  name: "No screening record",
  unit: "percent",
} as const satisfies RateSpec;

/** One day of a property's rate: null where not recorded or without scans. */
export interface RatePoint {
  day: string;
  value: number | null;
  /** The day's scans; null where scans were not recorded. */
  scans: number | null;
}

export type Baseline =
  | {
      kind: "baseline";
      /** Qualifying days the range was computed from. */
      days: number;
      median: number;
      /** THRESHOLD scaled MADs (at least THRESHOLD × MAD_FLOOR): the history's half of the usual range. */
      spread: number;
    }
  | { kind: "not-enough-history"; days: number };

export type Judgement =
  | { kind: "unusual"; value: number; low: number; high: number; direction: "above" | "below"; sentence: string }
  | { kind: "usual"; value: number; low: number; high: number }
  | { kind: "not-enough-history"; days: number; sentence: string }
  /** No rate (not recorded, no scans) or too few scans to mean anything: never a flag. */
  | { kind: "not-judged" };

export const NOT_ENOUGH_HISTORY = "not enough history";

export function qualifies(point: Pick<RatePoint, "value" | "scans">): point is { value: number; scans: number } {
  return point.value !== null && Number.isFinite(point.value) && point.scans !== null && point.scans >= MIN_SCANS;
}

/**
 * The usual range of a rate from a property's history: the points of the HISTORY_DAYS days before
 * `day` (points outside that window, or on the day itself or after, are ignored).
 */
export function baselineOf(history: readonly RatePoint[], day: string): Baseline {
  const first = addDays(day, -HISTORY_DAYS);
  return baselineFrom(
    history
      .filter((point) => point.day >= first && point.day < day && qualifies(point))
      .map((point) => point.value as number),
  );
}

/** Reused by baselineFrom: a year's list judges some 200,000 days, and allocating per day was most of its time. */
let sortedScratch = new Float64Array(64);
let deviationScratch = new Float64Array(64);

/** Sorts the first `length` numbers of `into` in place: insertion sort, the fastest for a month of values. */
function sortPrefix(into: Float64Array, length: number): void {
  for (let i = 1; i < length; i += 1) {
    const value = into[i]!;
    let j = i - 1;
    while (j >= 0 && into[j]! > value) {
      into[j + 1] = into[j]!;
      j -= 1;
    }
    into[j + 1] = value;
  }
}

function medianOfPrefix(sorted: Float64Array, length: number): number {
  const middle = Math.floor(length / 2);
  return length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The usual range from the values of the qualifying points of a day's history (any order).
 * `minimum`: the fewest values judged by, for a history that is not a property's days (the
 * properties of a group, judged against each other).
 */
export function baselineFrom(unsorted: readonly number[], minimum: number = MIN_HISTORY_DAYS): Baseline {
  const count = unsorted.length;
  if (count < minimum) return { kind: "not-enough-history", days: count };
  if (count > sortedScratch.length) sortedScratch = new Float64Array(count * 2);
  for (let i = 0; i < count; i += 1) sortedScratch[i] = unsorted[i]!;
  sortPrefix(sortedScratch, count);
  return baselineOfSorted(sortedScratch, count, minimum);
}

/**
 * The usual range from the first `count` values of `sorted`, in ascending order. The deviations
 * from the median are already in order on each side of it, so their median is found by merging
 * the two sides from the middle out, not by sorting them.
 */
export function baselineOfSorted(sorted: Float64Array, count: number, minimum: number = MIN_HISTORY_DAYS): Baseline {
  if (count < minimum) return { kind: "not-enough-history", days: count };
  const centre = medianOfPrefix(sorted, count);
  if (count > deviationScratch.length) deviationScratch = new Float64Array(count * 2);
  const wanted = Math.floor(count / 2) + 1;
  let right = 0;
  while (right < count && sorted[right]! <= centre) right += 1;
  let left = right - 1;
  for (let taken = 0; taken < wanted; taken += 1) {
    const below = left >= 0 ? centre - sorted[left]! : Number.POSITIVE_INFINITY;
    const above = right < count ? sorted[right]! - centre : Number.POSITIVE_INFINITY;
    if (below <= above) {
      deviationScratch[taken] = below;
      left -= 1;
    } else {
      deviationScratch[taken] = above;
      right += 1;
    }
  }
  const mad = medianOfPrefix(deviationScratch, count);
  return {
    kind: "baseline",
    days: count,
    median: centre,
    spread: THRESHOLD * Math.max(MAD_SCALE * mad, MAD_FLOOR),
  };
}

/**
 * The spread chance alone gives a rate on a day of `scans` scans: THRESHOLD binomial standard
 * deviations around the median, in points. A property's own history is short (14 to 28 days), and
 * its MAD often comes out smaller than the day-to-day noise of a few hundred scans; without this a
 * busy month of the demo flags about one rate in twenty for nothing but chance.
 */
export function chanceSpread(median: number, scans: number): number {
  const share = Math.min(Math.max(median, 0), 100);
  return THRESHOLD * Math.sqrt((share * (100 - share)) / scans);
}

/** The usual range of a day: the wider of the history's spread and chance's, within 0–100 % for a share. */
export function usualRange(
  baseline: Extract<Baseline, { kind: "baseline" }>,
  scans: number,
  unit: RateUnit,
): { low: number; high: number } {
  const spread = Math.max(baseline.spread, chanceSpread(baseline.median, scans));
  const ceiling = unit === "percent" ? 100 : Number.POSITIVE_INFINITY;
  return { low: Math.max(0, baseline.median - spread), high: Math.min(ceiling, baseline.median + spread) };
}

/** One day's rate against its baseline. */
export function judge(
  spec: RateSpec,
  point: Pick<RatePoint, "value" | "scans">,
  baseline: Baseline | undefined,
): Judgement {
  if (!qualifies(point)) return { kind: "not-judged" };
  if (!baseline || baseline.kind === "not-enough-history") {
    return { kind: "not-enough-history", days: baseline?.days ?? 0, sentence: notEnoughHistorySentence(spec) };
  }
  const { value, scans } = point;
  const { low, high } = usualRange(baseline, scans, spec.unit);
  // Compared as the sentence shows them, to one decimal: a flag never reads "14.5, usually 0–14.5".
  if (tenths(value) > tenths(high) || tenths(value) < tenths(low)) {
    return {
      kind: "unusual",
      value,
      low,
      high,
      direction: value > high ? "above" : "below",
      sentence: unusualSentence(spec, value, low, high),
    };
  }
  return { kind: "usual", value, low, high };
}

const oneDecimal = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const upToOneDecimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** "Manual entry 41.0 %, usually 12–20 %"; "Alerts 9.5 per 100 scans, usually 1.2–4.8". */
export function unusualSentence(spec: RateSpec, value: number, low: number, high: number): string {
  const range = `${upToOneDecimal.format(low)}–${upToOneDecimal.format(high)}`;
  return spec.unit === "percent"
    ? `${spec.name} ${oneDecimal.format(value)} %, usually ${range} %`
    : `${spec.name} ${oneDecimal.format(value)} per 100 scans, usually ${range}`;
}

/** The rates a screen names, each under insights.unusual.figure: the ones above and screening coverage. */
export type FigureKey = RateKey | (typeof COVERAGE_SPEC)["key"];

/**
 * An unusual rate as a screen says it, in the person's language and formats: the key of its
 * sentence in insights.unusual and the values it fills in ("Manual entry 41.0 %, usually 12–20 %").
 * `rate` is the rate's name, in the words `t` (insights.unusual) gives.
 */
export function unusualMessage(
  spec: { key: FigureKey; unit: RateUnit },
  judged: { value: number; low: number; high: number },
  format: Pick<Formatter, "number">,
  t: (key: `figure.${FigureKey}`) => string,
): { key: "sentencePercent" | "sentencePer100"; values: { rate: string; value: string; low: string; high: string } } {
  return {
    key: spec.unit === "percent" ? "sentencePercent" : "sentencePer100",
    values: {
      rate: t(`figure.${spec.key}`),
      value: format.number(judged.value, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      low: format.number(judged.low, { maximumFractionDigits: 1 }),
      high: format.number(judged.high, { maximumFractionDigits: 1 }),
    },
  };
}

export function notEnoughHistorySentence(spec: RateSpec): string {
  return `${spec.name}: ${NOT_ENOUGH_HISTORY} (fewer than ${MIN_HISTORY_DAYS} stored days of ${MIN_SCANS} scans or more in the ${HISTORY_DAYS} days before)`;
}

/** Every day of a series judged against the days before it (a trend table's flags). */
export function judgeSeries(spec: RateSpec, series: readonly RatePoint[]): Map<string, Judgement> {
  return new Map(series.map((point) => [point.day, judge(spec, point, baselineOf(series, point.day))]));
}

/** A property's usual ranges, by rate key, for one day: what the server reads from stored history. */
export type PropertyBaselines = Record<string, Baseline>;

/** The usual ranges of each property (by its row key, see lib/core/property-names) for `day`. */
export interface DayBaselines {
  day: string;
  byProperty: Record<string, PropertyBaselines>;
}

/** A stored usage day as the history needs it: rows cut to the person's properties, and what it did not record. */
/** A stored usage day cut to the person's properties (lib/features/reports/scope.ts). */
export type HistoryDay = UsageDay;

export type RateKey = keyof typeof RATE_SPECS;
export const RATE_KEYS = Object.keys(RATE_SPECS) as RateKey[];

/** Each property's points of each rate, by its row key, oldest day first: what baselines are drawn from. */
export function rateSeries(history: readonly HistoryDay[]): Map<string, Record<RateKey, RatePoint[]>> {
  const series = new Map<string, Record<RateKey, RatePoint[]>>();
  for (const entry of history) {
    for (const { key, row } of identifyRows(entry.byProperty)) {
      const figures = rowFigures(row, entry.unrecorded);
      const points = series.get(key) ?? { manualShare: [], alertsPer100: [], warningsPer100: [] };
      for (const rate of RATE_KEYS) points[rate].push({ day: entry.day, value: figures[rate], scans: figures.scans });
      series.set(key, points);
    }
  }
  return series;
}

/** Each property's usual range of each rate Daybook shows on `day`, from the stored days before it. */
export function dayBaselines(day: string, history: readonly HistoryDay[]): DayBaselines {
  const series = rateSeries(history);
  const byProperty: Record<string, PropertyBaselines> = {};
  for (const [key, points] of series) {
    byProperty[key] = Object.fromEntries(RATE_KEYS.map((rate) => [rate, baselineOf(points[rate], day)]));
  }
  return { day, byProperty };
}

/** A row's rates judged, by rate key; a property without any stored history has none to judge by. */
export function judgeRow(
  baselines: PropertyBaselines | undefined,
  row: Partial<Record<RateKey, number | null>> & { scans: number | null },
): Partial<Record<RateKey, Judgement>> {
  return Object.fromEntries(
    RATE_KEYS.map((rate) => [
      rate,
      judge(RATE_SPECS[rate], { value: row[rate] ?? null, scans: row.scans }, baselines?.[rate]),
    ]),
  );
}

/** A row's marks for a table: the unusual rates, and whether its history is too short to judge any. */
export interface RowMarks {
  unusual: Partial<Record<string, Extract<Judgement, { kind: "unusual" }>>>;
  notEnoughHistory: boolean;
}

export function rowMarks(judgements: Partial<Record<string, Judgement>>): RowMarks {
  const entries = Object.entries(judgements).filter((entry): entry is [string, Judgement] => entry[1] !== undefined);
  const unusual = Object.fromEntries(
    entries.filter((entry): entry is [string, Extract<Judgement, { kind: "unusual" }>] => entry[1].kind === "unusual"),
  );
  // Said once for the row, and only when no rate of it could be judged: a row with a judged rate has history.
  const judged = entries.some(([, judgement]) => judgement.kind === "usual" || judgement.kind === "unusual");
  const short = entries.some(([, judgement]) => judgement.kind === "not-enough-history");
  return { unusual, notEnoughHistory: short && !judged };
}

/**
 * A table row's marks, or none when the baselines are for another day than the row's report (a
 * live report refreshed past midnight is not judged against the day before's history).
 */
export function marksForRow(
  baselines: DayBaselines | null | undefined,
  reportDay: string,
  key: string,
  row: Partial<Record<RateKey, number | null>> & { scans: number | null },
): RowMarks | undefined {
  if (!baselines || baselines.day !== reportDay) return undefined;
  return rowMarks(judgeRow(baselines.byProperty[key], row));
}

/** The rule's figures, as insights.unusual.rule fills them in. */
export const RULE_VALUES = { historyDays: HISTORY_DAYS, minScans: MIN_SCANS, minHistoryDays: MIN_HISTORY_DAYS };
