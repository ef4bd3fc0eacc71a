import { daybookBaselineLabel, describeRowChange } from "@/lib/features/comparison/baseline";
import type { SideBySide, SideBySideColumn, SideBySideRow } from "@/lib/features/comparison/side-by-side";
import { sortRows, type Sort } from "@/lib/features/overview/figures";

import { tableFigure } from "./cells";
import { tabulate, type CsvColumn, type CsvTable } from "./csv";

/** The Properties screen's side-by-side table, column for column, the change in words as on screen. */
function comparisonColumns(data: SideBySide): (CsvColumn<SideBySideRow> & { group: SideBySideColumn })[] {
  const changeHeader = data.dayBeforeStored
    ? `Scans, change (${daybookBaselineLabel(data.dayBefore)})`
    : "Scans, change";
  return [
    { group: "propertyName", header: "Property", cell: (row) => row.label },
    { group: "scans", header: "Scans", cell: (row) => tableFigure(row, "scans") },
    { group: "scansChange", header: changeHeader, cell: (row) => describeRowChange(row.change, data.dayBefore) },
    { group: "scansChange", header: "Scans on the day before", cell: (row) => row.scansBefore ?? "Not stored" },
    { group: "manualShare", header: "Manual-entry share (%)", cell: (row) => tableFigure(row, "manualShare") },
    { group: "alertsPer100", header: "Alerts per 100 scans", cell: (row) => tableFigure(row, "alertsPer100") },
    { group: "warningsPer100", header: "Warnings per 100 scans", cell: (row) => tableFigure(row, "warningsPer100") },
  ];
}

export function comparisonCsvTable(data: SideBySide, options: { sort: Sort<SideBySideColumn> | null }): CsvTable {
  return tabulate(comparisonColumns(data), sortRows<SideBySideColumn, SideBySideRow>(data.rows, options.sort));
}
