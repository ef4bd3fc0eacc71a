import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { connection } from "next/server";
import { Suspense } from "react";

import { BannedSinceYesterdayNotice } from "@/components/insights/banned-after-stay-list";
import { CoverageDaySection } from "@/components/insights/coverage-tables";
import { OverviewReport } from "@/components/overview/overview-report";
import { OverviewSkeleton } from "@/components/overview/overview-skeleton";
import { WaitingLists } from "@/components/overview/waiting-lists";
import { PageHeader } from "@/components/ui/page-header";
import type { Viewer } from "@/lib/core/access";
import { dayFromSearchParam } from "@/lib/core/days";
import { exportAccessOf } from "@/lib/features/export/access";
import { getBannedSinceYesterday, getDayCoverage, getUnusualBaselines } from "@/lib/features/insights/server";
import { getOverviewHistory } from "@/lib/features/overview/server";
import { getFormat } from "@/lib/features/preferences/server";
import { getUsageReport } from "@/lib/features/reports/server";
import { getWaitingGlance } from "@/lib/features/review/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";
import { loadForPage } from "@/lib/server/http/failure";

import { DayPickerLoader } from "./day-picker";
import { UnusualDaysLine } from "./unusual-days-line";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("overview"))("title") };
}

export default async function OverviewPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer("/");
  const day = dayFromSearchParam((await searchParams).day);
  const t = await getTranslations("overview");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        <Suspense fallback={null}>
          <BannedNoticeLoader viewer={viewer} />
        </Suspense>
        <Suspense fallback={null}>
          <WaitingListsLoader viewer={viewer} />
        </Suspense>
        <DayPickerLoader endpoint="usage" selected={day} scope={viewer} />
        <Suspense fallback={null}>
          <UnusualDaysLine viewer={viewer} />
        </Suspense>
        <Suspense key={day ?? ""} fallback={<OverviewSkeleton />}>
          <OverviewLoader viewer={viewer} day={day} />
        </Suspense>
      </div>
    </>
  );
}

/** Loads the usage summary on the server for the first paint; the browser takes over from there. */
async function OverviewLoader({ viewer, day }: { viewer: Viewer; day?: string }) {
  await connection();
  const initial = await loadForPage(() => getUsageReport(viewer, day));
  // The usual ranges of the shown day, from the stored days before it; a failure here costs only the marks.
  const shown = initial.ok ? initial.data : null;
  const [baselines, history] = shown
    ? await Promise.all([
        loadForPage(() => getUnusualBaselines(viewer, shown.reportedDateLocal, "overview")),
        // The stored day before and the person's stored scans; a failure here costs only the comparison.
        loadForPage(() => getOverviewHistory(viewer, shown.reportedDateLocal, shown.narrowed)),
      ])
    : [null, null];
  const own = history?.ok && history.data && shown ? { day: shown.reportedDateLocal, ...history.data } : null;
  return (
    <>
      <OverviewReport
        initial={initial}
        baselines={baselines?.ok ? baselines.data : null}
        history={own}
        day={day}
        isAdmin={viewer.role === "admin"}
        canExport={exportAccessOf(viewer.role).csv}
      />
      {/* Screening coverage of the very day the figures above are for: one page, one day. */}
      {shown ? (
        <Suspense key={`coverage|${shown.reportedDateLocal}`} fallback={null}>
          <CoverageLoader viewer={viewer} day={shown.reportedDateLocal} rule={shown.byProperty.length <= 1} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Supervisors: the lists waiting for their sign-off, oldest first. */
async function WaitingListsLoader({ viewer }: { viewer: Viewer }) {
  await connection();
  const [glance, format] = await Promise.all([getWaitingGlance(viewer, new Date()), getFormat()]);
  return glance ? <WaitingLists glance={glance} format={format} /> : null;
}

/** Supervisors, regional staff and admins: the bans Daybook first saw since yesterday, if any. */
async function BannedNoticeLoader({ viewer }: { viewer: Viewer }) {
  await connection();
  const count = await getBannedSinceYesterday(viewer);
  return count === null ? null : <BannedSinceYesterdayNotice count={count} />;
}

/**
 * Screening coverage of the usage summary's day, from the stored guests. `rule`: whether it says
 * how unusual days are judged (the table by property above says it when there is one).
 */
async function CoverageLoader({ viewer, day, rule }: { viewer: Viewer; day: string; rule: boolean }) {
  await connection();
  const coverage = await getDayCoverage(viewer, day);
  return coverage ? <CoverageDaySection day={coverage.day} table={coverage.table} rule={rule} /> : null;
}
