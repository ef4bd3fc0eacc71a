import type { Metadata } from "next";
import { Suspense } from "react";

import { DayPickerLoader } from "@/components/history/day-picker-loader";
import { OverviewLoader } from "@/components/overview/overview-loader";
import { OverviewSkeleton } from "@/components/overview/overview-skeleton";
import { PageHeader } from "@/components/ui/page-header";
import { dayFromSearchParam } from "@/lib/core/days";
import { requirePageViewer } from "@/lib/server/auth/viewer";

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
