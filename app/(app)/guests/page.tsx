import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";

import { GuestsScreen } from "@/components/guests/guests-screen";
import { GuestsSkeleton } from "@/components/guests/guests-skeleton";
import type { Viewer } from "@/lib/core/access";
import { dayFromSearchParam, propertyFromSearchParam } from "@/lib/core/days";
import { exportAccessOf } from "@/lib/features/export/access";
import type { OptionalColumnId } from "@/lib/features/guests/columns";
import { viewFromSearchParams } from "@/lib/features/guests/query";
import { readGuestColumns, readGuestsFirstScreen } from "@/lib/features/guests/server";
import type { GuestRowsQuery } from "@/lib/features/guests/types";
import { getPropertyChoices } from "@/lib/features/reports/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";
import { loadForPage } from "@/lib/server/http/failure";

import { DayPickerLoader } from "../day-picker";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("guests.page"))("title") };
}

export default async function GuestsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer("/guests");
  const params = await searchParams;
  const property = propertyFromSearchParam(params.property);
  const day = dayFromSearchParam(params.day);
  const view = viewFromSearchParams(params);
  const columns = await readGuestColumns(viewer.id);
  return (
    <div className="space-y-4">
      <DayPickerLoader endpoint="guests" selected={day} scope={viewer} />
      <Suspense key={`${property ?? ""}|${day ?? ""}`} fallback={<GuestsSkeleton />}>
        <GuestsReportSection viewer={viewer} property={property} day={day} view={view} columns={columns} />
      </Suspense>
    </div>
  );
}

/**
 * The first screenful of the day's arrivals, the counts and the property names: the rest of the
 * day stays on the server, and the browser asks for it page by page as the person scrolls.
 */
async function GuestsReportSection({
  viewer,
  property,
  day,
  view,
  columns,
}: {
  viewer: Viewer;
  property?: string;
  day?: string;
  view: Omit<GuestRowsQuery, "q">;
  columns: OptionalColumnId[];
}) {
  const [initial, choices] = await Promise.all([
    loadForPage(() => readGuestsFirstScreen(viewer, property, day, { q: "", ...view })),
    getPropertyChoices(viewer),
  ]);
  return (
    <GuestsScreen
      property={property}
      day={day}
      initial={initial}
      initialView={view}
      initialColumns={columns}
      isAdmin={viewer.role === "admin"}
      propertyChoices={choices}
      exportAccess={exportAccessOf(viewer.role)}
    />
  );
}
