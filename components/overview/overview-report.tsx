"use client";

import { StoredCopyNotice } from "@/components/history/stored-copy-notice";
import { ReportErrorNotice } from "@/components/reports/report-error-notice";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import type { WithCopy } from "@/lib/features/history/types";
import { emptyState, missingBaselineReason } from "@/lib/features/overview/figures";
import { useUsageReport } from "@/lib/features/reports/hooks";
import type { Loaded, ScopedUsageReport } from "@/lib/features/reports/types";

import { ActivitySection } from "./activity-section";
import { FigureBlocks } from "./figure-blocks";
import { PropertyTable } from "./property-table";
import { ReportTimes } from "./report-times";

const WHAT = "the usage summary";

/** The usage summary in the browser: painted from the server's load, refreshed on request. */
export function OverviewReport({
  initial,
  day,
  isAdmin,
  canExport = false,
}: {
  initial: Loaded<WithCopy<ScopedUsageReport>>;
  day?: string;
  isAdmin: boolean;
  canExport?: boolean;
}) {
  const query = useUsageReport(day, initial);
  const report = query.data;
  const refreshing = query.isFetching;

  return (
    <div className="space-y-6" aria-busy={refreshing}>
      <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1 space-y-3">
          {report?.storedCopy ? <StoredCopyNotice copy={report.storedCopy} /> : null}
          {report ? <ReportTimes report={report} /> : null}
        </div>
        <div className="flex flex-col items-end gap-1">
          <button
            type="button"
            onClick={() => {
              if (!refreshing) void query.refetch();
            }}
            aria-disabled={refreshing}
            className="inline-flex items-center gap-2 rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 shadow-sm hover:bg-stone-50 aria-disabled:cursor-progress aria-disabled:opacity-70"
          >
            <span aria-hidden className={refreshing ? "inline-block animate-spin" : "inline-block"}>
              ↻
            </span>
            {refreshing ? "Refreshing…" : "Refresh"}
          </button>
          <p className="max-w-56 text-right text-xs text-stone-600" aria-live="polite" data-testid="refresh-status">
            {refreshing ? (report ? "Refreshing… the figures stay until the new ones arrive." : "Loading…") : ""}
          </p>
        </div>
      </div>

      {query.error ? (
        <div data-testid="usage-error" className="space-y-2">
          <ReportErrorNotice error={query.error} isAdmin={isAdmin} what={WHAT} />
          {report ? (
            <p className="text-sm text-stone-700">The figures below are from the last successful load.</p>
          ) : null}
        </div>
      ) : null}

      {report ? <ReportBody report={report} day={day} canExport={canExport} /> : null}
    </div>
  );
}

function ReportBody({ report, day, canExport }: { report: ScopedUsageReport; day?: string; canExport: boolean }) {
  if (report.byProperty.length === 0) {
    const words = emptyState(report.narrowed);
    return <EmptyState title={words.title}>{words.body}</EmptyState>;
  }
  const baselineReason = missingBaselineReason(report);
  return (
    <div className="space-y-6">
      {report.narrowed ? (
        <Notice tone="info" title="Your properties only">
          These figures cover the{" "}
          {report.byProperty.length === 1 ? "property" : `${report.byProperty.length} properties`} you may see; the
          API&apos;s comparison with the day before covers the whole group, so it is not shown.
        </Notice>
      ) : null}
      <FigureBlocks report={report} baselineReason={baselineReason} />
      <PropertyTable report={report} day={day} canExport={canExport} />
      <ActivitySection report={report} />
    </div>
  );
}
