import type { Metadata } from "next";
import { Suspense } from "react";
import { GUESTS_DESCRIPTION } from "@/components/guests/copy";
import { GuestsScreen } from "@/components/guests/guests-screen";
import { GuestsSkeleton } from "@/components/guests/guests-skeleton";
import { PageHeader } from "@/components/ui/page-header";
import { getGuestsReport } from "@/lib/dal/reports";
import { requirePageViewer, type Viewer } from "@/lib/dal/viewer";
import type { OptionalColumnId } from "@/lib/guests/columns";
import { readGuestColumns } from "@/lib/guests/preferences";
import { propertyFromSearchParam } from "@/lib/guests/property-filter";
import { loadForPage } from "@/lib/reports/load";

export const metadata: Metadata = { title: "Guests" };

export default async function GuestsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requirePageViewer("/guests");
  const property = propertyFromSearchParam((await searchParams).property);
  const columns = await readGuestColumns(viewer.id);
  return (
    <>
      <PageHeader title="Guests" description={GUESTS_DESCRIPTION} />
      <Suspense key={property ?? ""} fallback={<GuestsSkeleton />}>
        <GuestsReportSection viewer={viewer} property={property} columns={columns} />
      </Suspense>
    </>
  );
}

async function GuestsReportSection({ viewer, property, columns }: { viewer: Viewer; property?: string; columns: OptionalColumnId[] }) {
  const initial = await loadForPage(() => getGuestsReport(viewer, property));
  return (
    <GuestsScreen
      property={property}
      initial={initial}
      initialColumns={columns}
      isAdmin={viewer.role === "admin"}
      grantedProperties={viewer.allProperties ? [] : [...viewer.properties]}
    />
  );
}
