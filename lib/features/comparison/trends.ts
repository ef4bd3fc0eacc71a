/**
 * Each property's figures over the stored days of a range. A day Daybook did not store is a gap,
 * never a zero; so is a rate on a day without scans, and a day whose report has no row for the
 * property.
 */

import { daysEnding, type RangeDays } from "@/lib/core/days";
import type { Formatter } from "@/lib/core/format";
import {
  countOf,
  identifyRows,
  nameCounts,
  propertyLabel,
  sharedRows,
  type PropertyNameWords,
  type RowZones,
  type SharedRows,
} from "@/lib/core/property-names";
import type { UsageDay } from "@/lib/features/history/usage-days";
import type { FigureFormat } from "@/lib/features/overview/figure-words";
import {
  per100,
  rowFiguresMissing,
  unrecordedFigures,
  type RowColumn,
  type TableFigure,
} from "@/lib/features/overview/figures";
import type { Translate } from "@/lib/features/overview/words";
import type { UsagePropertyRow } from "@/lib/features/reports/types";

export type TrendMetric = "scans" | "manualShare" | "alertsPer100" | "warningsPer100";
export type RateMetric = Exclude<TrendMetric, "scans">;

/** The rates a chart may show; each is named as its column (`overview.columns`). */
export const RATE_METRICS: readonly { metric: RateMetric }[] = [
  { metric: "manualShare" },
  { metric: "alertsPer100" },
  { metric: "warningsPer100" },
];

/** A property's figures on one day; null where not recorded (or, for a rate, where there were no scans). */
export interface TrendPoint {
  scans: number | null;
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
  /** The figures the day did not record: their cells say so. */
  notRecorded: TableFigure[];
  /** By series id; null (or absent) when that day's report has no row for the property. */
  points: Record<string, TrendPoint | null>;
}

export interface SeriesSummary {
  id: string;
  label: string;
  /** Stored days whose report has a row for the property. */
  daysWithFigures: number;
  /** Null, as each figure below, when some day of the range did not record it. */
  totalScans: number | null;
  averageScans: number | null;
  /** Over the whole range: the sums' ratio, not an average of daily rates. */
  manualShare: number | null;
  alertsPer100: number | null;
  warningsPer100: number | null;
  notRecorded: TableFigure[];
}

export interface Trends {
  range: RangeDays;
  from: string;
  to: string;
  storedDays: number;
  days: TrendDay[];
  series: TrendSeries[];
  summaries: SeriesSummary[];
  /** The figures some stored day of the range did not record: a note says what "Not recorded" means. */
  unrecorded: RowColumn[];
  /** What a shared name's numbering means, when two of the properties share one. */
  sharedNote: SharedRows | null;
}

/** A stored usage day cut to the person's properties (lib/features/reports/scope.ts). */
export type StoredUsageDay = UsageDay;

export function pointOf(row: UsagePropertyRow, unrecorded: ReadonlySet<RowColumn> = new Set()): TrendPoint {
  return pointMissing(row, new Set(unrecordedFigures(unrecorded)));
}

/** `pointOf`, given the day's figures not recorded, worked out once for all its rows. */
function pointMissing(row: UsagePropertyRow, missing: ReadonlySet<TableFigure>): TrendPoint {
  const { scans, manualShare, alertsPer100, warningsPer100 } = rowFiguresMissing(row, missing);
  return { scans, manualShare, alertsPer100, warningsPer100 };
}

