"use client";

import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";

import { ExportButton } from "@/components/reports/export-button";
import { PropertyRow, RateCells, RowNotes } from "@/components/reports/property-figure-cells";
import { SortableHead, type SortableColumn } from "@/components/reports/sort-header";
import { UnusualNotes } from "@/components/reports/unusual-marks";
import { ScrollTable } from "@/components/ui/scroll-table";
import { sharedRowsText } from "@/components/ui/shared-rows";
import { daybookBaselineLabelIn, describeRowChangeIn } from "@/lib/features/comparison/baseline";
import type { SideBySide, SideBySideColumn, SideBySideRow } from "@/lib/features/comparison/side-by-side";
import { marksForRow, type DayBaselines } from "@/lib/features/insights/unusual";
import { figureFormat, unrecordedNoteIn } from "@/lib/features/overview/figure-words";
import { nextSort, sortRows, type Sort } from "@/lib/features/overview/figures";
import { useFormat } from "@/lib/features/preferences/hooks";

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
  const t = useTranslations("properties.sideBySide");
  const change = useTranslations("properties.change");
  const overview = useTranslations("overview");
  const common = useTranslations("common");
  const format = useFormat();
  const figures = figureFormat(format, useTranslations("overview.figures"));
  const [sort, setSort] = useState<Sort<Column> | null>(null);
  const rows = useMemo(
    () => data.rows.map((row) => ({ ...row, marks: marksForRow(baselines, data.reportedDate, row.key, row) })),
    [data.rows, data.reportedDate, baselines],
  );
  const sorted = useMemo(() => sortRows<Column, (typeof rows)[number]>(rows, sort), [rows, sort]);
  const changeDetail = data.dayBeforeStored
    ? daybookBaselineLabelIn(change, format, data.dayBefore)
    : change("noStoredDay");
  const columns: readonly SortableColumn<Column>[] = [
    { column: "propertyName", label: overview("columns.propertyName"), numeric: false },
    { column: "scans", label: overview("columns.scans"), numeric: true },
    { column: "scansChange", label: t("scansChange"), detail: changeDetail, numeric: true },
    { column: "manualShare", label: overview("columns.manualShare"), numeric: true },
    { column: "alertsPer100", label: overview("columns.alertsPer100"), numeric: true },
    { column: "warningsPer100", label: overview("columns.warningsPer100"), numeric: true },
  ];
  const onSort = (column: Column) => setSort((current) => nextSort(current, column));

  return (
    <div className="space-y-2">
      {canExport ? (
        <div className="flex justify-end">
          <ExportButton
            table="comparison"
            what={t("exportWhat")}
            params={{
              day: data.storedCopy ? data.reportedDate : undefined,
              sort: sort?.column,
              direction: sort?.direction,
            }}
          />
        </div>
      ) : null}
      <ScrollTable label={t("tableLabel")} minWidth="min-w-[48rem]" testId="side-by-side-table">
        <SortableHead caption={t("caption")} columns={columns} sort={sort} onSort={onSort} />
        <tbody className="tabular-nums">
          {sorted.map((row) => (
            <PropertyRow key={row.key} label={row.label} row={row} testId="comparison-row">
              <td className={`px-3 py-2 text-right ${CHANGE_TONE[row.change.kind]}`} data-column="scansChange">
                {describeRowChangeIn(change, format, row.change, data.dayBefore)}
                {row.scansBefore !== null ? (
                  <span className="block text-xs text-stone-600 not-italic">
                    {t("from", { scans: figures.value(row.scansBefore) })}
                  </span>
                ) : null}
              </td>
              <RateCells row={row} />
            </PropertyRow>
          ))}
        </tbody>
      </ScrollTable>
      <div className="space-y-1 text-xs text-stone-600">
        <p>{t("ratesNote")}</p>
        <RowNotes notes={[unrecordedNoteIn(overview, data.unrecorded), sharedRowsText(common, data.sharedNote)]} />
        {/* The rule stands once on Properties, under its unusual days. */}
        <UnusualNotes rows={rows} rule={false} />
      </div>
    </div>
  );
}
