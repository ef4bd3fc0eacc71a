import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";

import {
  itemReviews,
  listSignOffs,
  liveObservations,
  storedItems,
  storedReports,
  type StoredEndpoint,
} from "@/lib/server/db/schema";
import type { Database } from "@/lib/server/db/types";
import type { CriminalArrivalsReport, GuestArrival, GuestsReport, UsageReport } from "@/lib/server/partner-api/schemas";

import type { StoredCopy } from "./types";

export type { StoredCopy } from "./types";

/**
 * Daybook's own copy of the reports: the API keeps no history, so each day is kept as pulled,
 * once per endpoint and reported day. Reads give back the report in the API's own shape.
 */

export type ReportOf<E extends StoredEndpoint> = E extends "usage"
  ? UsageReport
  : E extends "guests"
    ? GuestsReport
    : CriminalArrivalsReport;

export type StoreResult = "stored" | "observed" | "already stored";

type Item = Record<string, unknown> & { propertyName: string; checkInAtUtc: string; checkInDateLocal: string };

const INSERT_BATCH = 1_000;

/** Identity of a guest arrival across two pulls of the same day: the API has no guest identifier. */
function arrivalIdentity(item: GuestArrival): string {
  return JSON.stringify([
    item.propertyName,
    item.checkInAtUtc,
    item.firstName,
    item.middleName,
    item.lastName,
    item.dateOfBirth,
    item.identificationNumber,
  ]);
}

function topLevel(report: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...report };
  delete rest.items;
  return rest;
}

/**
 * Keeps one pulled report. A day already kept is not kept twice; for guests, a second pull records
 * each isCurrentlyBanned that changed since the last one, with the time it was seen.
 */
export async function storeReport<E extends StoredEndpoint>(
  db: Database,
  endpoint: E,
  report: ReportOf<E>,
  { pulledAt, runId = null }: { pulledAt: Date; runId?: number | null },
): Promise<StoreResult> {
  return db.transaction(async (tx) => {
    const items = "items" in report ? (report.items as unknown as Item[]) : null;
    const inserted = await tx
      .insert(storedReports)
      .values({
        endpoint,
        reportedDate: report.reportedDateLocal,
        pulledAt,
        runId,
        report: items
          ? topLevel(report as unknown as Record<string, unknown>)
          : (report as unknown as Record<string, unknown>),
        itemCount: items?.length ?? 0,
        liveObservedAt: endpoint === "guests" ? pulledAt : null,
      })
      .onConflictDoNothing()
      .returning({ id: storedReports.id });

    if (inserted[0]) {
      if (items) {
        const reportId = inserted[0].id;
        for (let start = 0; start < items.length; start += INSERT_BATCH) {
          await tx.insert(storedItems).values(
            items.slice(start, start + INSERT_BATCH).map((item, offset) => ({
              reportId,
              position: start + offset,
              propertyName: item.propertyName,
              checkInDateLocal: item.checkInDateLocal,
              checkInAtUtc: item.checkInAtUtc,
              item,
            })),
          );
        }
      }
      return "stored";
    }
    if (endpoint !== "guests") return "already stored";
    return observeLiveFields(tx as unknown as Database, report as GuestsReport, pulledAt);
  });
}

async function observeLiveFields(db: Database, report: GuestsReport, observedAt: Date): Promise<StoreResult> {
  const [stored] = await db
    .select({ id: storedReports.id, purged: storedReports.itemsPurgedAt, liveObservedAt: storedReports.liveObservedAt })
    .from(storedReports)
    .where(and(eq(storedReports.endpoint, "guests"), eq(storedReports.reportedDate, report.reportedDateLocal)))
    .for("update");
  if (!stored || stored.purged) return "already stored";
  // An older reading never overwrites a newer one (a pull that finished late).
  if (stored.liveObservedAt && stored.liveObservedAt >= observedAt) return "observed";

  const current = await currentLiveValues(db, stored.id);
  const byIdentity = new Map(current.map((row) => [arrivalIdentity(row.item), row]));
  const changes: { reportId: number; position: number; observedAt: Date; isCurrentlyBanned: boolean }[] = [];
  for (const item of report.items) {
    const row = byIdentity.get(arrivalIdentity(item));
    if (row && row.isCurrentlyBanned !== item.isCurrentlyBanned) {
      changes.push({
        reportId: stored.id,
        position: row.position,
        observedAt,
        isCurrentlyBanned: item.isCurrentlyBanned,
      });
    }
  }
  for (let start = 0; start < changes.length; start += INSERT_BATCH) {
    await db
      .insert(liveObservations)
      .values(changes.slice(start, start + INSERT_BATCH))
      .onConflictDoNothing();
  }
  await db.update(storedReports).set({ liveObservedAt: observedAt }).where(eq(storedReports.id, stored.id));
  return "observed";
}

