"use client";

import { useTranslations } from "next-intl";

import { ReportFrame } from "@/components/reports/report-frame";
import { EmptyState } from "@/components/ui/empty-state";
import { previousDay } from "@/lib/core/days";
import type { WithCopy } from "@/lib/features/history/types";
import type { DayBaselines } from "@/lib/features/insights/unusual";
import { overviewBaseline, type StoredDayBefore } from "@/lib/features/overview/baseline";
import { ALL_TILES, baselineReasonOf } from "@/lib/features/overview/figures";
import type { StoredScansDay } from "@/lib/features/overview/stored-activity";
import { useUsageReport } from "@/lib/features/reports/hooks";
import type { Loaded, ScopedUsageReport } from "@/lib/features/reports/types";

import { ActivitySection } from "./activity-section";
import { FigureBlocks } from "./figure-blocks";
import { PropertyTable } from "./property-table";
import { ReportTimes } from "./report-times";

export interface OverviewHistoryProps {
  /** The shown day this history was read for. */
  day: string;
  dayBefore: string;
  stored: StoredDayBefore | null;
  activity: StoredScansDay[] | null;
}

/** The usage summary in the browser: painted from the server's load, refreshed on request. */
export function OverviewReport({
  initial,
  day,
  isAdmin,
  canExport = false,
  baselines = null,
  history = null,
}: {
  initial: Loaded<WithCopy<ScopedUsageReport>>;
  day?: string;
  isAdmin: boolean;
  canExport?: boolean;
  baselines?: DayBaselines | null;
  /** Daybook's stored day before and the person's stored daily scans, read with the first paint. */
  history?: OverviewHistoryProps | null;
}) {
  const t = useTranslations("overview.report");
  const query = useUsageReport(day, initial);
  const report = query.data;
  return (
    <ReportFrame
      report={query}
      noun={t("noun")}
      what={t("what")}
      isAdmin={isAdmin}
      errorTestId="usage-error"
      head={report ? <ReportTimes report={report} /> : null}
      ownProvenance
    >
      {report ? (
        <ReportBody report={report} day={day} canExport={canExport} baselines={baselines} history={history} />
      ) : null}
    </ReportFrame>
  );
}

function ReportBody({
  report,
  day,
  canExport,
  baselines,
  history,
}: {
  report: ScopedUsageReport;
  day?: string;
  canExport: boolean;
  baselines: DayBaselines | null;
  history: OverviewHistoryProps | null;
}) {
  const t = useTranslations("overview.report");
  if (report.byProperty.length === 0) {
    return report.narrowed ? (
      <EmptyState title={t("noProperties.title")}>{t("noProperties.body")}</EmptyState>
    ) : (
      <EmptyState title={t("keyReachesNone.title")}>{t("keyReachesNone.body")}</EmptyState>
    );
  }
  // The history read with the first paint belongs to that day; a later day in the browser has none.
  const own = history && history.day === report.reportedDateLocal ? history : null;
  const baseline = overviewBaseline(
    report,
    ALL_TILES,
    own?.dayBefore ?? previousDay(report.reportedDateLocal),
    own?.stored ?? null,
  );
  const compared = baseline.comparedProperties;
  return (
    <div className="space-y-6">
      {report.narrowed ? (
        <p className="text-sm text-stone-700" data-testid="narrowed-note">
          {t("narrowed", {
            count: report.byProperty.length,
            changes: !baseline.dayBeforeStored ? "none" : compared !== null ? "compared" : "daybook",
            compared: compared ?? 0,
          })}
        </p>
      ) : compared !== null ? (
        <p className="text-sm text-stone-700" data-testid="compared-note">
          {t("compared", { count: compared })}
        </p>
      ) : null}
      <FigureBlocks report={report} baseline={baseline} apiReason={report.narrowed ? null : baselineReasonOf(report)} />
      {/* One property is the whole page already: a one-row breakdown would only repeat the tiles. */}
      {report.byProperty.length > 1 ? (
        <PropertyTable report={report} day={day} canExport={canExport} baselines={baselines} />
      ) : null}
      <ActivitySection report={report} stored={own?.activity ?? null} />
    </div>
  );
}
