import "server-only";

import { getTranslations } from "next-intl/server";

import { canSeeProperty, roleAllows, SCREEN_ROLES, type PropertyScope, type Viewer } from "@/lib/core/access";
import { addDays, daysEnding, previousDay, requireDay, type RangeDays } from "@/lib/core/days";
import { forbidden } from "@/lib/core/errors";
import { arrivalPropertyLabel, labelsInEnglishToo, type PropertyNameWords } from "@/lib/core/property-names";
import { readUsageRowZones, rowsDays } from "@/lib/features/history/row-zones";
import { readCoverageCounts, readNewestGuestDay, readStoredGuestParts } from "@/lib/features/history/screening";
import { readNewestUsageDays, readStoredUsageDays, readUsageWindow } from "@/lib/features/history/usage-days";
import { apiNow } from "@/lib/features/reports/clock";
import { scopeUsageDay } from "@/lib/features/reports/scope";
import { getYesterday } from "@/lib/features/reports/server";
import { getDb } from "@/lib/server/db";
import type { Database, Executor } from "@/lib/server/db/types";

import { seenSince, SINCE_YESTERDAY_MS } from "./banned";
import {
  bannedAfterStayFileFor,
  bannedAfterStayFor,
  bannedAfterStayPageFor,
  sharedNames,
  type BannedAfterStayPage,
  type NamedStay,
} from "./banned-list";
import type { BannedQuery, BannedRange } from "./banned-view";
import {
  coveragePropertyKey,
  coverageTable,
  latestShares,
  type CoverageProperty,
  type CoverageTable,
} from "./coverage";
import {
  baselineOf,
  COVERAGE_SPEC,
  dayBaselines,
  HISTORY_DAYS,
  judge,
  type DayBaselines,
  type Judgement,
} from "./unusual";
import { listedDays, unusualDays, type UnusualDays } from "./unusual-days";

/**
 * The insights Daybook draws from its own history, cut to the person's properties. The `…For`
 * functions take the database and a scope (tests call them on both databases); the `get…` ones take
 * the signed-in person and check the role first.
 */

export type InsightsViewer = Pick<Viewer, "role" | "allProperties" | "properties">;

/** Stored guest days in [from, to] as coverage per property, the person's properties only; labels in `words` (English by default). */
export async function coverageFor(
  db: Database,
  scope: PropertyScope,
  days: readonly string[],
  words?: PropertyNameWords,
): Promise<CoverageTable> {
  const from = days[0]!;
  const to = days.at(-1)!;
  const [counts, parts] = await Promise.all([readCoverageCounts(db, from, to), readStoredGuestParts(db, from, to)]);
  const visibleCounts = counts.filter((entry) => canSeeProperty(scope, entry.propertyName));
  const visibleParts = parts.filter((part) => canSeeProperty(scope, part.propertyName));
  const shared = sharedNames(visibleCounts);
  const zonesByName = new Map<string, Set<string>>();
  for (const entry of visibleCounts) {
    if (!entry.propertyTimeZone) continue;
    zonesByName.set(entry.propertyName, (zonesByName.get(entry.propertyName) ?? new Set()).add(entry.propertyTimeZone));
  }
  const names = [...new Set([...visibleParts.map((part) => part.propertyName), ...zonesByName.keys()])].sort((a, b) =>
    a.localeCompare(b),
  );
  const properties: (CoverageProperty & { label: string })[] = names.flatMap((name) => {
    const zones = [...(zonesByName.get(name) ?? [])].sort();
    // A name one property holds keeps the zone its arrivals named; a name without arrivals has none.
    const list = zones.length === 0 ? [null] : zones;
    return list.map((zone) => ({
      key: coveragePropertyKey(name, zone),
      propertyName: name,
      propertyTimeZone: zone,
      label: arrivalPropertyLabel({ propertyName: name, propertyTimeZone: zone ?? undefined }, shared, words),
    }));
  });
  // A count of a single-zone name is looked up under that zone; a day without arrivals by name.
  const withArrivals = new Set(visibleCounts.map((entry) => `${entry.day}|${entry.propertyName}`));
  const storedEmpty = new Set(
    visibleParts
      .filter((part) => !part.purged && !withArrivals.has(`${part.day}|${part.propertyName}`))
      .map((part) => `${part.day}|${part.propertyName}`),
  );
  // Each property's part is purged at its own policy's retention: "not kept" is per property day.
  const purgedParts = new Set(
    visibleParts.filter((part) => part.purged).map((part) => `${part.day}|${part.propertyName}`),
  );
  const table = coverageTable({
    days,
    properties,
    counts: visibleCounts,
    storedEmpty,
    purgedDays: new Set(),
    purgedParts,
  });
  const labels = new Map(properties.map((property) => [property.key, property.label]));
  return { ...table, series: table.series.map((series) => ({ ...series, label: labels.get(series.key) })) };
}