/** Each stored guest arrival with its latest isCurrentlyBanned (the last observation, else as first pulled). */
async function currentLiveValues(db: Database, reportId: number) {
  const rows = await db
    .select({ position: storedItems.position, item: storedItems.item })
    .from(storedItems)
    .where(eq(storedItems.reportId, reportId))
    .orderBy(asc(storedItems.position));
  const latest = await latestObservations(db, reportId);
  return rows.map(({ position, item }) => {
    const guest = item as unknown as GuestArrival;
    return { position, item: guest, isCurrentlyBanned: latest.get(position) ?? guest.isCurrentlyBanned };
  });
}

async function latestObservations(db: Database, reportId: number): Promise<Map<number, boolean>> {
  const rows = await db
    .selectDistinctOn([liveObservations.position], {
      position: liveObservations.position,
      value: liveObservations.isCurrentlyBanned,
    })
    .from(liveObservations)
    .where(eq(liveObservations.reportId, reportId))
    .orderBy(liveObservations.position, desc(liveObservations.observedAt));
  return new Map(rows.map((row) => [row.position, row.value]));
}

function copyOf(row: typeof storedReports.$inferSelect): StoredCopy {
  return {
    reportedDate: row.reportedDate,
    pulledAt: row.pulledAt.toISOString(),
    liveObservedAt: row.liveObservedAt?.toISOString() ?? null,
    itemsPurgedAt: row.itemsPurgedAt?.toISOString() ?? null,
  };
}

/** The days kept for one endpoint, newest first. */
export async function listStoredDays(db: Database, endpoint: StoredEndpoint): Promise<StoredCopy[]> {
  const rows = await db
    .select()
    .from(storedReports)
    .where(eq(storedReports.endpoint, endpoint))
    .orderBy(desc(storedReports.reportedDate));
  return rows.map(copyOf);
}

/** One stored day in the API's shape, or null when that day was never pulled. */
export async function readStoredReport<E extends StoredEndpoint>(
  db: Database,
  endpoint: E,
  reportedDate: string,
): Promise<{ report: ReportOf<E>; copy: StoredCopy } | null> {
  const [row] = await db
    .select()
    .from(storedReports)
    .where(and(eq(storedReports.endpoint, endpoint), eq(storedReports.reportedDate, reportedDate)));
  if (!row) return null;
  if (endpoint === "usage") return { report: row.report as unknown as ReportOf<E>, copy: copyOf(row) };

  let items: unknown[];
  if (endpoint === "guests") {
    items = (await currentLiveValues(db, row.id)).map(({ item, isCurrentlyBanned }) => ({
      ...item,
      isCurrentlyBanned,
    }));
  } else {
    const rows = await db
      .select({ item: storedItems.item })
      .from(storedItems)
      .where(eq(storedItems.reportId, row.id))
      .orderBy(asc(storedItems.position));
    items = rows.map((r) => r.item);
  }
  const report = { ...row.report, totalCount: items.length, items } as unknown as ReportOf<E>;
  return { report, copy: copyOf(row) };
}

/** Stored usage reports whose day lies in [from, to], oldest first (trends, baselines). */
export async function readStoredUsage(
  db: Database,
  from: string,
  to: string,
): Promise<{ report: UsageReport; copy: StoredCopy }[]> {
  const rows = await db
    .select()
    .from(storedReports)
    .where(
      and(
        eq(storedReports.endpoint, "usage"),
        sql`${storedReports.reportedDate} >= ${from}`,
        sql`${storedReports.reportedDate} <= ${to}`,
      ),
    )
    .orderBy(asc(storedReports.reportedDate));
  return rows.map((row) => ({ report: row.report as unknown as UsageReport, copy: copyOf(row) }));
}

