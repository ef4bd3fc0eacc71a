/**
 * Figures the Overview derives from the usage summary report. Pure and free of React, so every
 * branch is unit-tested. The contract's rules kept here: null is "not recorded", never zero; a
 * null changePercent is "no comparable baseline", never 0 %; alerts and warnings are never added
 * together (rates are per block).
 */

import { rowLabels, type PropertyNameWords } from "@/lib/core/property-names";
import type { Metric, ScopedUsageReport, UsagePropertyRow } from "@/lib/features/reports/types";

export type Block = "totals" | "alerts" | "warnings";
export type RowColumn = Exclude<keyof UsagePropertyRow, "propertyName">;

export interface TileSpec {
  block: Block;
  /** The metric's key in its block, which is also the matching column of a property row. */
  column: RowColumn;
  label: string;
  /** The label with its block, for sentences outside the block: "Local warnings". */
  name: string;
  hint: string;
}

export const BLOCKS: readonly { block: Block; heading: string; description: string; tiles: readonly TileSpec[] }[] = [
  {
    block: "totals",
    heading: "Totals",
    description: "What the kiosks and staff did.",
    tiles: [
      {
        block: "totals",
        column: "scans",
        label: "Scans",
        name: "Scans",
        hint: "Guests processed, one per person checked in",
      },
      {
        block: "totals",
        column: "manualEntry",
        label: "Manual entry",
        name: "Manual entry",
        hint: "Of the scans, typed in by staff",
      },
      {
        block: "totals",
        column: "bansAdded",
        label: "Bans added",
        name: "Bans added",
        hint: "Ban records created by staff",
      },
      {
        block: "totals",
        column: "criminalMatches",
        label: "Criminal matches",
        name: "Criminal matches",
        hint: "Guests matching a criminal record",
      },
      {
        block: "totals",
        column: "sexOffenderMatches",
        label: "Sex-offender matches",
        name: "Sex-offender matches",
        hint: "Guests matching the registry",
      },
    ],
  },
  {
    block: "alerts",
    heading: "Alerts — something was found",
    description: "A guest matching several sources counts in each; these figures do not count guests.",
    tiles: [
      {
        block: "alerts",
        column: "banMatches",
        label: "Ban matches",
        name: "Ban-match alerts",
        hint: "Caught by a ban that already existed",
      },
      {
        block: "alerts",
        column: "criminal",
        label: "Criminal",
        name: "Criminal alerts",
        hint: "Found in the criminal-record feed",
      },
      {
        block: "alerts",
        column: "sexOffender",
        label: "Sex offender",
        name: "Sex-offender alerts",
        hint: "Found in a sex-offender registry",
      },
    ],
  },
  {
    block: "warnings",
    heading: "Warnings — nothing found, a threshold was crossed",
    description: "Nothing was found about these guests; a property's own threshold was crossed.",
    tiles: [
      {
        block: "warnings",
        column: "ageAlert",
        label: "Age",
        name: "Age warnings",
        hint: "Under the property's age limit",
      },
      {
        block: "warnings",
        column: "localAlert",
        label: "Local",
        name: "Local warnings",
        hint: "Address inside the property's local radius",
      },
    ],
  },
];

export const ALL_TILES: readonly TileSpec[] = BLOCKS.flatMap((entry) => entry.tiles);

type Figures = Pick<ScopedUsageReport, "totals" | "alerts" | "warnings">;

export function metricOf(report: Figures, tile: TileSpec): Metric {
  const group: Record<string, Metric> = report[tile.block];
  return group[tile.column] ?? { value: null, changePercent: null };
}

// The English figures below (formatValue, formatShare, formatRate, describeChange, unrecordedNote,
// missingBaselineReason) are the mail's digest's and the reports' cells'; screens word figures in the
// person's language and formats through figure-words.ts.
const countFormat = new Intl.NumberFormat("en-US");
const oneDecimal = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const upToOneDecimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** A metric value: the number, or "Not recorded" for null (which is not zero). */
export function formatValue(value: number | null): string {
  return value === null ? "Not recorded" : countFormat.format(value);
}

export type ChangeDirection = "up" | "down" | "same" | "none";

export interface Change {
  direction: ChangeDirection;
  words: string;
}

/** The movement against the day before, in words; null is "No comparable baseline", never 0 %. */
export function describeChange(changePercent: number | null): Change {
  if (changePercent === null || !Number.isFinite(changePercent))
    return { direction: "none", words: "No comparable baseline" };
  const amount = upToOneDecimal.format(Math.abs(changePercent));
  if (amount === "0") return { direction: "same", words: "No change on the day before" };
  return changePercent > 0
    ? { direction: "up", words: `Up ${amount} % on the day before` }
    : { direction: "down", words: `Down ${amount} % on the day before` };
}

export const NARROWED_REASON = "figures for your properties only; the API's comparison covers the whole group";
export const ZONES_REASON = "the properties are in several time zones";
export const NO_DAY_BEFORE_REASON = "no comparable day before";

