/**
 * Unusual days listed: every (property, day, rate) of a run of stored days that the rule of
 * unusual.ts flags, so a person finds them without opening each day. Pure.
 *
 * Each day is judged exactly as the screen of that day judges it: the same scoped rows (a figure
 * the day did not record for the person's properties is never judged), against the same usual
 * range drawn from the HISTORY_DAYS calendar days before it. The list covers stored days only: a
 * day Daybook did not store, or a property's day it did not store, has no row to judge and is
 * never said to be usual.
 *
 * Scope is the person's access now: a property they were given mid-range is listed over the whole
 * range (its history is its own, not the person's), and one taken away is not listed at all.
 */

import { addDays } from "@/lib/core/days";
import { pageOf } from "@/lib/core/paging";
import {
  countOf,
  identifyRows,
  nameCounts,
  propertyLabel,
  type PropertyNameWords,
  type RowZones,
} from "@/lib/core/property-names";

import {
  baselineOfSorted,
  HISTORY_DAYS,
  judge,
  qualifies,
  RATE_KEYS,
  RATE_SPECS,
  rateSeries,
  type HistoryDay,
  type RateKey,
  type RatePoint,
  type RateUnit,
} from "./unusual";

/** One rate of one property on one day, outside its usual range. */
export interface UnusualDayRow {
  /** The property's row key (its name and place among rows of that name): stable across days. */
  key: string;
  propertyName: string;
  /** As every table shows it: a shared name says which of them ("Seaside Suites (2 of 2)"). */
  label: string;
  day: string;
  rate: RateKey;
  /** "Manual entry". */
  figure: string;
  unit: RateUnit;
  value: number;
  low: number;
  high: number;
  direction: "above" | "below";
  /** "Manual entry 45.3 %, usually 12–28 %". */
  sentence: string;
}

export interface ListedProperty {
  key: string;
  label: string;
}

export interface UnusualDays {
  /** How many stored days were asked for (one of the Properties screen's ranges). */
  range: number;
  /** The stored days listed, oldest first: up to `range` of them, fewer while Daybook holds fewer. */
  days: string[];
  /** Newest day first; within a day by property, then in the order the tables show the rates. */
  rows: UnusualDayRow[];
  /** The person's properties in the listed days, by label: what the list can be narrowed to. */
  properties: ListedProperty[];
}

/**
 * The stored days a list covers: the `range` newest stored days on or before `to` (the newest
 * stored day when not given), oldest first. `stored` may come in any order.
 */
export function listedDays(stored: readonly string[], range: number, to?: string): string[] {
  return [...new Set(stored)]
    .filter((day) => to === undefined || day <= to)
    .sort()
    .slice(-range);
}

/**
 * The unusual rates of `days` (stored days, any order), each judged against the stored days of
 * `history` before it. `history` holds the listed days and the HISTORY_DAYS before the first.
 */
