import type { Metadata } from "next";
import { connection } from "next/server";
import { Suspense } from "react";

import { OverviewReport } from "@/components/overview/overview-report";
import { OverviewSkeleton } from "@/components/overview/overview-skeleton";
import { PageHeader } from "@/components/ui/page-header";
import type { Viewer } from "@/lib/core/access";
import { dayFromSearchParam } from "@/lib/core/days";
import { exportAccessOf } from "@/lib/features/export/access";
import { getUnusualBaselines } from "@/lib/features/insights/server";
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
        <DayPickerLoader endpoint="usage" selected={day} />
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
