import type { Metadata } from "next";
import { connection } from "next/server";
import { Suspense } from "react";

import { BannedSinceYesterdayNotice } from "@/components/insights/banned-after-stay-list";
import { CoverageDaySection } from "@/components/insights/coverage-tables";
import { OverviewReport } from "@/components/overview/overview-report";
import { OverviewSkeleton } from "@/components/overview/overview-skeleton";
import { PageHeader } from "@/components/ui/page-header";
import type { Viewer } from "@/lib/core/access";
import { dayFromSearchParam, isCalendarDay } from "@/lib/core/days";
import { exportAccessOf } from "@/lib/features/export/access";
import { getBannedSinceYesterday, getDayCoverage, getUnusualBaselines } from "@/lib/features/insights/server";
import { getUsageReport } from "@/lib/features/reports/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";
import { loadForPage } from "@/lib/server/http/failure";

import { DayPickerLoader } from "./day-picker";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer("/");
  const day = dayFromSearchParam((await searchParams).day);
  return (
    <>
      <PageHeader
        title="Overview"
        description="The usage summary from the Partner API: totals, alerts and warnings kept apart, property by property."
      />
      <div className="space-y-6">
        <Suspense fallback={null}>
          <BannedNoticeLoader viewer={viewer} />
        </Suspense>
        <DayPickerLoader endpoint="usage" selected={day} scope={viewer} />
        <Suspense key={day ?? ""} fallback={<OverviewSkeleton />}>
          <OverviewLoader viewer={viewer} day={day} />
        </Suspense>
        {/* A day that is not one is refused in words by the usage summary above; coverage has no day to show. */}
        {day === undefined || isCalendarDay(day) ? (
          <Suspense key={`coverage|${day ?? ""}`} fallback={null}>
            <CoverageLoader viewer={viewer} day={day} />
          </Suspense>
        ) : null}
      </div>
    </>
  );
}

/** Loads the usage summary on the server for the first paint; the browser takes over from there. */
async function OverviewLoader({ viewer, day }: { viewer: Viewer; day?: string }) {
  await connection();
  const initial = await loadForPage(() => getUsageReport(viewer, day));
  // The usual ranges of the shown day, from the stored days before it; a failure here costs only the marks.
  const baselines = initial.ok
    ? await loadForPage(() => getUnusualBaselines(viewer, initial.data.reportedDateLocal, "overview"))
    : null;
  return (
    <OverviewReport
      initial={initial}
      baselines={baselines?.ok ? baselines.data : null}
      day={day}
      isAdmin={viewer.role === "admin"}
      canExport={exportAccessOf(viewer.role).csv}
    />
  );
}

/** Supervisors, regional staff and admins: the bans Daybook first saw since yesterday, if any. */
async function BannedNoticeLoader({ viewer }: { viewer: Viewer }) {
  await connection();
  const count = await getBannedSinceYesterday(viewer);
  return count === null ? null : <BannedSinceYesterdayNotice count={count} />;
}

/** Screening coverage of the day shown (yesterday: the newest stored day), from the stored guests. */
async function CoverageLoader({ viewer, day }: { viewer: Viewer; day?: string }) {
  await connection();
  const coverage = await getDayCoverage(viewer, day);
  return coverage ? <CoverageDaySection day={coverage.day} table={coverage.table} /> : null;
}