// For the pages: each checks the role before anything else.

function insightsScope(viewer: InsightsViewer): PropertyScope {
  if (!roleAllows(viewer.role, SCREEN_ROLES.insights)) throw forbidden();
  return { allProperties: viewer.allProperties, properties: viewer.properties };
}

export type { BannedAfterStayPage, NamedStay };

export async function getBannedAfterStay(viewer: InsightsViewer, query: BannedQuery): Promise<BannedAfterStayPage> {
  const scope = insightsScope(viewer);
  return bannedAfterStayPageFor(await getDb(), scope, query, await getTranslations("common"));
}

/**
 * Every stay the person's filters and name search allow, with names, for the CSV: the property is
 * found by the label the screen offered (in the person's words), and written in English.
 */
export async function getBannedAfterStayFile(
  viewer: InsightsViewer,
  query: BannedQuery,
): Promise<{ rows: NamedStay[]; property: string | null; range: BannedRange }> {
  const scope = insightsScope(viewer);
  const { words, english } = labelsInEnglishToo(await getTranslations("common"));
  const file = await bannedAfterStayFileFor(await getDb(), scope, query, words);
  return {
    ...file,
    rows: file.rows.map((row) => ({ ...row, label: english(row.label) })),
    property: file.property === null ? null : english(file.property),
  };
}

/** The Overview's notice: bans first seen in the last 24 hours; null for a role the list is not for. */
export async function getBannedSinceYesterday(viewer: InsightsViewer): Promise<number | null> {
  if (!roleAllows(viewer.role, SCREEN_ROLES.insights)) return null;
  const now = await apiNow();
  const scope = { allProperties: viewer.allProperties, properties: viewer.properties };
  const list = await bannedAfterStayFor(await getDb(), scope, new Date(now.getTime() - SINCE_YESTERDAY_MS));
  return seenSince(list.entries, now).length;
}

/**
 * The newest stored guests day, no later than the person's yesterday: a newer day holds only
 * properties east of theirs, whose day has closed before theirs has.
 */
async function newestOfTheirs(db: Database, viewer: InsightsViewer): Promise<string | null> {
  const [newest, yesterday] = await Promise.all([readNewestGuestDay(db), getYesterday(viewer)]);
  return newest && yesterday && yesterday < newest ? yesterday : newest;
}

/** One stored day's coverage (the Overview's day; without one, the newest stored guests day up to the person's yesterday). */
export async function getDayCoverage(
  viewer: InsightsViewer,
  day?: string,
): Promise<{ day: string; table: CoverageTable } | null> {
  const db = await getDb();
  const chosen = day ?? (await newestOfTheirs(db, viewer));
  if (!chosen) return null;
  // The day and the stored days before it: the day is judged against its property's own history.
  const days = daysEnding(chosen, HISTORY_DAYS + 1);
  const history = await coverageFor(db, viewer, days, await getTranslations("common"));
  return {
    day: chosen,
    table: {
      days: [chosen],
      series: history.series.map((series) => ({
        ...series,
        cells: series.cells.slice(-1),
        judgement: judgeCoverage(series, days, chosen),
      })),
    },
  };
}

/** A property's share without a screening record on `day`, against the stored days before it. */
function judgeCoverage(series: CoverageTable["series"][number], days: readonly string[], day: string): Judgement {
  const points = series.cells.map((cell, index) => ({
    day: days[index]!,
    value: cell.state === "shares" ? cell.unscreenedShare : null,
    scans: cell.state === "shares" ? cell.arrivals : null,
  }));
  const today = points.at(-1)!;
  return judge(COVERAGE_SPEC, today, baselineOf(points, day));
}

