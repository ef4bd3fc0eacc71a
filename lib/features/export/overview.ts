import { sortRows, tableRows, type Sort, type SortColumn, type TableRow } from "@/lib/features/overview/figures";
import type { UsagePropertyRow } from "@/lib/features/reports/types";

import { oneDecimalOr } from "./cells";
import { chooseColumns, tabulate, type CsvColumn, type CsvTable } from "./csv";

const NO_SCANS = "No scans";

/** The Overview's property table, column for column; "—" on the screen is "No scans" here. */
export const OVERVIEW_COLUMNS: readonly (CsvColumn<TableRow> & { group: SortColumn })[] = [
  { group: "propertyName", header: "Property", cell: (row) => row.propertyName },
  { group: "scans", header: "Scans", cell: (row) => row.scans },
  { group: "manualShare", header: "Manual-entry share (%)", cell: (row) => oneDecimalOr(row.manualShare, NO_SCANS) },
  { group: "alertsPer100", header: "Alerts per 100 scans", cell: (row) => oneDecimalOr(row.alertsPer100, NO_SCANS) },
  {
    group: "warningsPer100",
    header: "Warnings per 100 scans",
    cell: (row) => oneDecimalOr(row.warningsPer100, NO_SCANS),
  },
  { group: "bansAdded", header: "Bans added", cell: (row) => row.bansAdded },
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
  rows: readonly UsagePropertyRow[],
  options: { sort: Sort | null; columns?: readonly string[] },
): CsvTable {
  const groups = new Set(options.columns ?? OVERVIEW_GROUPS);
  return tabulate(chooseColumns(OVERVIEW_COLUMNS, groups), sortRows(tableRows(rows), options.sort));
}
