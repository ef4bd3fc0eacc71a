/**
 * The history repository: Daybook's own copy of the reports, and the only code that touches
 * stored_reports, stored_items and live_observations. The API keeps no history, so each day is kept
 * as pulled, once per endpoint and reported day. Reads give back the report in the API's own shape,
 * parsed with the contract's schemas: a stored row that does not match fails loudly.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql } from "drizzle-orm";

import { liveObservations, storedItems, storedReports, type StoredEndpoint } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";
import {
  criminalArrivalSchema,
  criminalArrivalsReportSchema,
  guestArrivalSchema,
  guestsReportSchema,
  usageReportSchema,
  type CriminalArrival,
  type CriminalArrivalsReport,
  type GuestArrival,
  type GuestsReport,
  type UsageReport,
} from "@/lib/server/partner-api/schemas";

import type { StoredCopy } from "./types";

export type { StoredCopy } from "./types";

export type ReportOf<E extends StoredEndpoint> = E extends "usage"
  ? UsageReport
  : E extends "guests"
    ? GuestsReport
    : CriminalArrivalsReport;

/** What a stored report is parsed with when it is read back: the contract's schema of its endpoint. */
const REPORT_SCHEMAS: { [E in StoredEndpoint]: { parse(value: unknown): ReportOf<E> } } = {
  usage: usageReportSchema,
  guests: guestsReportSchema,
  "criminal-arrivals": criminalArrivalsReportSchema,
};

export type StoreResult = "stored" | "observed" | "already stored";

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

/** A report as it is kept: its top level, and its items apart (null for usage, which has none). */
function split(report: UsageReport | GuestsReport | CriminalArrivalsReport): {
  top: Record<string, unknown>;
  items: (GuestArrival | CriminalArrival)[] | null;
} {
  if (!("items" in report)) return { top: report, items: null };
  const { items, ...top } = report;
  return { top, items };
}

/**
 * Keeps one pulled report. A day already kept is not kept twice; for guests, a second pull records
 * each isCurrentlyBanned that changed since the last one, with the time it was seen.
 */
