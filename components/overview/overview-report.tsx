"use client";

import { ReportFrame } from "@/components/reports/report-frame";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import type { WithCopy } from "@/lib/features/history/types";
import type { DayBaselines } from "@/lib/features/insights/unusual";
import { emptyState, missingBaselineReason } from "@/lib/features/overview/figures";
import { useUsageReport } from "@/lib/features/reports/hooks";
import type { Loaded, ScopedUsageReport } from "@/lib/features/reports/types";

import { ActivitySection } from "./activity-section";
import { FigureBlocks } from "./figure-blocks";
import { PropertyTable } from "./property-table";
import { ReportTimes } from "./report-times";

/** The usage summary in the browser: painted from the server's load, refreshed on request. */
export function OverviewReport({
  initial,
  day,
  isAdmin,
  canExport = false,
  baselines = null,
}: {
  initial: Loaded<WithCopy<ScopedUsageReport>>;
  day?: string;
  isAdmin: boolean;
  canExport?: boolean;
  baselines?: DayBaselines | null;
}) {
  const query = useUsageReport(day, initial);
  const report = query.data;
  return (
    <ReportFrame
      report={query}
      noun="figures"
      what="the usage summary"
      isAdmin={isAdmin}
      errorTestId="usage-error"
      head={report ? <ReportTimes report={report} /> : null}
    >
      {report ? <ReportBody report={report} day={day} canExport={canExport} baselines={baselines} /> : null}
    </ReportFrame>
  );
}

function ReportBody({
  report,
  day,
  canExport,
  baselines,
}: {
  report: ScopedUsageReport;
  day?: string;
  canExport: boolean;
  baselines: DayBaselines | null;
}) {
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
      <PropertyTable report={report} day={day} canExport={canExport} baselines={baselines} />
      <ActivitySection report={report} />
    </div>
  );
}