/** Why the API gives no change: the key of `overview.reason` in the catalogue. */
export type BaselineReason = "narrowed" | "zones" | "noDayBefore";

const REASONS: Record<BaselineReason, string> = {
  narrowed: NARROWED_REASON,
  zones: ZONES_REASON,
  noDayBefore: NO_DAY_BEFORE_REASON,
};

/**
 * The API gives no changePercent for a group spanning several time zones. The report does not
 * list zones, so it shows as: several properties, figures present, and no change on any tile.
 */
export function spansSeveralZones(
  report: Pick<ScopedUsageReport, "totals" | "alerts" | "warnings" | "byProperty">,
): boolean {
  if (report.byProperty.length < 2) return false;
  const metrics = ALL_TILES.map((tile) => metricOf(report, tile));
  return metrics.every((metric) => metric.changePercent === null) && metrics.some((metric) => (metric.value ?? 0) > 0);
}

/** Why a tile has no comparable baseline. */
export function baselineReasonOf(
  report: Pick<ScopedUsageReport, "narrowed" | "totals" | "alerts" | "warnings" | "byProperty">,
): BaselineReason {
  if (report.narrowed) return "narrowed";
  if (spansSeveralZones(report)) return "zones";
  return "noDayBefore";
}

/** The same, in English words. */
export function missingBaselineReason(
  report: Pick<ScopedUsageReport, "narrowed" | "totals" | "alerts" | "warnings" | "byProperty">,
): string {
  return REASONS[baselineReasonOf(report)];
}

/** count per 100 scans; null when there were no scans (no rate, not a zero rate). */
export function per100(count: number, scans: number): number | null {
  return scans === 0 ? null : (count * 100) / scans;
}

export function manualEntryShare(row: UsagePropertyRow): number | null {
  return per100(row.manualEntry, row.scans);
}

/** Alerts only (ban, criminal, sex offender) per 100 scans; warnings are never added in. */
export function alertsPer100(row: UsagePropertyRow): number | null {
  return per100(row.banMatches + row.criminal + row.sexOffender, row.scans);
}

/** Warnings only (age, local) per 100 scans; alerts are never added in. */
export function warningsPer100(row: UsagePropertyRow): number | null {
  return per100(row.ageAlert + row.localAlert, row.scans);
}

/**
 * The row columns whose headline figure is "not recorded". Rows are bare integers, so a property
 * that does not record a figure reads 0 there, and the API does not say which rows those are: no
 * row figure of such a column is a count, and nothing computed from one is shown.
 */
export function unrecordedColumns(report: Figures): Set<RowColumn> {
  return new Set(ALL_TILES.filter((tile) => metricOf(report, tile).value === null).map((tile) => tile.column));
}

/** The row columns each figure of a property table is computed from. */
export const FIGURE_SOURCES = {
  scans: ["scans"],
  manualShare: ["manualEntry", "scans"],
  alertsPer100: ["banMatches", "criminal", "sexOffender", "scans"],
  warningsPer100: ["ageAlert", "localAlert", "scans"],
  bansAdded: ["bansAdded"],
} as const satisfies Record<string, readonly RowColumn[]>;

export type TableFigure = keyof typeof FIGURE_SOURCES;

/** The table figures that cannot be shown for a day, as some column they need is not recorded. */
export function unrecordedFigures(unrecorded: ReadonlySet<RowColumn>): TableFigure[] {
  return (Object.keys(FIGURE_SOURCES) as TableFigure[]).filter((figure) =>
    FIGURE_SOURCES[figure].some((column) => unrecorded.has(column)),
  );
}

/** A table figure of one row, null where it is not recorded (or, for a rate, where there were no scans). */
export function rowFigures(
  row: UsagePropertyRow,
  unrecorded: ReadonlySet<RowColumn>,
): Record<TableFigure, number | null> {
  return rowFiguresMissing(row, new Set(unrecordedFigures(unrecorded)));
}

/**
 * The same, given the day's figures not recorded (`unrecordedFigures`) once: a range of a large
 * group has tens of thousands of rows, each day's the same.
 */
export function rowFiguresMissing(
  row: UsagePropertyRow,
  missing: ReadonlySet<TableFigure>,
): Record<TableFigure, number | null> {
  const figure = (name: TableFigure, value: () => number | null) => (missing.has(name) ? null : value());
  return {
    scans: figure("scans", () => row.scans),
    manualShare: figure("manualShare", () => manualEntryShare(row)),
    alertsPer100: figure("alertsPer100", () => alertsPer100(row)),
    warningsPer100: figure("warningsPer100", () => warningsPer100(row)),
    bansAdded: figure("bansAdded", () => row.bansAdded),
  };
}