export function unusualDays(
  history: readonly HistoryDay[],
  days: readonly string[],
  range: number,
  /** The zones of shared names' rows, where Daybook can tell them (lib/features/history/row-zones.ts). */
  zones?: RowZones,
  /** The person's words for the properties' labels; English by default. */
  words?: PropertyNameWords,
): UnusualDays {
  const listed = [...days].sort();
  const wanted = new Set(listed);
  const inRange = history.filter((entry) => wanted.has(entry.day));
  // One label per property for the whole list, from the rows of every listed day.
  const counts = nameCounts(inRange.map((entry) => entry.byProperty));
  const labels = new Map<string, ListedProperty & { propertyName: string }>();
  for (const entry of inRange) {
    for (const { key, name, occurrence } of identifyRows(entry.byProperty)) {
      if (!labels.has(key)) {
        labels.set(key, {
          key,
          propertyName: name,
          label: propertyLabel(name, occurrence, countOf(counts, name), zones?.[key], words),
        });
      }
    }
  }

  const rows: UnusualDayRow[] = [];
  // Oldest first, so each day's history is the run of points just before it: found by moving its
  // start along, not by searching the whole series again for every day (a year is 365 of them).
  const ordered = [...history].sort((a, b) => a.day.localeCompare(b.day));
  const firstOfHistory = new Map(listed.map((day) => [day, addDays(day, -HISTORY_DAYS)]));
  for (const [key, series] of rateSeries(ordered)) {
    const property = labels.get(key);
    if (!property) continue;
    for (const rate of RATE_KEYS) {
      const spec = RATE_SPECS[rate];
      const points = series[rate];
      // What baselineOf(points, point.day) takes, the qualifying values of the days in the window
      // before the point (one point a day, oldest first), kept sorted as the window moves along.
      const window = new SortedWindow(points.length);
      let start = 0;
      for (let index = 0; index < points.length; index += 1) {
        const point = points[index]!;
        const first = firstOfHistory.get(point.day);
        if (first === undefined) continue;
        window.addUpTo(points, index);
        while (start < index && points[start]!.day < first) window.remove(points[start++]!);
        const judgement = judge(spec, point, baselineOfSorted(window.values, window.size));
        if (judgement.kind !== "unusual") continue;
        rows.push({
          key,
          propertyName: property.propertyName,
          label: property.label,
          day: point.day,
          rate,
          figure: spec.name,
          unit: spec.unit,
          value: judgement.value,
          low: judgement.low,
          high: judgement.high,
          direction: judgement.direction,
          sentence: judgement.sentence,
        });
      }
    }
  }
  rows.sort(
    (a, b) =>
      b.day.localeCompare(a.day) ||
      a.label.localeCompare(b.label) ||
      RATE_KEYS.indexOf(a.rate) - RATE_KEYS.indexOf(b.rate),
  );
  const properties = [...labels.values()]
    .map(({ key, label }) => ({ key, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return { range, days: listed, rows, properties };
}

/** The list as one page shows it: narrowed to one property, then one page of it. */
export interface UnusualDaysPage {
  rows: UnusualDayRow[];
  /** Rows before paging (after the property filter). */
  total: number;
  /** 1-based; never beyond the last page. */
  page: number;
  /** The place of the page's first row in the list, from 1 (0 when there is none). */
  first: number;
  pages: number;
  /** The property the list is narrowed to, or null for all the person's properties. */
  property: ListedProperty | null;
  /** A property asked for that is none of the person's listed properties: the list is then not narrowed. */
  unknownProperty: boolean;
}

/**
 * One page of the list. `property` is a label as the filter offers it; `page` as typed in the
 * address (anything but a whole number from 1 is the first page, beyond the last is the last).
 */
export function pageOfUnusualDays(
  list: UnusualDays,
  { property, page, pageSize }: { property?: string; page?: string; pageSize: number },
): UnusualDaysPage {
  const chosen = property === undefined ? null : (list.properties.find((entry) => entry.label === property) ?? null);
  const rows = chosen ? list.rows.filter((row) => row.key === chosen.key) : list.rows;
  return {
    ...pageOf(rows, page, pageSize),
    property: chosen,
    unknownProperty: property !== undefined && chosen === null,
  };
}

/** How many property days had an unusual rate (a day with two unusual rates counts once). */
export function unusualPropertyDays(rows: readonly UnusualDayRow[]): number {
  return new Set(rows.map((row) => JSON.stringify([row.key, row.day]))).size;
}

/** "the last 7 stored days", "the last stored day": only ever counting what Daybook stored. */
export function storedDaysWords(list: Pick<UnusualDays, "days">): string {
  return list.days.length === 1 ? "the last stored day" : `the last ${list.days.length} stored days`;
}

/** Where the Overview's line leads a person who may open Properties: the list over the same seven stored days. */
export const UNUSUAL_DAYS_LIST_HREF = "/properties?range=7#unusual-days";

/** The Overview of one stored day, where its rates are marked: for a person who cannot open Properties. */
export function overviewDayHref(day: string): string {
  return `/?${new URLSearchParams({ day })}`;
}

/**
 * The Overview's one line, for insights.unusual.line ("Unusual days in the last 7 stored days: 2"):
 * the stored days it covers and the property days found unusual; null when there was none.
 */
export function unusualDaysLine(list: UnusualDays): { days: number; count: number } | null {
  const count = unusualPropertyDays(list.rows);
  return count === 0 ? null : { days: list.days.length, count };
}

const oneDecimal = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const upToOneDecimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** The day's figure as the sentences write it: "45.3 %", "9.5 per 100 scans". */
export function formatRateValue(row: Pick<UnusualDayRow, "value" | "unit">): string {
  return row.unit === "percent" ? `${oneDecimal.format(row.value)} %` : `${oneDecimal.format(row.value)} per 100 scans`;
}

/** The usual range as the sentences write it: "12–28 %", "1.2–4.8 per 100 scans". */
export function formatUsualRange(row: Pick<UnusualDayRow, "low" | "high" | "unit">): string {
  const range = `${upToOneDecimal.format(row.low)}–${upToOneDecimal.format(row.high)}`;
  return row.unit === "percent" ? `${range} %` : `${range} per 100 scans`;
}

/**
 * The qualifying values of a run of a series' points, ascending: points join at the end of the
 * run and leave from its start, each in O(window) rather than sorting the window again per day.
 */
class SortedWindow {
  readonly values: Float64Array;
  size = 0;
  /** The points up to here (exclusive) have joined. */
  private end = 0;

  constructor(capacity: number) {
    this.values = new Float64Array(Math.max(capacity, 1));
  }

  addUpTo(points: readonly RatePoint[], end: number): void {
    for (; this.end < end; this.end += 1) {
      const point = points[this.end]!;
      if (!qualifies(point)) continue;
      let at = this.size;
      while (at > 0 && this.values[at - 1]! > point.value) {
        this.values[at] = this.values[at - 1]!;
        at -= 1;
      }
      this.values[at] = point.value;
      this.size += 1;
    }
  }

  remove(point: RatePoint): void {
    if (!qualifies(point)) return;
    let at = 0;
    while (at < this.size && this.values[at] !== point.value) at += 1;
    if (at === this.size) return;
    this.values.copyWithin(at, at + 1, this.size);
    this.size -= 1;
  }
}