export async function storeReport<E extends StoredEndpoint>(
  db: Executor,
  endpoint: E,
  report: ReportOf<E>,
  { pulledAt, runId = null }: { pulledAt: Date; runId?: number | null },
): Promise<StoreResult> {
  return db.transaction(async (tx) => {
    const { top, items } = split(report);
    const [inserted] = await tx
      .insert(storedReports)
      .values({
        endpoint,
        reportedDate: report.reportedDateLocal,
        pulledAt,
        runId,
        report: top,
        itemCount: items?.length ?? 0,
        liveObservedAt: endpoint === "guests" ? pulledAt : null,
      })
      .onConflictDoNothing()
      .returning({ id: storedReports.id });

    if (inserted) {
      if (items) {
        for (let start = 0; start < items.length; start += INSERT_BATCH) {
          await tx.insert(storedItems).values(
            items.slice(start, start + INSERT_BATCH).map((item, offset) => ({
              reportId: inserted.id,
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
    return observeLiveFields(tx, report as GuestsReport, pulledAt);
  });
}

async function observeLiveFields(db: Executor, report: GuestsReport, observedAt: Date): Promise<StoreResult> {
  const [stored] = await db
    .select({ id: storedReports.id, purged: storedReports.itemsPurgedAt, liveObservedAt: storedReports.liveObservedAt })
    .from(storedReports)
    .where(and(eq(storedReports.endpoint, "guests"), eq(storedReports.reportedDate, report.reportedDateLocal)))
    .for("update");
  if (!stored || stored.purged) return "already stored";
  // An older reading never overwrites a newer one (a pull that finished late).
  if (stored.liveObservedAt && stored.liveObservedAt >= observedAt) return "observed";

  const current = (await currentGuestItems(db, stored.id)).map(({ position, item }) => ({
    position,
    item: guestArrivalSchema.parse(item),
  }));
  const byIdentity = new Map(current.map((row) => [arrivalIdentity(row.item), row]));
  const changes: { reportId: number; position: number; observedAt: Date; isCurrentlyBanned: boolean }[] = [];
  for (const item of report.items) {
    const row = byIdentity.get(arrivalIdentity(item));
    if (row && row.item.isCurrentlyBanned !== item.isCurrentlyBanned) {
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

/** The items of one stored report in the API's order, as kept: the caller parses them. */
async function keptItems(db: Executor, reportId: number) {
  return db
    .select({ position: storedItems.position, item: storedItems.item })
    .from(storedItems)
    .where(eq(storedItems.reportId, reportId))
    .orderBy(asc(storedItems.position));
}

/** Each stored guest arrival, as kept, with its latest isCurrentlyBanned (the last observation, else as first pulled). */
async function currentGuestItems(db: Executor, reportId: number) {
  const rows = await keptItems(db, reportId);
  const latest = await latestObservations(db, reportId);
  return rows.map(({ position, item }) => {
    const observed = latest.get(position);
    return { position, item: observed === undefined ? item : { ...item, isCurrentlyBanned: observed } };
  });
}

async function latestObservations(db: Executor, reportId: number): Promise<Map<number, boolean>> {
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
export async function listStoredDays(db: Executor, endpoint: StoredEndpoint): Promise<StoredCopy[]> {
  const rows = await db
    .select()
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

/** One stored day in the API's shape, or null when that day was never pulled. */
export async function readStoredReport<E extends StoredEndpoint>(
  db: Executor,
  endpoint: E,
  reportedDate: string,
): Promise<{ report: ReportOf<E>; copy: StoredCopy } | null> {
  const [row] = await db
    .select()
    .from(storedReports)
    .where(and(eq(storedReports.endpoint, endpoint), eq(storedReports.reportedDate, reportedDate)));
  if (!row) return null;
  const schema = REPORT_SCHEMAS[endpoint];
  if (endpoint === "usage") return { report: schema.parse(row.report), copy: copyOf(row) };

  const items = (endpoint === "guests" ? await currentGuestItems(db, row.id) : await keptItems(db, row.id)).map(
    ({ item }) => item,
  );
  return { report: schema.parse({ ...row.report, totalCount: items.length, items }), copy: copyOf(row) };
}

/** Stored usage reports whose day lies in [from, to], oldest first (trends, baselines). */
export async function readStoredUsage(
  db: Executor,
  from: string,
  to: string,
): Promise<{ report: UsageReport; copy: StoredCopy }[]> {
  const rows = await db
    .select()
    .from(storedReports)
    .where(
      and(
        eq(storedReports.endpoint, "usage"),
        gte(storedReports.reportedDate, from),
        lte(storedReports.reportedDate, to),
      ),
    )
    .orderBy(asc(storedReports.reportedDate));
  return rows.map((row) => ({ report: usageReportSchema.parse(row.report), copy: copyOf(row) }));
}

/** Stored criminal-arrival items whose local check-in day lies in [from, to] (queue, comparison). */
export async function readStoredCriminalArrivals(
  db: Executor,
  from: string,
  to: string,
): Promise<{ item: CriminalArrival; pulledAt: Date }[]> {
  const rows = await db
    .select({ item: storedItems.item, pulledAt: storedReports.pulledAt })
    .from(storedItems)
    .innerJoin(storedReports, eq(storedReports.id, storedItems.reportId))
    .where(
      and(
        eq(storedReports.endpoint, "criminal-arrivals"),
        gte(storedItems.checkInDateLocal, from),
        lte(storedItems.checkInDateLocal, to),
      ),
    )
    .orderBy(asc(storedItems.checkInDateLocal), asc(storedItems.position));
  return rows.map((row) => ({ item: criminalArrivalSchema.parse(row.item), pulledAt: row.pulledAt }));
}

/**
 * Every stored criminal arrival whose guest data is still kept, lean: only what the review queue
 * counts (where and when, the name its review key is made of, whether the desk acknowledged it) and
 * when its report was pulled. Oldest local day first, then by pull, then in the API's order.
 */
export async function readStoredCriminalArrivalSummaries(db: Executor) {
  return db
    .select({
      propertyName: storedItems.propertyName,
      day: storedItems.checkInDateLocal,
      checkInAtUtc: storedItems.checkInAtUtc,
      firstName: sql<string>`${storedItems.item}->>'firstName'`,
      lastName: sql<string>`${storedItems.item}->>'lastName'`,
      acknowledged: sql<boolean>`(${storedItems.item}->>'acknowledgedAtUtc') is not null`,
      pulledAt: storedReports.pulledAt,
    })
    .from(storedItems)
    .innerJoin(storedReports, eq(storedReports.id, storedItems.reportId))
    .where(and(eq(storedReports.endpoint, "criminal-arrivals"), isNull(storedReports.itemsPurgedAt)))
    .orderBy(asc(storedItems.checkInDateLocal), asc(storedReports.pulledAt), asc(storedItems.position));
}

/** What a retention purge removed: the guest data of `days` reported days, `items` items in all. */
export interface PurgedGuestData {
  days: number;
  items: number;
}

/**
 * Removes the guest personal data (arrivals and criminal arrivals, with their observations) of
 * every day before `before`; the day's top level and every aggregate stay. Review records are the
 * review feature's: the daily pull clears what in them leads to a guest in the same transaction
 * (sync/run.ts, purgeGuestData).
 */
export async function purgePersonalData(db: Executor, before: string, now: Date): Promise<PurgedGuestData> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: storedReports.id, day: storedReports.reportedDate })
      .from(storedReports)
      .where(
        and(
          inArray(storedReports.endpoint, ["guests", "criminal-arrivals"]),
          isNull(storedReports.itemsPurgedAt),
          lt(storedReports.reportedDate, before),
        ),
      );
    if (due.length === 0) return { days: 0, items: 0 };
    const ids = due.map((row) => row.id);
    await tx.delete(liveObservations).where(inArray(liveObservations.reportId, ids));
    const removed = await tx
      .delete(storedItems)
      .where(inArray(storedItems.reportId, ids))
      .returning({ position: storedItems.position });
    await tx.update(storedReports).set({ itemsPurgedAt: now }).where(inArray(storedReports.id, ids));
    return { days: new Set(due.map((row) => row.day)).size, items: removed.length };
  });
}

/** Zones are read from the latest few stored days: a property with no arrival one day still counts. */
const ZONE_DAYS = 3;

/** The property zones named by the guest arrivals of the latest stored days. */
export async function knownZones(db: Executor): Promise<string[]> {
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
  db: Executor,
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
