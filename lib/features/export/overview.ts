import { sortRows, tableRows, type Sort, type SortColumn, type TableRow } from "@/lib/features/overview/figures";
import type { ScopedUsageReport } from "@/lib/features/reports/types";

import { tableFigure } from "./cells";
import { chooseColumns, tabulate, type CsvColumn, type CsvTable } from "./csv";

/**
 * The Overview's property table, column for column: a shared name numbered as on the screen, "—"
 * on the screen is "No scans" here, and a figure the day did not record is "Not recorded".
 */
export const OVERVIEW_COLUMNS: readonly (CsvColumn<TableRow> & { group: SortColumn })[] = [
  { group: "propertyName", header: "Property", cell: (row) => row.label },
  { group: "scans", header: "Scans", cell: (row) => tableFigure(row, "scans") },
  { group: "manualShare", header: "Manual-entry share (%)", cell: (row) => tableFigure(row, "manualShare") },
  { group: "alertsPer100", header: "Alerts per 100 scans", cell: (row) => tableFigure(row, "alertsPer100") },
  { group: "warningsPer100", header: "Warnings per 100 scans", cell: (row) => tableFigure(row, "warningsPer100") },
  { group: "bansAdded", header: "Bans added", cell: (row) => tableFigure(row, "bansAdded") },
];

/** The screen's columns, which are also what it sorts by. */
export const OVERVIEW_GROUPS = [
  "propertyName",
  "scans",
  "manualShare",
  "alertsPer100",
  "warningsPer100",
  "bansAdded",
] as const satisfies readonly SortColumn[];

export function overviewCsvTable(
  report: Pick<ScopedUsageReport, "totals" | "alerts" | "warnings" | "byProperty">,
  options: { sort: Sort | null; columns?: readonly string[] },
): CsvTable {
  const groups = new Set(options.columns ?? OVERVIEW_GROUPS);
  return tabulate(chooseColumns(OVERVIEW_COLUMNS, groups), sortRows(tableRows(report), options.sort));
}
