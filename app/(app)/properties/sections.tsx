import { getTranslations } from "next-intl/server";
import { connection } from "next/server";

import { CoverageTrendSection } from "@/components/insights/coverage-tables";
import { AcknowledgementSection } from "@/components/properties/acknowledgement-section";
import { ComparisonControls } from "@/components/properties/comparison-controls";
import { FalseMatchSection } from "@/components/properties/false-match-section";
import { SideBySideSection } from "@/components/properties/side-by-side-section";
import { SignOffSection } from "@/components/properties/sign-off-section";
import { TrendsSection } from "@/components/properties/trends-section";
import { UnusualDaysSection } from "@/components/properties/unusual-days-section";
import type { Viewer } from "@/lib/core/access";
import type { DayParam, RangeDays } from "@/lib/core/days";
import {
  getAcknowledgements,
  getSideBySide,
  getSignOffs,
  getStoredDays,
  getTrends,
  type TrendsChoice,
} from "@/lib/features/comparison/server";
import { exportAccessOf } from "@/lib/features/export/access";
import { getCoverageTrend, getUnusualBaselines, getUnusualDays } from "@/lib/features/insights/server";
import { getPropertyFalseMatchRates } from "@/lib/features/investigations/server";
import { WINDOWS, type WindowDays } from "@/lib/features/investigations/view";
import { getFormat } from "@/lib/features/preferences/server";
import { getUnattendedProperties } from "@/lib/features/review/server";
import { getConfig } from "@/lib/server/config";
import { loadForPage } from "@/lib/server/http/failure";

/**
 * The Properties screen's loaders: each reads its figures on the server, behind its own Suspense
 * boundary in the page, and hands them (or why there are none) to its section in components/properties,
 * with the person's formats.
 */

interface SectionProps {
  viewer: Viewer;
  day: DayParam;
  range: RangeDays;
}

/** At request time only: the figures follow the stored days and the live API, never a build. */
async function load<T>(read: () => Promise<T>) {
  await connection();
  return loadForPage(read);
}

export async function ControlsLoader({ viewer, day, range }: SectionProps) {
  const [stored, format] = await Promise.all([getStoredDays(viewer), getFormat()]);
  return <ComparisonControls stored={stored} day={day} range={range} format={format} />;
}

export async function SideBySideLoader({ viewer, day }: Omit<SectionProps, "range">) {
  const common = await getTranslations("common");
  const loaded = await load(() => getSideBySide(viewer, day, common));
  // The usual ranges of the compared day; a failure here costs only the unusual-day marks.
  const baselines = loaded.ok
    ? await loadForPage(() => getUnusualBaselines(viewer, loaded.data.reportedDate, "properties"))
    : null;
  return (
    <SideBySideSection
      loaded={loaded}
      baselines={baselines?.ok ? baselines.data : null}
      day={day}
      isAdmin={viewer.role === "admin"}
      canExport={exportAccessOf(viewer.role).csv}
      format={await getFormat()}
    />
  );
}

export async function TrendsLoader({ viewer, day, range, choice }: SectionProps & { choice: TrendsChoice }) {
  return (
    <TrendsSection
      loaded={await load(() => getTrends(viewer, range, day, choice))}
      day={day}
      range={range}
      isAdmin={viewer.role === "admin"}
      format={await getFormat()}
    />
  );
}

export async function AcknowledgementLoader({ viewer, day, range }: SectionProps) {
  return (
    <AcknowledgementSection
      loaded={await load(() => getAcknowledgements(viewer, range, day))}
      range={range}
      isAdmin={viewer.role === "admin"}
      format={await getFormat()}
    />
  );
}

export async function SignOffLoader({ viewer, day, range }: SectionProps) {
  const [loaded, unattended] = await Promise.all([
    load(() => getSignOffs(viewer, range, day)),
    getUnattendedProperties(viewer),
  ]);
  return (
    <SignOffSection
      loaded={loaded}
      range={range}
      isAdmin={viewer.role === "admin"}
      unattended={unattended ?? []}
      format={await getFormat()}
    />
  );
}

export async function CoverageLoader({ viewer, day, range }: SectionProps) {
  await connection();
  return (
    <CoverageTrendSection
      table={await getCoverageTrend(viewer, range, day.kind === "day" ? day.day : undefined)}
      range={range}
    />
  );
}

export async function UnusualDaysLoader({
  viewer,
  day,
  range,
  property,
  page,
}: SectionProps & { property?: string; page?: string }) {
  const loaded = await load(async () => {
    const list = await getUnusualDays(viewer, range, {
      screen: "properties",
      day: day.kind === "day" ? day.day : undefined,
    });
    return list.days.length === 0 ? null : list;
  });
  return (
    <UnusualDaysSection
      loaded={loaded}
      day={day}
      range={range}
      property={property}
      page={page}
      pageSize={getConfig().history.unusualDaysPerPage}
      isAdmin={viewer.role === "admin"}
      format={await getFormat()}
    />
  );
}

/** The false-match rate over the page's range where it is a window the rate is read over, else 90 days. */
export async function FalseMatchLoader({ viewer, day, range }: SectionProps) {
  const days: WindowDays = (WINDOWS as readonly number[]).includes(range) ? (range as WindowDays) : 90;
  return (
    <FalseMatchSection
      loaded={await load(() => getPropertyFalseMatchRates(viewer, days, day.kind === "day" ? day.day : undefined))}
      isAdmin={viewer.role === "admin"}
      asked={range}
      format={await getFormat()}
    />
  );
}
