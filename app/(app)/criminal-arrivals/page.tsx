import type { Metadata } from "next";
import { Suspense } from "react";
import { CriminalArrivalsSkeleton } from "@/components/criminal-arrivals/criminal-arrivals-skeleton";
import { CriminalArrivalsView } from "@/components/criminal-arrivals/criminal-arrivals-view";
import { PropertyFilterForm } from "@/components/reports/property-filter-form";
import { PageHeader } from "@/components/ui/page-header";
import { propertyFilterOf } from "@/lib/criminal-arrivals/view";
import { getCriminalArrivalsReport } from "@/lib/dal/reports";
import { requirePageViewer, type Viewer } from "@/lib/dal/viewer";
import { loadForPage } from "@/lib/reports/load";

export const metadata: Metadata = { title: "Criminal arrivals" };

async function CriminalArrivalsReportSection({ viewer, property }: { viewer: Viewer; property?: string }) {
  const initial = await loadForPage(() => getCriminalArrivalsReport(viewer, property));
  return <CriminalArrivalsView property={property} initial={initial} isAdmin={viewer.role === "admin"} />;
}

export default async function CriminalArrivalsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer("/criminal-arrivals");
  const property = propertyFilterOf((await searchParams).property);
  return (
    <>
      <PageHeader
        title="Criminal arrivals"
        description="Yesterday's guests who matched a criminal-record or sex-offender screening, one per guest, and whether the desk acknowledged the alert."
      />
      <div className="space-y-4">
        <PropertyFilterForm
          action="/criminal-arrivals"
          property={property}
          suggestions={viewer.allProperties ? [] : viewer.properties}
          className="rounded-lg border border-stone-200 bg-white p-4"
        />
        <Suspense key={property ?? ""} fallback={<CriminalArrivalsSkeleton />}>
          <CriminalArrivalsReportSection viewer={viewer} property={property} />
        </Suspense>
      </div>
    </>
  );
}
