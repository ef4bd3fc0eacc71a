/**
 * Each property's figures over the stored days of a range. A day Daybook did not store is a gap,
 * never a zero; so is a rate on a day without scans, and a day whose report has no row for the
 * property.
 */

import { daysEnding, type RangeDays } from "@/lib/core/days";
import { formatShortDay } from "@/lib/core/format";
import {
  alertsPer100,
  formatRate,
  formatShare,
  formatValue,
  manualEntryShare,
  per100,
  warningsPer100,
} from "@/lib/features/overview/figures";
import type { UsagePropertyRow } from "@/lib/features/reports/types";

import { identifyRows, nameCounts, propertyLabel } from "./properties";

export type TrendMetric = "scans" | "manualShare" | "alertsPer100" | "warningsPer100";
export type RateMetric = Exclude<TrendMetric, "scans">;

export const RATE_METRICS: readonly { metric: RateMetric; label: string }[] = [
  { metric: "manualShare", label: "Manual-entry share" },
  { metric: "alertsPer100", label: "Alerts per 100 scans" },
  { metric: "warningsPer100", label: "Warnings per 100 scans" },
];

export interface TrendPoint {
  scans: number;
  manualShare: number | null;
  alertsPer100: number | null;
  warningsPer100: number | null;
}

export interface TrendSeries {
  /** A plain identifier for the chart ("s0", "s1"…): property names may hold dots and other marks. */
  id: string;
  key: string;
  label: string;
}

export interface TrendDay {
  day: string;
  stored: boolean;
  /** By series id; null (or absent) when that day's report has no row for the property. */
  points: Record<string, TrendPoint | null>;
}

export interface SeriesSummary {
  id: string;
  label: string;
  /** Stored days whose report has a row for the property. */
  daysWithFigures: number;
  totalScans: number;
  averageScans: number | null;
  /** Over the whole range: the sums' ratio, not an average of daily rates. */
  manualShare: number | null;
  alertsPer100: number | null;
  warningsPer100: number | null;
}

export interface Trends {
  range: RangeDays;
  from: string;
  to: string;
  storedDays: number;
  days: TrendDay[];
  series: TrendSeries[];
  summaries: SeriesSummary[];
  localWarningsIncomplete: boolean;
}

export interface StoredUsageDay {
  day: string;
  byProperty: readonly UsagePropertyRow[];
  /** The day's local-warnings headline: null when some property does not record them. */
  localWarningsValue: number | null;
}

export function pointOf(row: UsagePropertyRow): TrendPoint {
  return {
    scans: row.scans,
    manualShare: manualEntryShare(row),
    alertsPer100: alertsPer100(row),
    warningsPer100: warningsPer100(row),
  };
}

/** The `range` days ending with `to`, with the stored days (already cut to the person's properties) laid on them. */
export function buildTrends(to: string, range: RangeDays, stored: readonly StoredUsageDay[]): Trends {
  const days = daysEnding(to, range);
  const inRange = new Map(stored.filter((entry) => days.includes(entry.day)).map((entry) => [entry.day, entry]));
  const counts = nameCounts([...inRange.values()].map((entry) => entry.byProperty));

  // Newest day first, so the series follow the order of the latest report.
  const series: TrendSeries[] = [];
  const idOf = new Map<string, string>();
  for (const day of [...days].reverse()) {
    for (const entry of identifyRows(inRange.get(day)?.byProperty ?? [])) {
      if (idOf.has(entry.key)) continue;
      const id = `s${series.length}`;
      idOf.set(entry.key, id);
      series.push({
        id,
        key: entry.key,
        label: propertyLabel(entry.name, entry.occurrence, counts.get(entry.name) ?? 1),
      });
    }
  }

  const sums = new Map(series.map((s) => [s.id, { days: 0, scans: 0, manual: 0, alerts: 0, warnings: 0 }]));
  const trendDays = days.map((day): TrendDay => {
    const entry = inRange.get(day);
    const points: Record<string, TrendPoint | null> = Object.fromEntries(series.map((s) => [s.id, null]));
    for (const identified of identifyRows(entry?.byProperty ?? [])) {
      const id = idOf.get(identified.key)!;
      const row = identified.row;
      points[id] = pointOf(row);
      const sum = sums.get(id)!;
      sum.days += 1;
      sum.scans += row.scans;
      sum.manual += row.manualEntry;
      sum.alerts += row.banMatches + row.criminal + row.sexOffender;
      sum.warnings += row.ageAlert + row.localAlert;
    }
    return { day, stored: entry !== undefined, points };
  });

  const summaries = series.map((s): SeriesSummary => {
    const sum = sums.get(s.id)!;
    return {
      id: s.id,
      label: s.label,
      daysWithFigures: sum.days,
      totalScans: sum.scans,
      averageScans: sum.days === 0 ? null : sum.scans / sum.days,
      manualShare: per100(sum.manual, sum.scans),
      alertsPer100: per100(sum.alerts, sum.scans),
      warningsPer100: per100(sum.warnings, sum.scans),
    };
  });

  return {
    range,
    from: days[0]!,
    to,
    storedDays: inRange.size,
    days: trendDays,
    series,
    summaries,
    localWarningsIncomplete: [...inRange.values()].some((entry) => entry.localWarningsValue === null),
  };
}

export type ChartRow = { label: string } & Record<string, number | null | string>;

/** One row per day of the range for the chart: a day not stored, or without the figure, is null (a gap). */
export function chartRows(trends: Trends, metric: TrendMetric): ChartRow[] {
  return trends.days.map((day) => {
    const row: ChartRow = { label: formatShortDay(day.day) };
    for (const s of trends.series) row[s.id] = day.points[s.id]?.[metric] ?? null;
    return row;
  });
}

/** A cell of the day-by-day table, telling a day not stored from a property missing and from a rate without scans. */
export function describeTrendCell(day: TrendDay, seriesId: string, metric: TrendMetric): string {
  if (!day.stored) return "Not stored";
  const point = day.points[seriesId];
  if (!point) return "No row";
  const value = point[metric];
  if (metric === "scans") return formatValue(value);
  return metric === "manualShare" ? formatShare(value) : formatRate(value);
}

/** "23 of 30 days stored". */
export function describeStoredDays(trends: Pick<Trends, "storedDays" | "range">): string {
  return `${trends.storedDays} of ${trends.range} days stored`;
}
