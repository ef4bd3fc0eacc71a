/**
 * Screening coverage: the share of a property day's arrivals with no screening record
 * (`matchedBanAtCheckIn: null`), beside the share typed in by staff. An arrival without a screening
 * record is not "clear": nobody checked it against the ban list. Pure, unit-tested.
 */

import type { Formatter } from "@/lib/core/format";
import type { PropertyDayCounts } from "@/lib/features/history/screening";

import type { Judgement } from "./unusual";

export type { PropertyDayCounts };

/**
 * A property day's shares: figures in percent; "no arrivals" has no share ("—"); "not kept" is a day
 * whose guest data retention removed; "not stored" is a day Daybook did not store for the property.
 */
export type CoverageCell =
  | { state: "shares"; arrivals: number; unscreenedShare: number; manualShare: number }
  | { state: "no arrivals" }
  | { state: "not kept" }
  | { state: "not stored" };

// The cells without figures, shared by every property day in that state (they are never changed).
const NOT_STORED: CoverageCell = Object.freeze({ state: "not stored" });
const NOT_KEPT: CoverageCell = Object.freeze({ state: "not kept" });
const NO_ARRIVALS: CoverageCell = Object.freeze({ state: "no arrivals" });

export function coverageCell(counts: Pick<PropertyDayCounts, "arrivals" | "unscreened" | "manual">): CoverageCell {
  if (counts.arrivals <= 0) return NO_ARRIVALS;
  return {
    state: "shares",
    arrivals: counts.arrivals,
    unscreenedShare: (counts.unscreened * 100) / counts.arrivals,
    manualShare: (counts.manual * 100) / counts.arrivals,
  };
}

/** A property as the coverage tables show it: a name several share is apart by zone. */
export interface CoverageProperty {
  key: string;
  propertyName: string;
  propertyTimeZone: string | null;
}

export interface CoverageSeries extends CoverageProperty {
  /** How the property is shown: a name several share carries its zone. */
  label?: string;
  /** One cell per day of `days`, oldest first. */
  cells: CoverageCell[];
  /**
   * One day's share without a screening record judged against the property's own history (see
   * ./unusual.ts); only on a table of one day.
   */
  judgement?: Judgement;
}

export interface CoverageTable {
  days: string[];
  series: CoverageSeries[];
}

export function coveragePropertyKey(name: string, zone: string | null): string {
  return JSON.stringify([name, zone]);
}

/**
 * The coverage of `properties` over `days`: counts stored for a property day give its shares; a
 * property day stored without arrivals has none; a day whose guest data was purged is "not kept";
 * anything else was not stored. A name several properties share is listed once per zone its
 * arrivals named, and a day without arrivals of such a name cannot be told apart, so reads "not stored".
 */
export function coverageTable({
  days,
  properties,
  counts,
  storedEmpty,
  purgedDays,
  purgedParts,
}: {
  days: readonly string[];
  properties: readonly CoverageProperty[];
  counts: readonly PropertyDayCounts[];
  /** `${day}|${name}` of property days stored without arrivals. */
  storedEmpty: ReadonlySet<string>;
  purgedDays: ReadonlySet<string>;
  /** `${day}|${name}` of property days whose guest data their own policy's retention removed. */
  purgedParts?: ReadonlySet<string>;
}): CoverageTable {
  // Filled by day index rather than looked up cell by cell: a year of a large group is 78,000 cells.
  const dayIndex = new Map(days.map((day, index) => [day, index]));
  const byKey = new Map<string, CoverageCell[]>();
  const byName = new Map<string, CoverageCell[][]>();
  const series = properties.map((property) => {
    const cells = new Array<CoverageCell>(days.length).fill(NOT_STORED);
    byKey.set(property.key, cells);
    byName.set(property.propertyName, [...(byName.get(property.propertyName) ?? []), cells]);
    return { ...property, cells };
  });
  /** Every series of the name in `${day}|${name}` (a day is ten characters), at that day. */
  const setByDayName = (dayName: string, cell: CoverageCell) => {
    const index = dayIndex.get(dayName.slice(0, 10));
    if (index === undefined) return;
    for (const cells of byName.get(dayName.slice(11)) ?? []) cells[index] = cell;
  };
  // Weakest first, each overriding the one before: stored without arrivals, counted, purged.
  for (const dayName of storedEmpty) setByDayName(dayName, NO_ARRIVALS);
  for (const entry of counts) {
    const index = dayIndex.get(entry.day);
    const cells = byKey.get(coveragePropertyKey(entry.propertyName, entry.propertyTimeZone));
    if (index !== undefined && cells) cells[index] = coverageCell(entry);
  }
  for (const dayName of purgedParts ?? []) setByDayName(dayName, NOT_KEPT);
  for (const day of purgedDays) {
    const index = dayIndex.get(day);
    if (index !== undefined) for (const { cells } of series) cells[index] = NOT_KEPT;
  }
  return { days: [...days], series };
}

/**
 * A cell as a screen says it, in the person's language and formats: the key of its words in
 * insights.coverage.cells ("12.5 %", "—" without arrivals, "not kept", "not stored") and the share,
 * to one decimal, that "share" fills in.
 */
export function coverageCellMessage(
  cell: CoverageCell,
  figure: "unscreenedShare" | "manualShare",
  format: Pick<Formatter, "number">,
): { key: "share" | "noArrivals" | "notKept" | "notStored"; share: string } {
  switch (cell.state) {
    case "shares":
      return {
        key: "share",
        share: format.number(cell[figure], { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      };
    case "no arrivals":
      return { key: "noArrivals", share: "" };
    case "not kept":
      return { key: "notKept", share: "" };
    case "not stored":
      return { key: "notStored", share: "" };
  }
}

/** The newest day of a series with shares: what the side-by-side table shows. */
export function latestShares(
  series: CoverageSeries,
  days: readonly string[],
): { day: string; cell: CoverageCell } | null {
  for (let index = series.cells.length - 1; index >= 0; index--) {
    const cell = series.cells[index]!;
    if (cell.state !== "not stored") return { day: days[index]!, cell };
  }
  return null;
}
