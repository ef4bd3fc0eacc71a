import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";

import { NoAccess } from "@/components/layout/no-access";
import { NarrowedNote } from "@/components/properties/comparison-controls";
import { SectionSkeleton } from "@/components/properties/section";
import {
  TREND_FILTER_PARAM,
  TREND_ORDER_PARAM,
  TREND_PAGE_PARAM,
  TREND_PROPERTY_PARAM,
  TREND_SORT_PARAM,
} from "@/components/properties/trend-place";
import { UNUSUAL_PAGE_PARAM, UNUSUAL_PROPERTY_PARAM } from "@/components/properties/unusual-days-section";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { roleAllows, SCREEN_ROLES } from "@/lib/core/access";
import { firstParam, parseDay, parseRange, propertyFromSearchParam } from "@/lib/core/days";
import { requirePageViewer } from "@/lib/server/auth/viewer";

import {
  AcknowledgementLoader,
  ControlsLoader,
  CoverageLoader,
  FalseMatchLoader,
  SideBySideLoader,
  SignOffLoader,
  TrendsLoader,
  UnusualDaysLoader,
} from "./sections";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("properties"))("title") };
}

export default async function PropertiesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer("/properties");
  const t = await getTranslations("properties");
  if (!roleAllows(viewer.role, SCREEN_ROLES.properties)) return <NoAccess title={t("title")} />;
  const params = await searchParams;
  const day = parseDay(params.day);
  const range = parseRange(params.range);
  const dayKey = day.kind === "day" ? day.day : day.kind;
  const historyKey = `${dayKey}|${range}`;
  const unusualProperty = propertyFromSearchParam(params[UNUSUAL_PROPERTY_PARAM]);
  const unusualPage = firstParam(params[UNUSUAL_PAGE_PARAM], 20);
  const trendsChoice = {
    property: propertyFromSearchParam(params[TREND_PROPERTY_PARAM]),
    summary: {
      filter: propertyFromSearchParam(params[TREND_FILTER_PARAM]),
      sort: firstParam(params[TREND_SORT_PARAM], 40),
      order: firstParam(params[TREND_ORDER_PARAM], 20),
      page: firstParam(params[TREND_PAGE_PARAM], 20),
    },
  };

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        <Suspense fallback={<Skeleton className="h-20" />}>
          <ControlsLoader viewer={viewer} day={day} range={range} />
        </Suspense>
        <NarrowedNote viewer={viewer} />
        <Suspense key={dayKey} fallback={<SectionSkeleton label={t("loading.sideBySide")} />}>
          <SideBySideLoader viewer={viewer} day={day} />
        </Suspense>
        <Suspense
          key={`unusual|${historyKey}|${unusualProperty ?? ""}|${unusualPage ?? ""}`}
          fallback={<SectionSkeleton label={t("loading.unusual")} />}
        >
          <UnusualDaysLoader viewer={viewer} range={range} day={day} property={unusualProperty} page={unusualPage} />
        </Suspense>
        <Suspense
          key={`trends|${historyKey}|${JSON.stringify(trendsChoice)}`}
          fallback={<SectionSkeleton label={t("loading.trends")} chart />}
        >
          <TrendsLoader viewer={viewer} range={range} day={day} choice={trendsChoice} />
        </Suspense>
        <Suspense key={`coverage|${historyKey}`} fallback={<SectionSkeleton label={t("loading.coverage")} />}>
          <CoverageLoader viewer={viewer} range={range} day={day} />
        </Suspense>
        <Suspense
          key={`acknowledgement|${historyKey}`}
          fallback={<SectionSkeleton label={t("loading.acknowledgement")} />}
        >
          <AcknowledgementLoader viewer={viewer} range={range} day={day} />
        </Suspense>
        <Suspense key={`sign-off|${historyKey}`} fallback={<SectionSkeleton label={t("loading.signOff")} />}>
          <SignOffLoader viewer={viewer} range={range} day={day} />
        </Suspense>
        <Suspense key={`false-match|${historyKey}`} fallback={<SectionSkeleton label={t("loading.falseMatch")} />}>
          <FalseMatchLoader viewer={viewer} range={range} day={day} />
        </Suspense>
      </div>
    </>
  );
}