/** The `range` days ending with `to`, with the stored days (already cut to the person's properties) laid on them. */
export function buildTrends(
  to: string,
  range: RangeDays,
  stored: readonly StoredUsageDay[],
  /** The zones of shared names' rows, where Daybook can tell them (lib/features/history/row-zones.ts). */
  zones?: RowZones,
  /** The person's words for the properties' labels; English by default. */
  words?: PropertyNameWords,
): Trends {
  const days = daysEnding(to, range);
  const inRange = new Map(stored.filter((entry) => days.includes(entry.day)).map((entry) => [entry.day, entry]));
  const counts = nameCounts([...inRange.values()].map((entry) => entry.byProperty));

  // Each day's rows told apart once: the series and the points both need them.
  const identified = new Map([...inRange].map(([day, entry]) => [day, identifyRows(entry.byProperty)]));

  // Newest day first, so the series follow the order of the latest report.
  const series: TrendSeries[] = [];
  const idOf = new Map<string, string>();
  for (const day of [...days].reverse()) {
    for (const entry of identified.get(day) ?? []) {
      if (idOf.has(entry.key)) continue;
      const id = `s${series.length}`;
      idOf.set(entry.key, id);
      series.push({
        id,
        key: entry.key,
        label: propertyLabel(entry.name, entry.occurrence, countOf(counts, entry.name), zones?.[entry.key], words),
      });
    }
  }

  const sums = new Map(
    series.map((s) => [
      s.id,
      { days: 0, scans: 0, manual: 0, alerts: 0, warnings: 0, notRecorded: new Set<TableFigure>() },
    ]),
  );
  const unrecordedInRange = new Set<RowColumn>();
  const trendDays = days.map((day): TrendDay => {
    const entry = inRange.get(day);
    const unrecorded = entry?.unrecorded ?? new Set<RowColumn>();
    for (const column of unrecorded) unrecordedInRange.add(column);
    const notRecorded = unrecordedFigures(unrecorded);
    const missing = new Set(notRecorded);
    // Only the properties with a row that day: an absent one reads as null.
    const points: Record<string, TrendPoint | null> = {};
    for (const { key, row } of identified.get(day) ?? []) {
      const id = idOf.get(key)!;
      points[id] = pointMissing(row, missing);
      const sum = sums.get(id)!;
      sum.days += 1;
      sum.scans += row.scans;
      sum.manual += row.manualEntry;
      sum.alerts += row.banMatches + row.criminal + row.sexOffender;
      sum.warnings += row.ageAlert + row.localAlert;
      // A total over the range that takes in a day's unrecorded 0s is not a count either.
      for (const figure of notRecorded) sum.notRecorded.add(figure);
    }
    return { day, stored: entry !== undefined, notRecorded, points };
  });

  const summaries = series.map((s): SeriesSummary => {
    const sum = sums.get(s.id)!;
    const recorded = (figure: TableFigure, value: number | null) => (sum.notRecorded.has(figure) ? null : value);
    const scansRecorded = !sum.notRecorded.has("scans");
    return {
      id: s.id,
      label: s.label,
      daysWithFigures: sum.days,
      totalScans: recorded("scans", sum.scans),
      averageScans: scansRecorded && sum.days > 0 ? sum.scans / sum.days : null,
      manualShare: recorded("manualShare", per100(sum.manual, sum.scans)),
      alertsPer100: recorded("alertsPer100", per100(sum.alerts, sum.scans)),
      warningsPer100: recorded("warningsPer100", per100(sum.warnings, sum.scans)),
      notRecorded: [...sum.notRecorded],
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
    unrecorded: [...unrecordedInRange],
    sharedNote: sharedRows(
      [...inRange.values()].sort((a, b) => b.day.localeCompare(a.day))[0]?.byProperty ?? [],
      zones,
    ),
  };
}

export type ChartRow = { label: string } & Record<string, number | null | string>;

/**
 * One row per day of the range for the chart: a day not stored, or without the figure, is null (a
 * gap). `shortDay` labels a day (the person's `Formatter.shortDay`).
 */
export function chartRows(trends: Trends, metric: TrendMetric, shortDay: (day: string) => string): ChartRow[] {
  return trends.days.map((day) => {
    const row: ChartRow = { label: shortDay(day.day) };
    for (const s of trends.series) row[s.id] = day.points[s.id]?.[metric] ?? null;
    return row;
  });
}

/** The words a day-by-day cell needs: keys under `properties.cells`. */
export type CellKey = "notStored" | "noRow" | "notRecorded";

/** A figure of a point, as its column shows it. */
function pointFigure(figures: FigureFormat, point: TrendPoint, metric: TrendMetric): string {
  const value = point[metric];
  if (metric === "scans") return figures.value(value);
  return metric === "manualShare" ? figures.share(value) : figures.rate(value);
}

/** A cell of the day-by-day table, telling a day not stored from a property missing and from a rate without scans. */
export function describeTrendCell(
  t: Translate<CellKey>,
  figures: FigureFormat,
  day: TrendDay,
  seriesId: string,
  metric: TrendMetric,
): string {
  if (!day.stored) return t("notStored");
  const point = day.points[seriesId];
  if (!point) return t("noRow");
  if (day.notRecorded.includes(metric)) return t("notRecorded");
  return pointFigure(figures, point, metric);
}

/** "23 of 30 days stored". `t`: `useTranslations("properties.trends")`. */
export function describeStoredDays(t: Translate<"storedDays">, trends: Pick<Trends, "storedDays" | "range">): string {
  return t("storedDays", { stored: trends.storedDays, range: trends.range });
}

/**
 * The group's figures on one day: the day's counts summed over the properties that have a row, and
 * the rates computed from those sums (never an average of the properties' rates, which would weigh a
 * property of ten scans as one of a thousand).
 */
export interface GroupTrendDay {
  day: string;
  stored: boolean;
  notRecorded: TableFigure[];
  /** Properties in the day's sums: those with a row that day. A figure not recorded covers none. */
  covered: number;
  /** Null when the day is not stored; each figure null where not recorded, a rate also without scans. */
  group: TrendPoint | null;
  /** The chosen property's own figures; null without a choice, or when its row is missing that day. */
  chosen: TrendPoint | null;
}

export interface GroupTrends {
  range: RangeDays;
  from: string;
  to: string;
  storedDays: number;
  /** Every one of the person's properties in the range. */
  properties: number;
  days: GroupTrendDay[];
  /** The property drawn beside the group, as its series. */
  chosen: TrendSeries | null;
  unrecorded: RowColumn[];
  sharedNote: SharedRows | null;
}

/** The day's sums of the row columns each rate needs. */
function groupPoint(rows: readonly UsagePropertyRow[], unrecorded: ReadonlySet<RowColumn>): TrendPoint {
  const total: UsagePropertyRow = {
    propertyName: "",
    scans: 0,
    manualEntry: 0,
    bansAdded: 0,
    criminalMatches: 0,
    sexOffenderMatches: 0,
    banMatches: 0,
    criminal: 0,
    sexOffender: 0,
    ageAlert: 0,
    localAlert: 0,
  };
  for (const row of rows) {
    for (const column of Object.keys(total) as (keyof UsagePropertyRow)[]) {
      if (column !== "propertyName") total[column] += row[column];
    }
  }
  // The sums are one more row: the same rules of "not recorded" and "no rate without scans" apply.
  return pointOf(total, unrecorded);
}

/**
 * The group as a whole, day by day, from the same stored days as `trends` (built by buildTrends from
 * them): for a person with more properties than lines fit in a chart. `chosenId`, a series id, adds
 * that property's own figures beside the group's.
 */
export function groupTrends(trends: Trends, stored: readonly StoredUsageDay[], chosenId?: string): GroupTrends {
  const byDay = new Map(stored.map((entry) => [entry.day, entry]));
  const chosen = trends.series.find((s) => s.id === chosenId) ?? null;
  const days = trends.days.map((trendDay): GroupTrendDay => {
    const entry = trendDay.stored ? byDay.get(trendDay.day) : undefined;
    if (!entry) {
      return { day: trendDay.day, stored: false, notRecorded: [], covered: 0, group: null, chosen: null };
    }
    return {
      day: trendDay.day,
      stored: true,
      notRecorded: trendDay.notRecorded,
      covered: entry.byProperty.length,
      group: groupPoint(entry.byProperty, entry.unrecorded),
      chosen: chosen ? (trendDay.points[chosen.id] ?? null) : null,
    };
  });
  return {
    range: trends.range,
    from: trends.from,
    to: trends.to,
    storedDays: trends.storedDays,
    properties: trends.series.length,
    days,
    chosen,
    unrecorded: trends.unrecorded,
    sharedNote: trends.sharedNote,
  };
}

/** The group's chart rows: "group" and, with a property chosen, "chosen"; a gap where a figure is missing. */
export function groupChartRows(group: GroupTrends, metric: TrendMetric, shortDay: (day: string) => string): ChartRow[] {
  return group.days.map((day) => {
    const row: ChartRow = { label: shortDay(day.day), group: day.group?.[metric] ?? null };
    if (group.chosen) row.chosen = day.chosen?.[metric] ?? null;
    return row;
  });
}

/** A figure of the group's day table: a day not stored, a figure not recorded, no rate, or the figure. */
export function describeGroupCell(
  t: Translate<CellKey>,
  figures: FigureFormat,
  day: GroupTrendDay,
  metric: TrendMetric,
  who: "group" | "chosen",
): string {
  if (!day.stored) return t("notStored");
  const point = day[who];
  if (!point) return t("noRow");
  if (day.notRecorded.includes(metric)) return t("notRecorded");
  return pointFigure(figures, point, metric);
}

/** "198 of 200": the properties a stored day's sums cover. `t`: `useTranslations("properties.trends")`. */
export function describeCovered(
  t: Translate<"covered">,
  format: Formatter,
  day: GroupTrendDay,
  properties: number,
): string {
  return day.stored
    ? t("covered", { covered: format.number(day.covered), properties: format.number(properties) })
    : "—";
}
