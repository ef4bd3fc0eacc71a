/**
 * Screening coverage: the share of a property day's arrivals with no screening record
 * (`matchedBanAtCheckIn: null`), beside the share typed in by staff. An arrival without a screening
 * record is not "clear": nobody checked it against the ban list. Pure, unit-tested.
 */

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

export function coverageCell(counts: Pick<PropertyDayCounts, "arrivals" | "unscreened" | "manual">): CoverageCell {
  if (counts.arrivals <= 0) return { state: "no arrivals" };
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
  const byKey = new Map<string, PropertyDayCounts>();
  for (const entry of counts) {
    byKey.set(`${entry.day}|${coveragePropertyKey(entry.propertyName, entry.propertyTimeZone)}`, entry);
  }
  const series = properties.map((property) => ({
    ...property,
    cells: days.map((day): CoverageCell => {
      if (purgedDays.has(day) || purgedParts?.has(`${day}|${property.propertyName}`)) return { state: "not kept" };
      const found = byKey.get(`${day}|${property.key}`);
      if (found) return coverageCell(found);
      if (storedEmpty.has(`${day}|${property.propertyName}`)) return { state: "no arrivals" };
      return { state: "not stored" };
    }),
  }));
  return { days: [...days], series };
}

const oneDecimal = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A share in words for a cell: "12.5 %", "—" (no arrivals), "not kept", "not stored". */
export function formatCoverage(cell: CoverageCell, figure: "unscreenedShare" | "manualShare"): string {
  switch (cell.state) {
    case "shares":
      return `${oneDecimal.format(cell[figure])} %`;
    case "no arrivals":
      return "—";
    case "not kept":
      return "not kept";
    case "not stored":
      return "not stored";
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
