/**
 * isCurrentlyBanned as later pulls read it (live_observations): a guests day already kept is not
 * stored again, but each change of an arrival's ban is kept with the time it was seen, so a read
 * gives the latest while the arrival stays as first pulled.
 */
import { and, eq, inArray, sql } from "drizzle-orm";

import { liveObservations, storedCoverage, storedReports } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

import { INSERT_BATCH } from "./insert-batch";
import { keptGuestArrivalSchema as guestArrivalSchema, type KeptGuestArrival as GuestArrival } from "./kept";
import { currentGuestItems } from "./stored-reads";

/** Identity of a guest arrival across two pulls of the same day: the API has no guest identifier. */
function arrivalIdentity(item: GuestArrival): string {
  // Only fields every policy keeps: a day stored before its policy dropped a field is still matched.
  return JSON.stringify([
    item.propertyName,
    item.checkInAtUtc,
    item.firstName,
    item.middleName,
    item.lastName,
    item.roomNumber,
    item.gender,
  ]);
}

/**
 * A later answer's isCurrentlyBanned for the properties `names` of a kept day: each value that
 * changed since the last reading is kept with the time it was seen. An older reading never
 * overwrites a newer one (a pull that finished late).
 */
export async function observeLiveFields(
  db: Executor,
  reportId: number,
  items: GuestArrival[],
  names: string[],
  observedAt: Date,
): Promise<void> {
  const due = (
    await db
      .select({ name: storedCoverage.propertyName, at: storedCoverage.liveObservedAt })
      .from(storedCoverage)
      .where(and(eq(storedCoverage.reportId, reportId), inArray(storedCoverage.propertyName, names)))
      .for("update")
  )
    .filter((row) => row.at === null || row.at < observedAt)
    .map((row) => row.name);
  if (due.length === 0) return;
  const dueSet = new Set(due);
  const current = (await currentGuestItems(db, reportId))
    .map(({ position, item }) => ({ position, item: guestArrivalSchema.parse(item) }))
    .filter((row) => dueSet.has(row.item.propertyName));
  const byIdentity = new Map(current.map((row) => [arrivalIdentity(row.item), row]));
  const changes: { reportId: number; position: number; observedAt: Date; isCurrentlyBanned: boolean }[] = [];
  for (const item of items) {
    const row = dueSet.has(item.propertyName) ? byIdentity.get(arrivalIdentity(item)) : undefined;
    if (row && row.item.isCurrentlyBanned !== item.isCurrentlyBanned) {
      changes.push({ reportId, position: row.position, observedAt, isCurrentlyBanned: item.isCurrentlyBanned });
    }
  }
  for (let start = 0; start < changes.length; start += INSERT_BATCH) {
    await db
      .insert(liveObservations)
      .values(changes.slice(start, start + INSERT_BATCH))
      .onConflictDoNothing();
  }
  await db
    .update(storedCoverage)
    .set({ liveObservedAt: observedAt })
    .where(and(eq(storedCoverage.reportId, reportId), inArray(storedCoverage.propertyName, due)));
  // The day's reading is as old as its oldest property's.
  await db
    .update(storedReports)
    .set({
      liveObservedAt: sql`(select min(${storedCoverage.liveObservedAt}) from ${storedCoverage} where ${storedCoverage.reportId} = ${reportId})`,
    })
    .where(eq(storedReports.id, reportId));
}
