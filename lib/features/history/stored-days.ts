/**
 * Which days are stored: each endpoint's days with their copies' marks, each day's parts (one per
 * property) with a version that tells a copy held in memory whether it still stands, the newest
 * stored day of each property, and a summary of them all. None of it reads a report itself.
 */
import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";

import { storedCoverage, storedReports, type StoredEndpoint } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

import { readKnownProperties } from "./known-properties";
import { coverageKey } from "./property-days";
import type { StoredCopy } from "./types";

/** A property the key reaches and the newest day stored of it, in any report. */
export interface NewestStoredDay {
  name: string;
  day: string;
  zones: readonly string[];
}

/**
 * The newest stored day of each property the key reaches now, with its zones: one grouped read of
 * the coverage (a row per property, report and day: a few thousand a year for ten properties) and
 * the short list of known properties. Read on every metrics scrape, so kept to these two queries.
 */
export async function newestStoredDays(db: Executor): Promise<NewestStoredDay[]> {
  const properties = await readKnownProperties(db);
  const rows = await db
    .select({ name: storedCoverage.propertyName, day: sql<string>`max(${storedReports.reportedDate})` })
    .from(storedCoverage)
    .innerJoin(storedReports, eq(storedReports.id, storedCoverage.reportId))
    .groupBy(storedCoverage.propertyName);
  const newest = new Map(rows.map((row) => [row.name, row.day]));
  return properties.flatMap((property) => {
    const day = newest.get(property.name);
    return day ? [{ name: property.name, day, zones: property.zones }] : [];
  });
}

/** `coverageKey(day, name)` of the property days stored since `since` for every one of `endpoints`. */
export async function storedPropertyDays(
  db: Executor,
  since: string,
  endpoints: readonly StoredEndpoint[],
): Promise<Set<string>> {
  const rows = await db
    .select({ day: storedReports.reportedDate, endpoint: storedReports.endpoint, name: storedCoverage.propertyName })
    .from(storedCoverage)
    .innerJoin(storedReports, eq(storedReports.id, storedCoverage.reportId))
    .where(and(gte(storedReports.reportedDate, since), inArray(storedReports.endpoint, [...endpoints])));
  const count = new Map<string, number>();
  for (const row of rows) {
    const key = coverageKey(row.day, row.name);
    count.set(key, (count.get(key) ?? 0) + 1);
  }
  return new Set([...count].filter(([, n]) => n === endpoints.length).map(([key]) => key));
}

/** The columns a StoredCopy is made of: a listing of days never reads the reports themselves. */
const copyColumns = {
  reportedDate: storedReports.reportedDate,
  pulledAt: storedReports.pulledAt,
  liveObservedAt: storedReports.liveObservedAt,
  itemsPurgedAt: storedReports.itemsPurgedAt,
};

export function copyOf(row: Pick<typeof storedReports.$inferSelect, keyof typeof copyColumns>): StoredCopy {
  return {
    reportedDate: row.reportedDate,
    pulledAt: row.pulledAt.toISOString(),
    liveObservedAt: row.liveObservedAt?.toISOString() ?? null,
    itemsPurgedAt: row.itemsPurgedAt?.toISOString() ?? null,
  };
}

export interface DayPart {
  name: string;
  pulledAt: Date;
  liveObservedAt: Date | null;
}

/**
 * The properties one endpoint's day is stored for, each with when it was pulled and its live
 * fields last read, and a version that changes whenever any of that does (a part added, a live
 * reading, a part's items purged): cheap to ask on every request, to know whether a copy held in
 * memory still stands.
 */
export async function dayParts(
  db: Executor,
  endpoint: StoredEndpoint,
  day: string,
): Promise<{ parts: DayPart[]; version: string } | null> {
  const rows = await db
    .select({
      id: storedReports.id,
      purgedAt: storedReports.itemsPurgedAt,
      revisedAt: storedReports.revisedAt,
      name: storedCoverage.propertyName,
      pulledAt: storedCoverage.pulledAt,
      liveObservedAt: storedCoverage.liveObservedAt,
      partPurgedAt: storedCoverage.itemsPurgedAt,
    })
    .from(storedReports)
    .innerJoin(storedCoverage, eq(storedCoverage.reportId, storedReports.id))
    .where(and(eq(storedReports.endpoint, endpoint), eq(storedReports.reportedDate, day)));
  if (rows.length === 0) return null;
  const latest = (pick: (row: (typeof rows)[number]) => Date | null) =>
    Math.max(0, ...rows.map((row) => pick(row)?.getTime() ?? 0));
  return {
    parts: rows.map(({ name, pulledAt, liveObservedAt }) => ({ name, pulledAt, liveObservedAt })),
    version: [
      rows[0]!.id,
      rows.length,
      latest((row) => row.pulledAt),
      latest((row) => row.liveObservedAt),
      latest((row) => row.purgedAt),
      latest((row) => row.revisedAt),
      // A part purged on its own (its property's retention) changes the day: how many and the latest.
      rows.filter((row) => row.partPurgedAt !== null).length,
      latest((row) => row.partPurgedAt),
    ].join(":"),
  };
}