/** "Local warnings", "age warnings and local warnings": the figures a day did not record, in words. */
export function unrecordedNames(unrecorded: ReadonlySet<RowColumn>): string {
  const names = ALL_TILES.filter((tile) => unrecorded.has(tile.column)).map((tile) => tile.name.toLowerCase());
  const words = names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Under a table of rows from a day with a figure not recorded: why the cells say so. Null when
 * every figure was recorded.
 */
export function unrecordedNote(unrecorded: ReadonlySet<RowColumn>): string | null {
  if (unrecorded.size === 0) return null;
  return (
    `${unrecordedNames(unrecorded)}: not recorded for this day at every property. The API writes 0 in the ` +
    "rows where a property does not record a figure and does not say which rows those are, so no row " +
    "figure of it is a count, and the rates computed from it are not shown."
  );
}

export function formatShare(share: number | null): string {
  return share === null ? "—" : `${oneDecimal.format(share)} %`;
}

export function formatRate(rate: number | null): string {
  return rate === null ? "—" : oneDecimal.format(rate);
}

export type SumState = "matches" | "differs" | "not-recorded";

export interface SumCheck {
  tile: TileSpec;
  headline: number | null;
  sum: number;
  state: SumState;
}

/** Rule 3 of the contract: every row column sums across rows to its headline figure. */
export function checkRowSums(
  report: Pick<ScopedUsageReport, "totals" | "alerts" | "warnings" | "byProperty">,
): SumCheck[] {
  return ALL_TILES.map((tile) => {
    const headline = metricOf(report, tile).value;
    const sum = report.byProperty.reduce((total, row) => total + row[tile.column], 0);
    const state: SumState = headline === null ? "not-recorded" : headline === sum ? "matches" : "differs";
    return { tile, headline, sum, state };
  });
}

export interface TableRow {
  /** Position in the report: two properties may share a name. */
  index: number;
  propertyName: string;
  /** The name as shown: a shared name says which of them the row is, "Seaside Suites (1 of 2)". */
  label: string;
  /** Each figure is null where it is not recorded; a rate is also null where there were no scans. */
  scans: number | null;
  manualShare: number | null;
  alertsPer100: number | null;
  warningsPer100: number | null;
  bansAdded: number | null;
  noArrivals: boolean;
  /** The figures of this row that are not recorded for the day: their cells say so, never "—". */
  notRecorded: readonly TableFigure[];
}

/** A report's rows as a property table shows them; labels in `words` (the person's), English by default (a CSV). */
export function tableRows(
  report: Pick<ScopedUsageReport, "totals" | "alerts" | "warnings" | "byProperty" | "rowZones">,
  words?: PropertyNameWords,
): TableRow[] {
  const unrecorded = unrecordedColumns(report);
  const notRecorded = unrecordedFigures(unrecorded);
  const labels = rowLabels(report.byProperty, report.rowZones, words);
  return report.byProperty.map((row, index) => ({
    index,
    propertyName: row.propertyName,
    label: labels[index]!,
    ...rowFigures(row, unrecorded),
    noArrivals: !unrecorded.has("scans") && row.scans === 0,
    notRecorded,
  }));
}

export type SortColumn = "propertyName" | TableFigure;
export type SortDirection = "ascending" | "descending";

export interface Sort<C extends string = SortColumn> {
  column: C;
  direction: SortDirection;
}

/** A row any table of properties can sort: its position in the report, and text or figures by column. */
export type SortableRow<C extends string> = { index: number } & { [K in C]: string | number | null };

const nameOrder = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** Sorted copy; rows without a figure ("—") go last either way; ties keep the report's order. */
export function sortRows<C extends string = SortColumn, R extends SortableRow<C> = TableRow & SortableRow<C>>(
  rows: readonly R[],
  sort: Sort<C> | null,
): R[] {
  const copy = [...rows];
  if (!sort) return copy.sort((a, b) => a.index - b.index);
  const sign = sort.direction === "ascending" ? 1 : -1;
  return copy.sort((a, b) => {
    const x: string | number | null = a[sort.column];
    const y: string | number | null = b[sort.column];
    let order: number;
    if (x === null || y === null) order = x === y ? 0 : x === null ? 1 : -1;
    else if (typeof x === "string" && typeof y === "string") order = sign * nameOrder.compare(x, y);
    else order = sign * ((x as number) - (y as number));
    return order || a.index - b.index;
  });
}

/** A header's next sort: text starts A→Z, figures start with the largest; a second press reverses. */
export function nextSort<C extends string = SortColumn>(current: Sort<C> | null, column: C): Sort<C> {
  if (current?.column === column) {
    return { column, direction: current.direction === "ascending" ? "descending" : "ascending" };
  }
  return { column, direction: column === "propertyName" ? "ascending" : "descending" };
}

export interface ActivityPoint {
  day: string;
  label: string;
  scans: number;
}

/**
 * Activity points are calendar days stamped at UTC midnight: read them as days, not instants.
 * `shortDay` labels a day on the chart (the person's `Formatter.shortDay`).
 */
export function activityPoints(
  points: readonly { date: string; scans: number }[],
  shortDay: (day: string) => string,
): ActivityPoint[] {
  return points.map((point) => {
    const day = point.date.slice(0, 10);
    return { day, label: shortDay(day), scans: point.scans };
  });
}

/** The movement from `before` to `today` in percent; null when there is no base to move from. */
export function percentChange(today: number, before: number): number | null {
  return before === 0 ? null : ((today - before) * 100) / before;
}
