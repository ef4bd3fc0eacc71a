/**
 * Staff-flag consistency: how often each property's staff flag a guest (isFlagged, a staff action),
 * per 100 stored arrivals, and how many of those flagged guests screening matched nothing about (no
 * ban, criminal-record or sex-offender match: flagged on staff's own judgement). A property far
 * outside the group's range is said in words, by the rule unusual days use (lib/features/insights/
 * unusual.ts), the group's properties standing in for a property's days. Pure and isomorphic.
 *
 * Why the properties of a group, not a property's own days: the question is whether one desk flags
 * differently from the others, not whether one day differs from the days before it. Each property
 * with at least MIN_SCANS stored arrivals in the window is one value; the usual range is their median
 * ± the wider of 3 scaled MADs (never under 3 points) and 3 binomial standard deviations for the
 * property's own arrivals, exactly as a day's range is worked out.
 *
 * Why at least MIN_PROPERTIES such properties, not MIN_HISTORY_DAYS: a group has a handful of
 * properties where a property has weeks of days, and the median and MAD of five values still ignore
 * two odd ones; with fewer, two properties would decide what "usual" is, so nothing is judged.
 */
import {
  baselineFrom,
  judge,
  MIN_SCANS,
  qualifies,
  type Baseline,
  type RateSpec,
} from "@/lib/features/insights/unusual";

/** The fewest properties, each with MIN_SCANS stored arrivals or more, before any is judged. */
export const MIN_PROPERTIES = 5;

export const STAFF_FLAG_SPEC = {
  key: "staffFlagsPer100",
  name: "Staff flags",
  unit: "per100",
} as const satisfies RateSpec;

/** Stored arrivals and the staff flags among them, over some property days. */
export interface FlagCounts {
  arrivals: number;
  flagged: number;
  flaggedUnmatched: number;
}

export const NO_FLAGS: FlagCounts = { arrivals: 0, flagged: 0, flaggedUnmatched: 0 };

export function addFlags(a: FlagCounts, b: FlagCounts): FlagCounts {
  return {
    arrivals: a.arrivals + b.arrivals,
    flagged: a.flagged + b.flagged,
    flaggedUnmatched: a.flaggedUnmatched + b.flaggedUnmatched,
  };
}

/** Staff flags per 100 arrivals; null without arrivals (no rate, never 0). */
export function flagsPer100(counts: FlagCounts): number | null {
  return counts.arrivals === 0 ? null : (counts.flagged / counts.arrivals) * 100;
}

/** The share of flagged guests with no screening match, in percent; null when none was flagged. */
export function unmatchedShare(counts: FlagCounts): number | null {
  return counts.flagged === 0 ? null : (counts.flaggedUnmatched / counts.flagged) * 100;
}

/** The group's usual range of staff flags per 100 arrivals, from the properties' rates. */
export function groupBaseline(properties: readonly FlagCounts[]): Baseline {
  return baselineFrom(
    properties
      .map((counts) => ({ value: flagsPer100(counts), scans: counts.arrivals }))
      .filter(qualifies)
      .map((point) => point.value),
    MIN_PROPERTIES,
  );
}

export type FlagJudgement =
  | { kind: "far-above" | "far-below"; value: number; low: number; high: number; sentence: string }
  | { kind: "usual"; value: number; low: number; high: number }
  /** Fewer than MIN_PROPERTIES properties of MIN_SCANS arrivals: the group has no usual range. */
  | { kind: "too-few-properties"; properties: number }
  /** Under MIN_SCANS arrivals: one guest would move the rate too far to judge it. */
  | { kind: "too-few-arrivals" };

const oneDecimal = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const upToOneDecimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
const count = (n: number) => n.toLocaleString("en-US");

/** "Harbour View Hotel flags 9.1 per 100 arrivals (82 of 901); the group's usual range is 1.2–3.4 (9 properties)". */
export function farSentence(label: string, counts: FlagCounts, low: number, high: number, properties: number): string {
  const value = flagsPer100(counts) ?? 0;
  return (
    `${label} flags ${oneDecimal.format(value)} per 100 arrivals (${count(counts.flagged)} of ${count(counts.arrivals)}); ` +
    `the group's usual range is ${upToOneDecimal.format(low)}–${upToOneDecimal.format(high)} (${count(properties)} properties)`
  );
}

/** One property's rate against the group's range. */
export function judgeFlags(label: string, counts: FlagCounts, baseline: Baseline): FlagJudgement {
  const judged = judge(STAFF_FLAG_SPEC, { value: flagsPer100(counts), scans: counts.arrivals }, baseline);
  if (judged.kind === "not-judged") return { kind: "too-few-arrivals" };
  if (judged.kind === "not-enough-history") return { kind: "too-few-properties", properties: judged.days };
  if (judged.kind === "usual") return judged;
  return {
    kind: judged.direction === "above" ? "far-above" : "far-below",
    value: judged.value,
    low: judged.low,
    high: judged.high,
    sentence: farSentence(label, counts, judged.low, judged.high, baseline.days),
  };
}

/** The judgement in the CSV's words (files stay in English); the screen's are in the catalogue. */
export function judgementWords(judgement: FlagJudgement): string {
  switch (judgement.kind) {
    case "far-above":
      return "Far above the group";
    case "far-below":
      return "Far below the group";
    case "usual":
      return "Within the group's range";
    case "too-few-properties":
      return "Not judged: too few properties";
    case "too-few-arrivals":
      return `Not judged: under ${MIN_SCANS} arrivals`;
  }
}

/** A calendar day's weekday, 0 for Monday … 6 for Sunday (a stored day is the property's own local day). */
export function weekdayOfDay(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}
