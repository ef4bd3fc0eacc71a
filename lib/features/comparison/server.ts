import "server-only";

import { getTranslations } from "next-intl/server";
import { cache } from "react";

import {
  canSeeProperty,
  propertyKey,
  roleAllows,
  SCREEN_ROLES,
  type PropertyScope,
  type Viewer,
} from "@/lib/core/access";
import { daysEnding, previousDay, type DayParam, type RangeDays } from "@/lib/core/days";
import { forbidden } from "@/lib/core/errors";
import { isSharedName, sharedRowNames, type PropertyNameWords } from "@/lib/core/property-names";
import { readStoredCriminalArrivalTimes } from "@/lib/features/history/criminal-range";
import {
  readListSpellings,
  readListWaits,
  readSignOffSummaries,
  readStoredListCounts,
  readWaitSummaries,
} from "@/lib/features/history/list-counts";
import { placeArrivals, readSharedNames } from "@/lib/features/history/placement";
import { readUsageRowZones, rowsDays } from "@/lib/features/history/row-zones";
import { listStoredDays, readStoredUsage } from "@/lib/features/history/store";
import type { WithCopy } from "@/lib/features/history/types";
import { readUsageWindow } from "@/lib/features/history/usage-days";
import { HISTORY_DAYS } from "@/lib/features/insights/unusual";
import { scopeUsageDay, scopeUsageReport, type ScopedUsageReport } from "@/lib/features/reports/scope";
import { getUsageReport, getYesterday } from "@/lib/features/reports/server";
import type { ListProperty } from "@/lib/features/review/list";
import { signOffsBetween, standingSignOffNames, standingUnzonedSignOffs } from "@/lib/features/review/server";
import type { ReviewWords } from "@/lib/features/review/words";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";
import type { Database } from "@/lib/server/db/types";

import {
  acknowledgementFigures,
  type AcknowledgementFigure,
  type AlertCounts,
  type AlertSummary,
} from "./acknowledgement";
import { retentionNote, type RetentionNote } from "./retention";
import { sideBySide, type SideBySide } from "./side-by-side";
import { listsOf, signOffFigures, type SignOffFigure } from "./sign-off";
import { pageOfSummaries, type SummaryPage, type SummaryQuery } from "./trend-summary";
import { buildTrends, groupTrends, type GroupTrends, type StoredUsageDay, type Trends } from "./trends";

/**
 * The stored criminal-arrival lists, their names' spellings and usage of a range, read once per
 * request: the page's sections (acknowledgement and sign-off; side by side and trends) ask for the
 * same range. Outside a request (tests, scripts) each call reads again.
 */
const listCountsOf = cache(readStoredListCounts);
const listSpellingsOf = cache(readListSpellings);
/** The range's stored usage days, from the window unusual days reads too (its baseline's days before the range). */
async function usageOf(db: Database, from: string, to: string) {
  return (await readUsageWindow(db, from, to, HISTORY_DAYS)).filter((day) => day.day >= from);
}

/**
 * The Properties comparison, cut to the signed-in person's properties. The `…For` functions take
 * the database and the person's scope (tests call them on both databases); the `get…` ones take the
 * signed-in person, refuse a role the screen is not for, and read the configuration.
 */

/** The signed-in person as this module needs them (a Viewer is one). */
export type ComparisonViewer = Pick<Viewer, "role" | "allProperties" | "properties">;

/** The stored days a comparison covers: `range` days ending with the chosen day, else the newest stored one. */
export interface ComparisonRange {
  range: RangeDays;
  from: string;
  to: string;
  /** Whether Daybook holds any stored usage day at all. */
  anyStored: boolean;
  /** The range ends on the newest stored day (no day was chosen). */
  endsOnNewest: boolean;
}

export async function resolveRange(
  db: Database,
  range: RangeDays,
  day?: string,
  /** The person's yesterday: a newer day, stored for properties east of theirs, is not theirs yet. */
  yesterday?: string | null,
): Promise<ComparisonRange | null> {
  const newest = (await listStoredDays(db, "usage"))[0]?.reportedDate;
  const to = day ?? (newest !== undefined && yesterday && yesterday < newest ? yesterday : newest);
  if (to === undefined) return null;
  const days = daysEnding(to, range);
  return { range, from: days[0]!, to, anyStored: newest !== undefined, endsOnNewest: day === undefined };
}

/** `words`: the person's, for the properties' labels; English by default (the CSV). */
export async function sideBySideFor(
  db: Database,
  scope: PropertyScope,
  report: WithCopy<ScopedUsageReport>,
  words?: PropertyNameWords,
): Promise<SideBySide> {
  const dayBefore = previousDay(report.reportedDateLocal);
  const [stored] = await readStoredUsage(db, dayBefore, dayBefore);
  return sideBySide(report, stored ? scopeUsageReport(stored.report, scope) : null, words);
}