/** The days kept for one endpoint, newest first. */
export async function listStoredDays(db: Executor, endpoint: StoredEndpoint): Promise<StoredCopy[]> {
  const rows = await db
    .select(copyColumns)
    .from(storedReports)
    .where(eq(storedReports.endpoint, endpoint))
    .orderBy(desc(storedReports.reportedDate));
  return rows.map(copyOf);
}

/** Whether one endpoint's report of `reportedDate` is kept; without a day, whether any of its days is. */
export async function hasStoredReport(db: Executor, endpoint: StoredEndpoint, reportedDate?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: storedReports.id })
    .from(storedReports)
    .where(
      and(
        eq(storedReports.endpoint, endpoint),
        reportedDate === undefined ? undefined : eq(storedReports.reportedDate, reportedDate),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A guest day's parts, each with when its items were purged and how many were erased: what a read of the day says. */
export interface GuestPartState {
  propertyName: string;
  itemsPurgedAt: Date | null;
  erasedItems: number;
}

/** The parts of one stored guests or criminal-arrivals day; empty when the day is not stored. */
export async function readGuestPartStates(
  db: Executor,
  endpoint: StoredEndpoint,
  day: string,
): Promise<GuestPartState[]> {
  return db
    .select({
      propertyName: storedCoverage.propertyName,
      partPurgedAt: storedCoverage.itemsPurgedAt,
      dayPurgedAt: storedReports.itemsPurgedAt,
      erasedItems: storedCoverage.erasedItems,
    })
    .from(storedCoverage)
    .innerJoin(storedReports, eq(storedReports.id, storedCoverage.reportId))
    .where(and(eq(storedReports.endpoint, endpoint), eq(storedReports.reportedDate, day)))
    .orderBy(asc(storedCoverage.propertyName))
    .then((rows) =>
      rows.map(({ propertyName, partPurgedAt, dayPurgedAt, erasedItems }) => ({
        propertyName,
        // A day purged whole before parts were marked: every part of it is purged.
        itemsPurgedAt: partPurgedAt ?? dayPurgedAt,
        erasedItems,
      })),
    );
}

/** Every stored day of an endpoint with its parts' purge marks, newest first: what the day list offers. */
export async function readGuestDayParts(
  db: Executor,
  endpoint: StoredEndpoint,
): Promise<Map<string, { propertyName: string; purged: boolean }[]>> {
  const rows = await db
    .select({
      day: storedReports.reportedDate,
      propertyName: storedCoverage.propertyName,
      purged: sql<boolean>`(${storedCoverage.itemsPurgedAt} is not null or ${storedReports.itemsPurgedAt} is not null)`,
    })
    .from(storedCoverage)
    .innerJoin(storedReports, eq(storedReports.id, storedCoverage.reportId))
    .where(eq(storedReports.endpoint, endpoint));
  const days = new Map<string, { propertyName: string; purged: boolean }[]>();
  for (const row of rows) days.set(row.day, [...(days.get(row.day) ?? []), row]);
  return days;
}

export interface StoredDaysSummary {
  count: number;
  first: string | null;
  last: string | null;
  /** Days whose guest personal data the retention period removed. */
  purged: number;
}

export async function storedDaysSummary(db: Executor): Promise<StoredDaysSummary> {
  const [row] = await db
    .select({
      count: sql<number>`count(distinct ${storedReports.reportedDate})::int`,
      first: sql<string | null>`min(${storedReports.reportedDate})`,
      last: sql<string | null>`max(${storedReports.reportedDate})`,
      purged: sql<number>`(count(distinct ${storedReports.reportedDate}) filter (where ${storedReports.itemsPurgedAt} is not null))::int`,
    })
    .from(storedReports);
  return { count: row?.count ?? 0, first: row?.first ?? null, last: row?.last ?? null, purged: row?.purged ?? 0 };
}
