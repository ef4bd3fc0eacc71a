/**
 * Alert response: how long the desk took from a guest's check-in to acknowledging the screening
 * alert, as the 50th and 90th percentile of the acknowledged alerts' waits, and the alerts not
 * acknowledged counted apart, never as a time. A property without criminal arrivals has no alerts
 * (not "0 minutes"), and a property whose privacy policy keeps no criminal details has no
 * acknowledgement kept at all ("not kept", never "not acknowledged"). Pure and isomorphic.
 */

import type { ResponseSort } from "./response-view";

/** The percentiles shown: the typical wait and the slow tail. */
export const PERCENTILES = { p50: 0.5, p90: 0.9 } as const;

/**
 * The `p` percentile (0–1) of values in ascending order, interpolated between the two nearest ranks
 * as PostgreSQL's percentile_cont interpolates (so figures counted by the database and here agree):
 * one value is every percentile; of two, the 50th is their mean and the 90th nine tenths of the way.
 * Null for none.
 */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const position = p * (sorted.length - 1);
  const below = Math.floor(position);
  const low = sorted[below]!;
  const high = sorted[Math.min(below + 1, sorted.length - 1)]!;
  return low + (high - low) * (position - below);
}

/** A set of alerts' response: how many, how many acknowledged, the percentiles of their waits. */
export interface ResponseFigures {
  alerts: number;
  acknowledged: number;
  notAcknowledged: number;
  /** In ms; null when no alert was acknowledged. */
  p50Ms: number | null;
  p90Ms: number | null;
}

export const NO_ALERTS: ResponseFigures = { alerts: 0, acknowledged: 0, notAcknowledged: 0, p50Ms: null, p90Ms: null };

/** The figures of `alerts` alerts whose acknowledged ones waited `waitsMs` (any order). */
export function responseFigures(alerts: number, waitsMs: readonly number[]): ResponseFigures {
  const sorted = [...waitsMs].sort((a, b) => a - b);
  return {
    alerts,
    acknowledged: sorted.length,
    notAcknowledged: alerts - sorted.length,
    p50Ms: percentile(sorted, PERCENTILES.p50),
    p90Ms: percentile(sorted, PERCENTILES.p90),
  };
}

/** The wait of one alert in ms; null when the desk has not acknowledged it. */
export function waitOf(alert: { checkInAtUtc: string; acknowledgedAtUtc: string | null }): number | null {
  return alert.acknowledgedAtUtc === null ? null : Date.parse(alert.acknowledgedAtUtc) - Date.parse(alert.checkInAtUtc);
}

/** Accumulates alerts, then gives their figures: for the breakdowns by hour and weekday. */
export class ResponseTally {
  alerts = 0;
  readonly waits: number[] = [];

  add(waitMs: number | null): void {
    this.alerts += 1;
    if (waitMs !== null) this.waits.push(waitMs);
  }

  figures(): ResponseFigures {
    return responseFigures(this.alerts, this.waits);
  }
}

/** What one property's row says. */
export type PropertyState =
  /** Criminal arrivals in the window: figures, with a rank among the properties ranked. */
  | { kind: "alerts"; figures: ResponseFigures; rank: number | null }
  /** Criminal arrivals kept, none in the window's stored days. */
  | { kind: "no-alerts" }
  /** The property's privacy policy keeps no criminal details: no list, no acknowledgement kept. */
  | { kind: "not-kept"; policy: string };

export interface PropertyResponse {
  /** The property as shown: a shared name with its zone. */
  label: string;
  propertyName: string;
  zone: string | null;
  state: PropertyState;
}

/**
 * The ranking, fastest desk first: by the 50th percentile, then the 90th, then the share of alerts
 * not acknowledged; properties with alerts and none acknowledged come after every property with a
 * time, the most alerts first. Properties without alerts, or whose policy keeps no criminal
 * details, are not ranked and follow by name.
 */
export function rankProperties<T extends PropertyResponse>(properties: readonly T[]): T[] {
  const ranked = properties
    .filter((entry) => entry.state.kind === "alerts")
    .sort((a, b) => compareResponse(figuresOf(a)!, figuresOf(b)!) || a.label.localeCompare(b.label, "en"))
    .map((entry, index) => ({
      ...entry,
      state: { kind: "alerts" as const, figures: figuresOf(entry)!, rank: index + 1 },
    }));
  const others = properties
    .filter((entry) => entry.state.kind !== "alerts")
    .sort((a, b) => a.label.localeCompare(b.label, "en"));
  return [...ranked, ...others];
}