/** The range's stored usage days cut to the person's properties, and the trends built from them. */
async function storedTrends(
  db: Database,
  scope: PropertyScope,
  range: ComparisonRange,
  words?: PropertyNameWords,
): Promise<{ stored: StoredUsageDay[]; trends: Trends }> {
  const stored: StoredUsageDay[] = (await usageOf(db, range.from, range.to)).map((day) => scopeUsageDay(day, scope));
  const zones = await readUsageRowZones(db, rowsDays(stored));
  return { stored, trends: buildTrends(range.to, range.range, stored, zones, words) };
}

export async function trendsFor(
  db: Database,
  scope: PropertyScope,
  range: ComparisonRange,
  words?: PropertyNameWords,
): Promise<Trends> {
  return (await storedTrends(db, scope, range, words)).trends;
}

/**
 * The trends as the section shows them: a line and a column per property for a few properties;
 * beyond `perPropertyMax`, the group as a whole (and one chosen property) and a page of the summary,
 * so what reaches the browser stays small however many properties and days there are.
 */
export type TrendsShown =
  | { kind: "each"; trends: Trends }
  | {
      kind: "group";
      group: GroupTrends;
      summary: SummaryPage;
      /** Every property of the range, for the property picker: its label and series id. */
      choices: { id: string; label: string }[];
      /** `?trend=` named no property of the range. */
      unknownProperty: string | null;
    };

/** What the address asks of the trends of a large group. */
export interface TrendsChoice {
  /** `?trend=` as typed: a property's label. */
  property?: string;
  summary: SummaryQuery;
}

export interface TrendsOptions extends TrendsChoice {
  perPropertyMax: number;
  /** The person's words for the properties' labels (`?trend=` is one of them); English by default. */
  words?: PropertyNameWords;
}

export async function trendsShownFor(
  db: Database,
  scope: PropertyScope,
  range: ComparisonRange,
  { perPropertyMax, property, summary, words }: TrendsOptions,
): Promise<TrendsShown> {
  const { stored, trends } = await storedTrends(db, scope, range, words);
  if (trends.series.length <= perPropertyMax) return { kind: "each", trends };
  const chosen = property === undefined ? undefined : trends.series.find((s) => s.label === property);
  return {
    kind: "group",
    group: groupTrends(trends, stored, chosen?.id),
    summary: pageOfSummaries(trends.summaries, summary),
    choices: trends.series.map((s) => ({ id: s.id, label: s.label })),
    unknownProperty: property !== undefined && chosen === undefined ? property : null,
  };
}

/**
 * The person's properties in the range's stored usage days (the newest report's order first, each
 * once; a name several share once per zone its arrivals were placed in), and the names shared.
 */
async function propertiesIn(
  db: Database,
  scope: PropertyScope,
  range: ComparisonRange,
): Promise<{ properties: ListProperty[]; sharedNames: string[] }> {
  const stored = [...(await usageOf(db, range.from, range.to))].reverse();
  const shared = (await readSharedNames(db)).filter((entry) => canSeeProperty(scope, entry.name));
  const names = new Set<string>();
  for (const day of stored) {
    for (const row of day.byProperty) if (canSeeProperty(scope, row.propertyName)) names.add(row.propertyName);
  }
  const properties = [...names].flatMap((name): ListProperty[] => {
    const sharing = shared.find((entry) => propertyKey(entry.name) === propertyKey(name));
    return sharing ? sharing.zones.map((zone) => ({ propertyName: name, zone })) : [{ propertyName: name, zone: null }];
  });
  // The usage rows say a name is shared even before any arrival has named the zones.
  const newest = (stored[0]?.byProperty ?? []).filter((row) => canSeeProperty(scope, row.propertyName));
  const sharedNames = new Map(shared.map((entry) => [propertyKey(entry.name), entry.name]));
  for (const name of sharedRowNames(newest)) sharedNames.set(propertyKey(name), name);
  return { properties, sharedNames: [...sharedNames.values()] };
}

/**
 * The range's criminal arrivals under names several properties share, each placed in its zone
 * (placement needs the arrival itself), for everyone: read once per request, although both the
 * acknowledgement and the sign-off sections ask.
 */
const placedSharedOf = cache(async (db: Database, from: string, to: string) => {
  const shared = (await readSharedNames(db)).map((entry) => entry.name);
  const spellings = (await listSpellingsOf(db, from, to)).filter((name) => isSharedName(shared, name));
  const alerts = await readStoredCriminalArrivalTimes(db, from, to, spellings);
  const placed = await placeArrivals(
    db,
    alerts.map(({ item }) => item),
    shared,
  );
  return { shared, placed: alerts.map(({ pulledAt }, index) => ({ item: placed[index]!, pulledAt })) };
});

