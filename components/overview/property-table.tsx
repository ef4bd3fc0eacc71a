"use client";

import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";

import { ExportButton } from "@/components/reports/export-button";
import { BansAddedCell, PropertyRow, RateCells, RowNotes } from "@/components/reports/property-figure-cells";
import { SortableHead, type SortableColumn } from "@/components/reports/sort-header";
import { UnusualNotes } from "@/components/reports/unusual-marks";
import { belowFoldClass, cardClass } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { ScrollTable } from "@/components/ui/scroll-table";
import { sharedRowsText } from "@/components/ui/shared-rows";
import { identifyRows, sharedRows } from "@/lib/core/property-names";
import { marksForRow, type DayBaselines } from "@/lib/features/insights/unusual";
import {
  describeMismatchIn,
  describeSumCheckIn,
  figureFormat,
  unrecordedNoteIn,
} from "@/lib/features/overview/figure-words";
import {
  checkRowSums,
  nextSort,
  sortRows,
  tableRows,
  unrecordedColumns,
  type Sort,
  type SortColumn,
} from "@/lib/features/overview/figures";
import { useFormat } from "@/lib/features/preferences/hooks";
import type { ScopedUsageReport } from "@/lib/features/reports/types";

const COLUMNS: readonly { column: SortColumn; numeric: boolean }[] = [
  { column: "propertyName", numeric: false },
  { column: "scans", numeric: true },
  { column: "manualShare", numeric: true },
  { column: "alertsPer100", numeric: true },
  { column: "warningsPer100", numeric: true },
  { column: "bansAdded", numeric: true },
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
  const t = useTranslations("overview");
  const common = useTranslations("common");
  const figures = figureFormat(useFormat(), useTranslations("overview.figures"));
  const [sort, setSort] = useState<Sort | null>(null);
  const rows = useMemo(() => {
    const keys = identifyRows(report.byProperty).map((entry) => entry.key);
    return tableRows(report, common).map((row) => ({
      ...row,
      marks: marksForRow(baselines, report.reportedDateLocal, keys[row.index]!, row),
    }));
  }, [report, baselines, common]);
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  const checks = useMemo(() => checkRowSums(report), [report]);
  const differing = checks.filter((check) => check.state === "differs");
  const notes = [
    unrecordedNoteIn(t, unrecordedColumns(report)),
    sharedRowsText(common, sharedRows(report.byProperty, report.rowZones)),
  ];
  const columns: readonly SortableColumn<SortColumn>[] = COLUMNS.map((entry) => ({
    ...entry,
    label: t(`columns.${entry.column}`),
  }));

  return (
    <section
      aria-labelledby="by-property"
      className={`p-4 sm:p-5 ${cardClass} ${belowFoldClass}`}
      data-testid="by-property"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="by-property" className="text-base font-semibold text-stone-900">
          {t("byProperty.heading")}
        </h2>
        {canExport ? (
          <ExportButton
            table="overview"
            what={t("byProperty.exportWhat")}
            params={{ day, sort: sort?.column, direction: sort?.direction }}
          />
        ) : null}
      </div>
      <p className="mb-3 text-sm text-stone-600">
        {t("byProperty.intro", { scope: report.narrowed ? "narrowed" : "all" })}
      </p>

      {differing.length > 0 ? (
        <div className="mb-3" data-testid="sum-mismatch">
          <Notice tone="warning" title={t("sumCheck.noticeTitle")}>
            <ul className="list-disc pl-5">
              {differing.map((check) => (
                <li key={check.tile.column}>{describeMismatchIn(t, figures, check)}</li>
              ))}
            </ul>
            <p className="mt-1">{t("sumCheck.noticeBody")}</p>
          </Notice>
        </div>
      ) : null}

      <ScrollTable label={t("byProperty.tableLabel")} minWidth="min-w-[44rem]" testId="property-table">
        <SortableHead
          caption={t("byProperty.caption")}
          columns={columns}
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
        <p>{t("byProperty.noScans")}</p>
        <RowNotes notes={notes} />
        <UnusualNotes rows={rows} />
        <p data-testid="sum-check">{describeSumCheckIn(t, checks)}</p>
      </div>
    </section>
  );
}