/** Stored criminal-arrival items whose local check-in day lies in [from, to] (queue, comparison). */
export async function readStoredCriminalArrivals(db: Database, from: string, to: string) {
  const rows = await db
    .select({ item: storedItems.item, pulledAt: storedReports.pulledAt })
    .from(storedItems)
    .innerJoin(storedReports, eq(storedReports.id, storedItems.reportId))
    .where(
      and(
        eq(storedReports.endpoint, "criminal-arrivals"),
        sql`${storedItems.checkInDateLocal} >= ${from}`,
        sql`${storedItems.checkInDateLocal} <= ${to}`,
      ),
    )
    .orderBy(asc(storedItems.checkInDateLocal), asc(storedItems.position));
  return rows.map((row) => ({
    item: row.item as unknown as CriminalArrivalsReport["items"][number],
    pulledAt: row.pulledAt,
  }));
}

/**
 * Removes the guest personal data (arrivals and criminal arrivals, with their observations) of
 * every day before `before`; the day's top level and every aggregate stay.
 */
export async function purgePersonalData(
  db: Database,
  before: string,
  now: Date,
): Promise<{ days: number; items: number }> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: storedReports.id })
      .from(storedReports)
      .where(
        and(
          inArray(storedReports.endpoint, ["guests", "criminal-arrivals"]),
          isNull(storedReports.itemsPurgedAt),
          sql`${storedReports.reportedDate} < ${before}`,
        ),
      );
    await forgetReviewedGuests(tx as unknown as Database, before);
    if (due.length === 0) return { days: 0, items: 0 };
    const ids = due.map((row) => row.id);
    await tx.delete(liveObservations).where(inArray(liveObservations.reportId, ids));
    const removed = await tx
      .delete(storedItems)
      .where(inArray(storedItems.reportId, ids))
      .returning({ position: storedItems.position });
    await tx.update(storedReports).set({ itemsPurgedAt: now }).where(inArray(storedReports.id, ids));
    return { days: ids.length, items: removed.length };
  });
}

/**
 * Review records of purged days stay (who reviewed or signed off, and when), but nothing in them
 * may still lead to a guest: the item key (a hash of property, check-in instant and name, which a
 * list of names could reverse) is replaced, and the free-text notes and reasons, where people may
 * have written a name, are cleared.
 */
async function forgetReviewedGuests(db: Database, before: string): Promise<void> {
  await db
    .update(itemReviews)
    .set({ itemKey: sql`'purged:' || ${itemReviews.id}`, note: null, undoneReason: null })
    .where(and(sql`${itemReviews.listDate} < ${before}`, sql`${itemReviews.itemKey} not like 'purged:%'`));
  await db
    .update(listSignOffs)
    .set({ note: null, undoneReason: null })
    .where(
      and(
        sql`${listSignOffs.listDate} < ${before}`,
        or(isNotNull(listSignOffs.note), isNotNull(listSignOffs.undoneReason)),
      ),
    );
}

/** Zones are read from the latest few stored days: a property with no arrival one day still counts. */
const ZONE_DAYS = 3;

/** The property zones named by the guest arrivals of the latest stored days. */
export async function knownZones(db: Database): Promise<string[]> {
  const recent = db
    .select({ id: storedReports.id })
    .from(storedReports)
    .where(and(eq(storedReports.endpoint, "guests"), isNull(storedReports.itemsPurgedAt)))
    .orderBy(desc(storedReports.reportedDate))
    .limit(ZONE_DAYS);
  const rows = await db
    .selectDistinct({ zone: sql<string | null>`${storedItems.item} ->> 'propertyTimeZone'` })
    .from(storedItems)
    .where(inArray(storedItems.reportId, recent));
  return rows.flatMap((row) => (row.zone ? [row.zone] : []));
}

/** The days since `since` for which every one of `required` is stored. */
export async function completeDays(
  db: Database,
  since: string,
  required: readonly StoredEndpoint[],
): Promise<Set<string>> {
  const rows = await db
    .select({ day: storedReports.reportedDate, endpoint: storedReports.endpoint })
    .from(storedReports)
    .where(gte(storedReports.reportedDate, since));
  const byDay = new Map<string, Set<string>>();
  for (const row of rows) byDay.set(row.day, (byDay.get(row.day) ?? new Set()).add(row.endpoint));
  return new Set(
    [...byDay].filter(([, endpoints]) => required.every((endpoint) => endpoints.has(endpoint))).map(([day]) => day),
  );
}

export interface StoredDaysSummary {
  count: number;
  first: string | null;
  last: string | null;
  /** Days whose guest personal data the retention period removed. */
  purged: number;
}

export async function storedDaysSummary(db: Database): Promise<StoredDaysSummary> {
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