/** Stored criminal-arrival days in the range, and how many of them had their guest data removed. */
async function criminalArrivalDays(db: Database, range: ComparisonRange) {
  const days = (await listStoredDays(db, "criminal-arrivals")).filter(
    (copy) => copy.reportedDate >= range.from && copy.reportedDate <= range.to,
  );
  return { stored: days.length, purged: days.filter((copy) => copy.itemsPurgedAt !== null).length };
}

export interface GuestDataSection<F> {
  range: ComparisonRange;
  figures: F[];
  /** Stored criminal-arrival days in the range. */
  storedDays: number;
  /** What the section leaves out as guest data is removed (./retention.ts); null: nothing. */
  retentionNote: RetentionNote | null;
  /** Names several of the person's properties share: their figures are apart by zone. */
  sharedNames: string[];
}

export async function acknowledgementsFor(
  db: Database,
  scope: PropertyScope,
  range: ComparisonRange,
  /** `t`: the person's words for the properties' labels; English by default. */
  { now, retentionDays, t }: { now: Date; retentionDays: number; t?: ReviewWords },
): Promise<GuestDataSection<AcknowledgementFigure>> {
  const { shared, placed } = await placedSharedOf(db, range.from, range.to);
  const days = await criminalArrivalDays(db, range);
  const { properties, sharedNames } = await propertiesIn(db, scope, range);
  return {
    range,
    figures: acknowledgementFigures(
      [
        ...(await countedAlerts(db, scope, range, shared)),
        ...placed.filter(({ item }) => canSeeProperty(scope, item.propertyName)).map(({ item }) => item),
      ],
      properties,
      t,
    ),
    storedDays: days.stored,
    retentionNote: retentionNote(range.from, now, retentionDays, days.purged),
    sharedNames,
  };
}

/**
 * `names` split by whether another spelling of the same property (`propertyKey`) is among them or
 * `others`: one spelling alone can be counted by the database, which matches names as spelled;
 * several must be counted here together.
 */
function bySpelling(names: readonly string[], others: readonly string[] = []) {
  const spellings = new Map<string, Set<string>>();
  for (const name of [...names, ...others]) {
    spellings.set(propertyKey(name), (spellings.get(propertyKey(name)) ?? new Set()).add(name));
  }
  const alone = new Set(names.filter((name) => spellings.get(propertyKey(name))!.size === 1));
  return { alone, together: names.filter((name) => !alone.has(name)) };
}

/**
 * The range's alerts of the person's properties under names no two properties share, summed up by
 * the database per spelling. Where two spellings are one property ("Harbour View" and "harbour
 * view"), their waits are read to take one median: medians do not combine.
 */
async function countedAlerts(
  db: Database,
  scope: PropertyScope,
  range: ComparisonRange,
  shared: readonly string[],
): Promise<(AlertSummary | AlertCounts)[]> {
  const summaries = (await readWaitSummaries(db, range.from, range.to)).filter(
    (summary) => canSeeProperty(scope, summary.propertyName) && !isSharedName(shared, summary.propertyName),
  );
  const { alone, together } = bySpelling(summaries.map((summary) => summary.propertyName));
  const parts = await readListWaits(db, range.from, range.to, together);
  return [
    ...summaries
      .filter((summary) => alone.has(summary.propertyName))
      .map(({ propertyName, arrivals, acknowledged, medianMs }) => ({
        propertyName,
        alerts: arrivals,
        acknowledged,
        medianMs,
      })),
    ...parts.map(({ propertyName, arrivals, waitsMs }) => ({ propertyName, alerts: arrivals, waitsMs })),
  ];
}

