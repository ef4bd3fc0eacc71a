"use client";

import { useMemo, useState } from "react";

import { ExportButton } from "@/components/reports/export-button";
import { BansAddedCell, PropertyRow, RateCells, RowNotes } from "@/components/reports/property-figure-cells";
import { SortableHead, type SortableColumn } from "@/components/reports/sort-header";
import { UnusualNotes } from "@/components/reports/unusual-marks";
import { belowFoldClass, cardClass } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { ScrollTable } from "@/components/ui/scroll-table";
import { identifyRows, sharedRowsNote } from "@/lib/core/property-names";
import { marksForRow, type DayBaselines } from "@/lib/features/insights/unusual";
import {
  checkRowSums,
  describeMismatch,
  describeSumCheck,
  nextSort,
  sortRows,
  tableRows,
  unrecordedColumns,
  unrecordedNote,
  type Sort,
  type SortColumn,
} from "@/lib/features/overview/figures";
import type { ScopedUsageReport } from "@/lib/features/reports/types";

const COLUMNS: readonly SortableColumn<SortColumn>[] = [
  { column: "propertyName", label: "Property", numeric: false },
  { column: "scans", label: "Scans", numeric: true },
  { column: "manualShare", label: "Manual-entry share", numeric: true },
  { column: "alertsPer100", label: "Alerts per 100 scans", numeric: true },
  { column: "warningsPer100", label: "Warnings per 100 scans", numeric: true },
  { column: "bansAdded", label: "Bans added", numeric: true },
];

/** Every property the report returns, sortable by any column; the rows are checked against the headlines. */
export function PropertyTable({
  report,
  day,
  canExport = false,
  baselines = null,
}: {
  report: ScopedUsageReport;
  day?: string;
  canExport?: boolean;
  /** The usual ranges of the report's day, for marking unusual rates. */
  baselines?: DayBaselines | null;
}) {
  const [sort, setSort] = useState<Sort | null>(null);
  const rows = useMemo(() => {
    const keys = identifyRows(report.byProperty).map((entry) => entry.key);
    return tableRows(report).map((row) => ({
      ...row,
      marks: marksForRow(baselines, report.reportedDateLocal, keys[row.index]!, row),
    }));
  }, [report, baselines]);
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  const checks = useMemo(() => checkRowSums(report), [report]);
  const differing = checks.filter((check) => check.state === "differs");
  const notes = useMemo(
    () => [unrecordedNote(unrecordedColumns(report)), sharedRowsNote(report.byProperty, report.rowZones)],
    [report],
  );

  return (
    <section
      aria-labelledby="by-property"
      className={`p-4 sm:p-5 ${cardClass} ${belowFoldClass}`}
      data-testid="by-property"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="by-property" className="text-base font-semibold text-stone-900">
          By property
        </h2>
        {canExport ? (
          <ExportButton
            table="overview"
            what="the figures by property"
            params={{ day, sort: sort?.column, direction: sort?.direction }}
          />
        ) : null}
      </div>
      <p className="mb-3 text-sm text-stone-600">
        {report.narrowed ? "Your properties" : "Every property the key reaches"}, including those without arrivals.
        Rates are per 100 scans; alerts and warnings are rated separately, never added together.
      </p>

      {differing.length > 0 ? (
        <div className="mb-3" data-testid="sum-mismatch">
          <Notice tone="warning" title="The property rows do not add up to the headline figures">
            <ul className="list-disc pl-5">
              {differing.map((check) => (
                <li key={check.tile.column}>{describeMismatch(check)}</li>
              ))}
            </ul>
            <p className="mt-1">The report breaks the API&apos;s own rule here; treat these figures with care.</p>
          </Notice>
        </div>
      ) : null}

      <ScrollTable label="Property figures" minWidth="min-w-[44rem]" testId="property-table">
        <SortableHead
          caption="Figures by property"
          columns={COLUMNS}
          sort={sort}
          onSort={(column) => setSort((current) => nextSort(current, column))}
        />
        <tbody className="tabular-nums">
          {sorted.map((row) => (
            <PropertyRow key={row.index} label={row.label} row={row} testId="property-row">
              <RateCells row={row} />
              <BansAddedCell row={row} />
            </PropertyRow>
          ))}
        </tbody>
      </ScrollTable>

      <div className="mt-3 space-y-1 text-xs text-stone-600">
        <p>“—”: no scans, so no share or rate.</p>
        <RowNotes notes={notes} />
        <UnusualNotes rows={rows} />
        <p data-testid="sum-check">{describeSumCheck(checks)}</p>
      </div>
    </section>
  );
}