/**
 * The ranked properties (see rankProperties) in the order asked for; each keeps its rank. Slowest
 * first is the ranking turned round; most not acknowledged first goes by that count, then the
 * ranking. Properties without a rank follow by name in every order but "name", where all are by name.
 */
export function orderProperties<T extends PropertyResponse>(ranked: readonly T[], sort: ResponseSort): T[] {
  const byName = (a: T, b: T) => a.label.localeCompare(b.label, "en");
  if (sort === "name") return [...ranked].sort(byName);
  const withRank = ranked.filter((entry) => entry.state.kind === "alerts");
  const others = ranked.filter((entry) => entry.state.kind !== "alerts");
  if (sort === "slowest") return [...withRank.reverse(), ...others];
  if (sort === "unacknowledged")
    return [
      ...[...withRank].sort(
        (a, b) => figuresOf(b)!.notAcknowledged - figuresOf(a)!.notAcknowledged || rankOf(a) - rankOf(b),
      ),
      ...others,
    ];
  return [...withRank, ...others];
}

function rankOf(entry: PropertyResponse): number {
  return entry.state.kind === "alerts" ? (entry.state.rank ?? Number.MAX_SAFE_INTEGER) : Number.MAX_SAFE_INTEGER;
}

function figuresOf(entry: PropertyResponse): ResponseFigures | null {
  return entry.state.kind === "alerts" ? entry.state.figures : null;
}

function compareResponse(a: ResponseFigures, b: ResponseFigures): number {
  if (a.p50Ms === null || b.p50Ms === null) {
    if (a.p50Ms !== null) return -1;
    if (b.p50Ms !== null) return 1;
    return b.alerts - a.alerts;
  }
  return (
    a.p50Ms - b.p50Ms || (a.p90Ms ?? 0) - (b.p90Ms ?? 0) || a.notAcknowledged / a.alerts - b.notAcknowledged / b.alerts
  );
}

/**
 * How long alerts not acknowledged have waited, from check-in to now: the ageing's buckets, each
 * named in investigations.response.ageing ("Under 1 day", "1 to 7 days"…).
 */
export const AGEING_BUCKETS = [
  { key: "underDay", upToMs: 86_400_000 },
  { key: "upToWeek", upToMs: 7 * 86_400_000 },
  { key: "upToMonth", upToMs: 30 * 86_400_000 },
  { key: "upToQuarter", upToMs: 90 * 86_400_000 },
  { key: "longer", upToMs: Number.POSITIVE_INFINITY },
] as const;

export type AgeingKey = (typeof AGEING_BUCKETS)[number]["key"];

/** The bucket of an age in ms: each holds ages from the one before's bound up to (not including) its own. */
export function ageingBucket(ageMs: number): number {
  return AGEING_BUCKETS.findIndex((bucket) => ageMs < bucket.upToMs);
}

/** The alerts not acknowledged in each bucket, by their age at `nowMs`. */
export function ageing(checkIns: readonly number[], nowMs: number): { key: AgeingKey; alerts: number }[] {
  const counts = AGEING_BUCKETS.map(() => 0);
  for (const checkIn of checkIns) counts[ageingBucket(Math.max(0, nowMs - checkIn))]! += 1;
  return AGEING_BUCKETS.map((bucket, index) => ({ key: bucket.key, alerts: counts[index]! }));
}

/** A wait as minutes, to one decimal: what the CSV gives. */
export function minutesOf(ms: number): number {
  return Math.round(ms / 6_000) / 10;
}

/** A property's state in the CSV's words: "3 acknowledged of 4, 1 not acknowledged", "No alerts" (files stay in English). */
export function describeState(state: PropertyState): string {
  if (state.kind === "no-alerts") return "No alerts";
  if (state.kind === "not-kept") return `Not kept (${state.policy} keeps no criminal details)`;
  const { acknowledged, alerts, notAcknowledged } = state.figures;
  return `${acknowledged.toLocaleString("en-US")} acknowledged of ${alerts.toLocaleString("en-US")}, ${notAcknowledged.toLocaleString("en-US")} not acknowledged`;
}