export async function signOffsFor(
  db: Database,
  scope: PropertyScope,
  range: ComparisonRange,
  {
    now,
    retentionDays,
    overdueHours,
    t,
  }: {
    now: Date;
    retentionDays: number;
    overdueHours: number;
    /** The person's words for the properties' labels; English by default. */
    t?: ReviewWords;
  },
): Promise<GuestDataSection<SignOffFigure> & { overdueHours: number }> {
  const { shared, placed } = await placedSharedOf(db, range.from, range.to);
  const visible = (name: string) => canSeeProperty(scope, name) && !isSharedName(shared, name);
  // A name the lists and the sign-offs spell one way is summed up by the database, its lists
  // matched to their sign-offs as spelled: some 70,000 lists for a year, never read here. A name
  // spelled two ways, or several properties share, is counted here list by list.
  const listNames = (await listSpellingsOf(db, range.from, range.to)).filter(visible);
  const signOffNames = (await standingSignOffNames(db)).filter((name) => canSeeProperty(scope, name));
  const { alone, together } = bySpelling(listNames, signOffNames.filter(visible));
  const summaries = await readSignOffSummaries(
    db,
    range.from,
    range.to,
    [...alone],
    standingUnzonedSignOffs(range.from, range.to),
    {
      nowMs: now.getTime(),
      deadlineMs: overdueHours * 3_600_000,
    },
  );
  const parts =
    together.length === 0
      ? []
      : (await listCountsOf(db, range.from, range.to)).filter((part) => together.includes(part.propertyName));
  const lists = listsOf([
    ...parts.map((part) => ({
      item: { propertyName: part.propertyName, checkInDateLocal: part.listDate },
      pulledAt: part.pulledMs,
      arrivals: part.arrivals,
    })),
    ...placed.filter(({ item }) => canSeeProperty(scope, item.propertyName)),
  ]);
  // The sign-offs of the lists counted here only, by every spelling of their names.
  const counted = new Set(lists.map((list) => propertyKey(list.propertyName)));
  const signOffs = await signOffsBetween(
    db,
    scope,
    range.from,
    range.to,
    signOffNames.filter((name) => counted.has(propertyKey(name))),
  );
  const days = await criminalArrivalDays(db, range);
  const { properties, sharedNames } = await propertiesIn(db, scope, range);
  return {
    range,
    figures: signOffFigures(
      lists,
      signOffs,
      { overdueHours, now },
      properties,
      summaries.map((summary) => ({ ...summary, zone: null })),
      t,
    ),
    storedDays: days.stored,
    retentionNote: retentionNote(range.from, now, retentionDays, days.purged),
    sharedNames,
    overdueHours,
  };
}

// For the page: each checks the role before anything else.

function scopeOf(viewer: ComparisonViewer): PropertyScope {
  if (!roleAllows(viewer.role, SCREEN_ROLES.properties)) throw forbidden();
  return { allProperties: viewer.allProperties, properties: viewer.properties };
}

/** `words`: the person's, for the screen; the CSV gives none, for English labels. */
export async function getSideBySide(
  viewer: ComparisonViewer,
  day: DayParam,
  words?: PropertyNameWords,
): Promise<SideBySide> {
  const scope = scopeOf(viewer);
  // An unreadable day goes to the reports' entry point as typed, which refuses it as every report does.
  const report = await getUsageReport(scope, day.kind === "live" ? undefined : day.kind === "day" ? day.day : day.text);
  return sideBySideFor(await getDb(), scope, report, words);
}

/** The range for the sections drawn from history; null when Daybook has stored nothing yet. */
async function rangeFor(range: RangeDays, day: DayParam, scope: PropertyScope): Promise<ComparisonRange | null> {
  const chosen = day.kind === "day" ? day.day : undefined;
  return resolveRange(await getDb(), range, chosen, chosen === undefined ? await getYesterday(scope) : null);
}

export async function getTrends(
  viewer: ComparisonViewer,
  range: RangeDays,
  day: DayParam,
  choice: TrendsChoice = { summary: {} },
): Promise<TrendsShown | null> {
  const scope = scopeOf(viewer);
  const resolved = await rangeFor(range, day, scope);
  if (!resolved?.anyStored) return null;
  return trendsShownFor(await getDb(), scope, resolved, {
    ...choice,
    perPropertyMax: getConfig().history.trendsPerPropertyMax,
    words: await getTranslations("common"),
  });
}

export async function getAcknowledgements(
  viewer: ComparisonViewer,
  range: RangeDays,
  day: DayParam,
): Promise<GuestDataSection<AcknowledgementFigure> | null> {
  const scope = scopeOf(viewer);
  const resolved = await rangeFor(range, day, scope);
  if (!resolved?.anyStored) return null;
  return acknowledgementsFor(await getDb(), scope, resolved, {
    now: new Date(),
    retentionDays: getConfig().history.retentionDays,
    t: await getTranslations("review"),
  });
}

export async function getSignOffs(
  viewer: ComparisonViewer,
  range: RangeDays,
  day: DayParam,
): Promise<(GuestDataSection<SignOffFigure> & { overdueHours: number }) | null> {
  const scope = scopeOf(viewer);
  const resolved = await rangeFor(range, day, scope);
  if (!resolved?.anyStored) return null;
  const { retentionDays, overdueHours } = getConfig().history;
  return signOffsFor(await getDb(), scope, resolved, {
    now: new Date(),
    retentionDays,
    overdueHours,
    t: await getTranslations("review"),
  });
}

/** The stored usage days, newest first, for the day chooser. */
export async function getStoredDays(viewer: ComparisonViewer): Promise<string[]> {
  scopeOf(viewer);
  return (await listStoredDays(await getDb(), "usage")).map((copy) => copy.reportedDate);
}
