import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";

import { CriminalArrivalsSkeleton } from "@/components/criminal-arrivals/criminal-arrivals-skeleton";
import { CriminalArrivalsView } from "@/components/criminal-arrivals/criminal-arrivals-view";
import { PropertyFilterForm } from "@/components/reports/property-filter-form";
import { cardClass } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import type { Viewer } from "@/lib/core/access";
import { dayFromSearchParam, propertyFromSearchParam } from "@/lib/core/days";
import { exportAccessOf } from "@/lib/features/export/access";
import { getPropertyChoices } from "@/lib/features/reports/server";
import { getReviewableCriminalArrivals, getReviewsOfDay } from "@/lib/features/review/server";
import type { DayReviews } from "@/lib/features/review/types";
import { requirePageViewer } from "@/lib/server/auth/viewer";
import { loadForPage } from "@/lib/server/http/failure";
import { logFailure } from "@/lib/server/log";

import { DayPickerLoader } from "../day-picker";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("criminalArrivals.page"))("title") };
}

async function CriminalArrivalsReportSection({
  viewer,
  property,
  day,
}: {
  viewer: Viewer;
  property?: string;
  day?: string;
}) {
  const initial = await loadForPage(() => getReviewableCriminalArrivals(viewer, property, day));
  // The lists' reviews come with the list: read in the browser afterwards, they drew every card a second time.
  const days = initial.ok ? [...new Set(initial.data.items.map((item) => item.checkInDateLocal))] : [];
  // Without them the cards still show, and the browser reads the reviews again itself.
  const reviews = await Promise.all(days.map((listDay) => getReviewsOfDay(viewer, listDay))).catch(
    (error: unknown): DayReviews[] => {
      logFailure("criminal arrivals: the lists' reviews", error);
      return [];
    },
  );
  return (
    <CriminalArrivalsView
      property={property}
      day={day}
      initial={initial}
      initialReviews={reviews}
      isAdmin={viewer.role === "admin"}
      canExport={exportAccessOf(viewer.role).csv}
    />
  );
}

export default async function CriminalArrivalsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer("/criminal-arrivals");
  const params = await searchParams;
  const property = propertyFromSearchParam(params.property);
  const day = dayFromSearchParam(params.day);
  const t = await getTranslations("criminalArrivals.page");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="space-y-4">
        <div className={`flex flex-col gap-4 p-4 lg:flex-row lg:items-start ${cardClass}`}>
          <DayPickerLoader endpoint="criminal-arrivals" selected={day} scope={viewer} />
          <PropertyFilterForm
            action="/criminal-arrivals"
            property={property}
            day={day}
            choices={await getPropertyChoices(viewer)}
            className="flex-1"
          />
        </div>
        <Suspense key={`${property ?? ""}|${day ?? ""}`} fallback={<CriminalArrivalsSkeleton />}>
          <CriminalArrivalsReportSection viewer={viewer} property={property} day={day} />
        </Suspense>
      </div>
    </>
  );
}
