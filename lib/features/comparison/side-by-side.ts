import { previousDay } from "@/lib/core/days";
import type { Formatter } from "@/lib/core/format";
import { identifyRows, sharedRows, type PropertyNameWords, type SharedRows } from "@/lib/core/property-names";
import type { StoredCopy } from "@/lib/features/history/types";
import {
  baselineReasonOf,
  tableRows,
  unrecordedColumns,
  type BaselineReason,
  type RowColumn,
  type TableRow,
} from "@/lib/features/overview/figures";
import type { Translate } from "@/lib/features/overview/words";
import type { ScopedUsageReport, UsagePropertyRow } from "@/lib/features/reports/types";

import { headlineChange, rowChange, rowChangeValue, type HeadlineChange, type RowChange } from "./baseline";

/** One property's row: the Overview's figures, its label, and its scans against the stored day before. */
/** The side-by-side table's columns, which are also what it sorts by. */
export const SIDE_BY_SIDE_COLUMNS = [
  "propertyName",
  "scans",
  "scansChange",
  "manualShare",
  "alertsPer100",
  "warningsPer100",
] as const;
export type SideBySideColumn = (typeof SIDE_BY_SIDE_COLUMNS)[number];

export interface SideBySideRow extends TableRow {
  key: string;
  label: string;
  scansBefore: number | null;
  change: RowChange;
  /** The change as a sortable figure; null for every state that is not a percentage. */
  scansChange: number | null;
}

export interface Headline {
  /** The tile it is on the Overview, which names it (`overview.tiles.label`). */
  column: "scans" | "manualEntry";
  value: number | null;
  change: HeadlineChange;
}

/** Everything the side-by-side section shows, as plain data a browser component can take. */
export interface SideBySide {
  reportedDate: string;
  dayBefore: string;
  dayBeforeStored: boolean;
  storedCopy: StoredCopy | null;
  narrowed: boolean;
  message: string | null;
  /** When the group's figures were generated; null for a person who does not see every property. */
  generatedAt: string | null;
  requestedAt: string;
  /** Why the API gives no change on the headline figures, when it gives none. */
  apiBaselineReason: BaselineReason;
  headlines: Headline[];
  rows: SideBySideRow[];
  /** The figures the day did not record: the note under the table says why their cells say so. */
  unrecorded: RowColumn[];
  /** Under the table: what a shared name's numbering means, when the rows have one. */
  sharedNote: SharedRows | null;
}

type Report = Pick<
  ScopedUsageReport,
  | "reportedDateLocal"
  | "totals"
  | "alerts"
  | "warnings"
  | "byProperty"
  | "narrowed"
  | "rowZones"
  | "message"
  | "reportGeneratedAt"
  | "apiRequestedAt"
>;

/**
 * The day's usage report, property by property, with Daybook's own change against `before` (the
 * stored day before, cut to the same person's properties), or null when that day is not stored.
 * Labels in `words` (the person's); English by default (the CSV).
 */
export function sideBySide(
  report: Report & { storedCopy: StoredCopy | null },
  before: Report | null,
  words?: PropertyNameWords,
): SideBySide {
  const dayBefore = previousDay(report.reportedDateLocal);
  const beforeRows = new Map(identifyRows(before?.byProperty ?? []).map((entry) => [entry.key, entry.row]));
  const figures = tableRows(report, words);
  // A day before that did not record scans has no count to compare with.
  const beforeScansRecorded = before?.totals.scans.value !== null;
  const rows = identifyRows(report.byProperty).map((entry, index): SideBySideRow => {
    const row = figures[index]!;
    const previous: UsagePropertyRow | undefined = beforeScansRecorded ? beforeRows.get(entry.key) : undefined;
    const change = rowChange(row.scans, previous?.scans, before !== null, beforeScansRecorded);
    return {
      ...row,
      key: entry.key,
      scansBefore: previous?.scans ?? null,
      change,
      scansChange: rowChangeValue(change),
    };
  });
  const beforeMetric = (pick: (r: Report) => { value: number | null }) => (before ? pick(before) : undefined);
  return {
    reportedDate: report.reportedDateLocal,
    dayBefore,
    dayBeforeStored: before !== null,
    storedCopy: report.storedCopy,
    narrowed: report.narrowed,
    message: report.message,
    generatedAt: report.reportGeneratedAt,
    requestedAt: report.apiRequestedAt,
    apiBaselineReason: baselineReasonOf(report),
    headlines: [
      {
        column: "scans",
        value: report.totals.scans.value,
        change: headlineChange(
          report.totals.scans,
          beforeMetric((r) => r.totals.scans),
          dayBefore,
        ),
      },
      {
        column: "manualEntry",
        value: report.totals.manualEntry.value,
        change: headlineChange(
          report.totals.manualEntry,
          beforeMetric((r) => r.totals.manualEntry),
          dayBefore,
        ),
      },
    ],
    rows,
    unrecorded: [...unrecordedColumns(report)],
    sharedNote: sharedRows(report.byProperty, report.rowZones),
  };
}

/**
 * Where the changes come from, in one sentence under the headline figures. `t`:
 * `useTranslations("properties.baselineSource")`; `reason`: `useTranslations("overview.reason")`.
 */
export function describeBaselineSource(
  t: Translate<"allApi" | "daybook" | "noCopy">,
  reason: Translate<BaselineReason>,
  format: Formatter,
  data: Pick<SideBySide, "headlines" | "dayBeforeStored" | "dayBefore" | "apiBaselineReason">,
): string {
  if (data.headlines.every((headline) => headline.change.source === "api")) return t("allApi");
  const values = { reason: reason(data.apiBaselineReason), day: format.calendarDay(data.dayBefore) };
  return data.dayBeforeStored ? t("daybook", values) : t("noCopy", values);
}
