/**
 * Removing guest personal data: the arrivals and criminal arrivals of a property's part of a day,
 * with their observations, while the day's top level, its coverage and every aggregate stay. The
 * retention purge (lib/features/sync/retention.ts) picks the parts by each property's policy.
 */
import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";

import { liveObservations, storedCoverage, storedItems, storedReports } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

import { recountDays } from "./day-counts";

/** What a retention purge removed: the guest data of `days` reported days, `items` items in all. */
export interface PurgedGuestData {
  days: number;
  items: number;
}

/** One property's part of a stored guests or criminal-arrivals day: what the retention purge removes at once. */
export interface GuestPart {
  reportId: number;
  endpoint: "guests" | "criminal-arrivals";
  day: string;
  propertyName: string;
}

/** What removing one part took away: counts only. */
export interface PurgedPart extends GuestPart {
  items: number;
  observations: number;
}

const GUEST_ENDPOINTS = ["guests", "criminal-arrivals"] as const;

/** The parts of guest days before `before` whose items are still kept, oldest day first. */
export async function keptGuestParts(db: Executor, before: string): Promise<GuestPart[]> {
  const rows = await db
    .select({
      reportId: storedReports.id,
      endpoint: storedReports.endpoint,
      day: storedReports.reportedDate,
      propertyName: storedCoverage.propertyName,
    })
    .from(storedCoverage)
    .innerJoin(storedReports, eq(storedReports.id, storedCoverage.reportId))
    .where(
      and(
        inArray(storedReports.endpoint, [...GUEST_ENDPOINTS]),
        isNull(storedCoverage.itemsPurgedAt),
        // A day purged whole before parts were marked counts as purged in every part.
        isNull(storedReports.itemsPurgedAt),
        lt(storedReports.reportedDate, before),
      ),
    )
    .orderBy(asc(storedReports.reportedDate), asc(storedCoverage.propertyName));
  return rows.map((row) => ({ ...row, endpoint: row.endpoint as GuestPart["endpoint"] }));
}

/**
 * Removes the guest personal data of these property days (their items and the observations of
 * those items) and marks each part purged at `now`; a day whose every part is purged is marked
 * purged as a whole. The day's top level, its coverage and every aggregate stay. Marks change
 * `dayParts`' version, so no instance serves the removed items from memory.
 */
export async function purgeGuestParts(db: Executor, parts: readonly GuestPart[], now: Date): Promise<PurgedPart[]> {
  if (parts.length === 0) return [];
  const byReport = new Map<number, GuestPart[]>();
  for (const part of parts) byReport.set(part.reportId, [...(byReport.get(part.reportId) ?? []), part]);
  return db.transaction(async (tx) => {
    const purged: PurgedPart[] = [];
    // A report's parts at once: one read of its items, where a statement per part read the
    // property's whole year in the list index to find its day (some 40,000 entries, 400 times a day).
    for (const [reportId, ofReport] of byReport) {
      const names = ofReport.map((part) => part.propertyName);
      const ofParts = and(eq(storedItems.reportId, reportId), inArray(storedItems.propertyName, names));
      const observations = await tx
        .delete(liveObservations)
        .where(
          and(
            eq(liveObservations.reportId, reportId),
            inArray(
              liveObservations.position,
              tx.select({ position: storedItems.position }).from(storedItems).where(ofParts),
            ),
          ),
        )
        .returning({ position: liveObservations.position });
      const items = await tx
        .delete(storedItems)
        .where(ofParts)
        .returning({ position: storedItems.position, propertyName: storedItems.propertyName });
      const propertyAt = new Map(items.map((item) => [item.position, item.propertyName]));
      const guests = ofReport.filter((part) => part.endpoint === "guests");
      if (guests.length > 0) await recountDays(tx, guests);
      await tx
        .update(storedCoverage)
        .set({ itemsPurgedAt: now })
        .where(and(eq(storedCoverage.reportId, reportId), inArray(storedCoverage.propertyName, names)));
      const itemsOf = countBy(items.map((item) => item.propertyName));
      const observationsOf = countBy(observations.map((row) => propertyAt.get(row.position)));
      for (const part of ofReport)
        purged.push({
          ...part,
          items: itemsOf.get(part.propertyName) ?? 0,
          observations: observationsOf.get(part.propertyName) ?? 0,
        });
    }
    const ids = [...new Set(parts.map((part) => part.reportId))];
    await tx
      .update(storedReports)
      .set({ itemsPurgedAt: now })
      .where(
        and(
          inArray(storedReports.id, ids),
          isNull(storedReports.itemsPurgedAt),
          sql`not exists (select 1 from ${storedCoverage} where ${storedCoverage.reportId} = ${storedReports.id} and ${storedCoverage.itemsPurgedAt} is null)`,
        ),
      );
    return purged;
  });
}

function countBy<T>(values: readonly T[]): Map<T, number> {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/**
 * Removes the guest personal data (arrivals and criminal arrivals, with their observations) of
 * every property's day before `before`, whatever its policy: the whole-day purge. The retention
 * purge (lib/features/sync/retention.ts) cuts each property at its own policy and zone instead.
 */
export async function purgePersonalData(db: Executor, before: string, now: Date): Promise<PurgedGuestData> {
  const purged = await purgeGuestParts(db, await keptGuestParts(db, before), now);
  return { days: new Set(purged.map((part) => part.day)).size, items: purged.reduce((n, part) => n + part.items, 0) };
}