/** The coverage over `range` stored days ending with `day` (else the newest stored guests day): the Properties trend. */
export async function getCoverageTrend(
  viewer: InsightsViewer,
  range: RangeDays,
  day?: string,
): Promise<CoverageTable | null> {
  if (!roleAllows(viewer.role, SCREEN_ROLES.properties)) throw forbidden();
  const db = await getDb();
  const to = day ?? (await newestOfTheirs(db, viewer));
  if (!to) return null;
  // The stored days before the range too: each property's latest day is judged against its own history.
  const days = daysEnding(to, range + HISTORY_DAYS);
  const history = await coverageFor(db, viewer, days, await getTranslations("common"));
  return {
    days: days.slice(-range),
    series: history.series.map((series) => {
      const shown = series.cells.slice(-range);
      const latest = latestShares({ ...series, cells: shown }, days.slice(-range));
      const upTo = latest ? days.indexOf(latest.day) + 1 : 0;
      return {
        ...series,
        cells: shown,
        judgement: latest
          ? judgeCoverage({ ...series, cells: series.cells.slice(0, upTo) }, days.slice(0, upTo), latest.day)
          : undefined,
      };
    }),
  };
}

/**
 * The usual ranges a day's rates are judged against, from the stored usage days before it, cut to
 * the person's properties (as the figures on their screens are). The day's own figures come from
 * the report the screen shows, live or stored, so a refreshed live report is judged the same way.
 */
export async function unusualBaselinesFor(db: Executor, scope: PropertyScope, day: string): Promise<DayBaselines> {
  const stored = await readStoredUsageDays(db, addDays(day, -HISTORY_DAYS), previousDay(day));
  return dayBaselines(
    day,
    stored.map((entry) => scopeUsageDay(entry, scope)),
  );
}

/** For a screen: the person's usual ranges for `day`, on the Overview (every role) or Properties. */
export async function getUnusualBaselines(
  viewer: Pick<Viewer, "role" | "allProperties" | "properties">,
  day: string,
  screen: "overview" | "properties",
): Promise<DayBaselines> {
  if (screen === "properties" && !roleAllows(viewer.role, SCREEN_ROLES.properties)) throw forbidden();
  return unusualBaselinesFor(
    await getDb(),
    { allProperties: viewer.allProperties, properties: viewer.properties },
    requireDay(day),
  );
}

/**
 * The unusual rates of the person's properties over the `range` newest stored usage days up to
 * `to` (else the newest stored day): two reads whatever the range, the days' dates and then their
 * reports with the HISTORY_DAYS before them, judged here rather than day by day.
 */
export async function unusualDaysFor(
  db: Executor,
  scope: PropertyScope,
  range: RangeDays,
  to?: string,
  /** The person's words for the properties' labels; English by default. */
  words?: PropertyNameWords,
): Promise<UnusualDays> {
  const days = listedDays(await readNewestUsageDays(db, range, to), range);
  if (days.length === 0) return { range, days: [], rows: [], properties: [] };
  // The window Properties' other sections read for the same range (when its days are stored): one read for them all.
  const stored = await readUsageWindow(db, days[0]!, days.at(-1)!, HISTORY_DAYS);
  const history = stored.map((entry) => scopeUsageDay(entry, scope));
  const listed = new Set(days);
  const zones = await readUsageRowZones(db, rowsDays(history.filter((entry) => listed.has(entry.day))));
  return unusualDays(history, days, range, zones, words);
}

/**
 * For a screen: the person's unusual days, on the Overview's line (every role) or the Properties
 * list, ending with the chosen stored day (else the newest).
 */
export async function getUnusualDays(
  viewer: InsightsViewer,
  range: RangeDays,
  { screen, day }: { screen: "overview" | "properties"; day?: string },
): Promise<UnusualDays> {
  if (screen === "properties" && !roleAllows(viewer.role, SCREEN_ROLES.properties)) throw forbidden();
  const scope = { allProperties: viewer.allProperties, properties: viewer.properties };
  // Without a chosen day, up to the person's yesterday: a later day stored for other properties
  // (east of theirs) is not one of their days yet.
  const end = day === undefined ? ((await getYesterday(scope)) ?? undefined) : requireDay(day);
  return unusualDaysFor(await getDb(), scope, range, end, await getTranslations("common"));
}
