import type { Metadata } from "next";
import { Suspense } from "react";

import { GuestsScreen } from "@/components/guests/guests-screen";
import { GuestsSkeleton } from "@/components/guests/guests-skeleton";
import type { Viewer } from "@/lib/core/access";
import { dayFromSearchParam, propertyFromSearchParam } from "@/lib/core/days";
import { exportAccessOf } from "@/lib/features/export/access";
import type { OptionalColumnId } from "@/lib/features/guests/columns";
import { readGuestColumns } from "@/lib/features/guests/server";
import { getGuestsReport } from "@/lib/features/reports/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";
import { loadForPage } from "@/lib/server/http/failure";

import { DayPickerLoader } from "../day-picker";

export const metadata: Metadata = { title: "Guests" };

export default async function GuestsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer("/guests");
  const params = await searchParams;
  const property = propertyFromSearchParam(params.property);
  const day = dayFromSearchParam(params.day);
  const columns = await readGuestColumns(viewer.id);
  return (
    <div className="space-y-4">
      <DayPickerLoader endpoint="guests" selected={day} />
      <Suspense key={`${property ?? ""}|${day ?? ""}`} fallback={<GuestsSkeleton />}>
        <GuestsReportSection viewer={viewer} property={property} day={day} columns={columns} />
      </Suspense>
    </div>
  );
}

async function GuestsReportSection({
  viewer,
  property,
  day,
  columns,
}: {
  viewer: Viewer;
  property?: string;
  day?: string;
  columns: OptionalColumnId[];
}) {
  const initial = await loadForPage(() => getGuestsReport(viewer, property, day));
  return (
    <GuestsScreen
      property={property}
      day={day}
      initial={initial}
      initialColumns={columns}
      isAdmin={viewer.role === "admin"}
      grantedProperties={viewer.allProperties ? [] : [...viewer.properties]}
      exportAccess={exportAccessOf(viewer.role)}
    />
  );
}
