"use client";

import { useMemo, useState } from "react";

import { ExportButton } from "@/components/reports/export-button";
import { PropertyRow, RateCells, RowNotes } from "@/components/reports/property-figure-cells";
import { SortableHead, type SortableColumn } from "@/components/reports/sort-header";
import { UnusualNotes } from "@/components/reports/unusual-marks";
import { ScrollTable } from "@/components/ui/scroll-table";
import { daybookBaselineLabel, describeRowChange } from "@/lib/features/comparison/baseline";
import type { SideBySide, SideBySideColumn, SideBySideRow } from "@/lib/features/comparison/side-by-side";
import { marksForRow, type DayBaselines } from "@/lib/features/insights/unusual";
import { formatValue, nextSort, sortRows, type Sort } from "@/lib/features/overview/figures";

type Column = SideBySideColumn;

const CHANGE_TONE: Record<SideBySideRow["change"]["kind"], string> = {
  change: "text-stone-900",
  "no-stored-day": "text-stone-600 italic",
  "not-in-day-before": "text-stone-600 italic",
  "no-base": "text-stone-600 italic",
  "not-recorded": "text-stone-600 italic",
};

/** Every property of the day in one sortable table; the change column says whose comparison it is. */
export function SideBySideTable({
  data,
  canExport = false,
  baselines = null,
}: {
  data: SideBySide;
  canExport?: boolean;
  baselines?: DayBaselines | null;
}) {
  const [sort, setSort] = useState<Sort<Column> | null>(null);
  const rows = useMemo(
    () => data.rows.map((row) => ({ ...row, marks: marksForRow(baselines, data.reportedDate, row.key, row) })),
    [data.rows, data.reportedDate, baselines],
  );
  const sorted = useMemo(() => sortRows<Column, (typeof rows)[number]>(rows, sort), [rows, sort]);
  const changeDetail = data.dayBeforeStored ? daybookBaselineLabel(data.dayBefore) : "No stored day before";
  const columns: readonly SortableColumn<Column>[] = [
    { column: "propertyName", label: "Property", numeric: false },
    { column: "scans", label: "Scans", numeric: true },
    { column: "scansChange", label: "Scans, change", detail: changeDetail, numeric: true },
    { column: "manualShare", label: "Manual-entry share", numeric: true },
    { column: "alertsPer100", label: "Alerts per 100 scans", numeric: true },
    { column: "warningsPer100", label: "Warnings per 100 scans", numeric: true },
  ];
  const onSort = (column: Column) => setSort((current) => nextSort(current, column));

  return (
    <div className="space-y-2">
      {canExport ? (
        <div className="flex justify-end">
          <ExportButton
            table="comparison"
            what="the properties side by side"
            params={{
              day: data.storedCopy ? data.reportedDate : undefined,
              sort: sort?.column,
              direction: sort?.direction,
            }}
          />
        </div>
      ) : null}
      <ScrollTable label="Properties side by side" minWidth="min-w-[48rem]" testId="side-by-side-table">
        <SortableHead caption="Each property's figures for the day" columns={columns} sort={sort} onSort={onSort} />
        <tbody className="tabular-nums">
          {sorted.map((row) => (
            <PropertyRow key={row.key} label={row.label} row={row} testId="comparison-row">
              <td className={`px-3 py-2 text-right ${CHANGE_TONE[row.change.kind]}`} data-column="scansChange">
                {describeRowChange(row.change, data.dayBefore)}
                {row.scansBefore !== null ? (
                  <span className="block text-xs text-stone-600 not-italic">from {formatValue(row.scansBefore)}</span>
                ) : null}
              </td>
              <RateCells row={row} />
            </PropertyRow>
          ))}
        </tbody>
      </ScrollTable>
      <div className="space-y-1 text-xs text-stone-600">
        <p>
          Rates are per 100 scans; alerts (ban, criminal, sex offender) and warnings (age, local) are rated separately,
          never added together. “—”: no scans, so no share or rate.
        </p>
        <RowNotes notes={data.rowNotes} />
        {/* The rule stands once on Properties, under its unusual days. */}
        <UnusualNotes rows={rows} rule={false} />
      </div>
    </div>
  );
}
