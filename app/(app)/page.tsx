import type { Metadata } from "next";
import { Suspense } from "react";
import { OverviewLoader } from "@/components/overview/overview-loader";
import { OverviewSkeleton } from "@/components/overview/overview-skeleton";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageViewer } from "@/lib/dal/viewer";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const viewer = await requirePageViewer("/");
  return (
    <>
      <PageHeader
        title="Overview"
        description="Yesterday's usage summary from the Partner API: totals, alerts and warnings kept apart, property by property."
      />
      <Suspense fallback={<OverviewSkeleton />}>
        <OverviewLoader viewer={viewer} />
      </Suspense>
    </>
  );
}
