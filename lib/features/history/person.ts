/**
 * One person in Daybook's copy of the reports, for a guest's privacy request: where their arrivals
 * are stored (found by the keyed hashes kept with each item, never by a name or a number), and the
 * erasure, restriction and lifting of those arrivals. Part of the history repository: the only other
 * code that touches stored_items, live_observations and the counts of stored_coverage.
 *
 * The day's aggregates stay as they are on every change here: stored_reports.item_count, the usage
 * figures and stored_coverage.rows describe the day as the API reported it, which comparisons and
 * trends read, and none of them names a guest.
 */
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

import { policyFor, type PersonMatch, type PolicySet } from "@/lib/core/privacy";
import { liveObservations, storedCoverage, storedItems, storedReports } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";
import type { PersonKeys } from "@/lib/server/privacy/match-key";

import { recountDays } from "./day-counts";
import { decodeItem } from "./item-codec";

/** One stored arrival of the person, as kept (fields its policy dropped are absent, `notKept` says so). */
export interface StoredPersonArrival {
  reportId: number;
  position: number;
  endpoint: "guests" | "criminal-arrivals";
  /** The stored day the arrival is kept under. */
  day: string;
  propertyName: string;
  checkInDateLocal: string;
  checkInAtUtc: string;
  item: Record<string, unknown>;
  matchedOn: PersonMatch;
  /**
   * False for a match on the name alone (its policy did not keep the date of birth) and for the
   * criminal arrival of such a check-in: possibly another guest of the same name, so it is listed
   * but never exported, erased or restricted; a request by document number settles it.
   */
  certain: boolean;
  restrictedBy: number | null;
  /** Later readings of its live field (isCurrentlyBanned), oldest first. */
  observations: { observedAt: string; isCurrentlyBanned: boolean }[];
}

const columns = {
  reportId: storedItems.reportId,
  position: storedItems.position,
  endpoint: storedReports.endpoint,
  day: storedReports.reportedDate,
  propertyName: storedItems.propertyName,
  checkInDateLocal: storedItems.checkInDateLocal,
  checkInAtUtc: storedItems.checkInAtUtc,
  item: storedItems.item,
  nameKey: storedItems.nameKey,
  birthKey: storedItems.birthKey,
  documentKey: storedItems.documentKey,
  restrictedBy: storedItems.restrictedBy,
};

async function select(db: Executor, where: SQL | undefined) {
  return db
    .select(columns)
    .from(storedItems)
    .innerJoin(storedReports, eq(storedReports.id, storedItems.reportId))
    .where(where)
    .orderBy(asc(storedReports.reportedDate), asc(storedItems.reportId), asc(storedItems.position));
}

type Row = Awaited<ReturnType<typeof select>>[number];

const NAME_ONLY = "name only: date of birth not kept" satisfies PersonMatch;

/** Whether a stored arrival was kept without its date of birth (its policy then, or now, does not keep it). */
function birthNotKept(row: Row, policies: PolicySet): boolean {
  const notKept = decodeItem<{ notKept?: { fields?: string[] } }>(row.item).notKept;
  return (notKept?.fields ?? []).includes("dateOfBirth") || !policyFor(policies, row.propertyName).kept.dateOfBirth;
}

/**
 * Every stored arrival of the person the keys stand for: guest arrivals with the same document
 * number, or the same name and date of birth (the name alone where the arrival was kept without its
 * date of birth), and the criminal arrivals of the same check-ins (same property, check-in instant
 * and name: a criminal arrival carries neither a date of birth nor a number). Restricted arrivals
 * are included: a request is about everything held. Oldest day first.
 */
export async function findPersonArrivals(
  db: Executor,
  keys: PersonKeys,
  policies: PolicySet,
): Promise<StoredPersonArrival[]> {
  const byDocument = keys.documentKey === null ? undefined : eq(storedItems.documentKey, keys.documentKey);
  const byName = keys.nameKey === null ? undefined : eq(storedItems.nameKey, keys.nameKey);
  if (!byDocument && !byName) return [];
  const candidates = await select(db, and(eq(storedReports.endpoint, "guests"), or(byDocument, byName)));
  const guests: (Row & { matchedOn: PersonMatch })[] = [];
  for (const row of candidates) {
    if (keys.documentKey !== null && row.documentKey === keys.documentKey) {
      guests.push({ ...row, matchedOn: "document number" });
    } else if (keys.nameKey !== null && row.nameKey === keys.nameKey && keys.birthKey !== null) {
      if (row.birthKey === keys.birthKey) guests.push({ ...row, matchedOn: "name and date of birth" });
      else if (row.birthKey === null && birthNotKept(row, policies)) {
        guests.push({ ...row, matchedOn: NAME_ONLY });
      }
    }
  }
  const found: (Row & { matchedOn: PersonMatch })[] = [...guests];
  const checkInOf = (row: Row) => JSON.stringify([row.propertyName, row.checkInAtUtc, row.nameKey]);
  const checkIns = new Set(guests.map(checkInOf));
  const certainCheckIns = new Set(guests.filter((row) => row.matchedOn !== NAME_ONLY).map(checkInOf));
  const nameKeys = [...new Set(guests.map((row) => row.nameKey).filter((key): key is string => key !== null))];
  if (nameKeys.length > 0) {
    const criminal = await select(
      db,
      and(eq(storedReports.endpoint, "criminal-arrivals"), inArray(storedItems.nameKey, nameKeys)),
    );
    for (const row of criminal) {
      if (checkIns.has(JSON.stringify([row.propertyName, row.checkInAtUtc, row.nameKey]))) {
        found.push({ ...row, matchedOn: "same arrival" });
      }
    }
  }
  const observations = await observationsOf(db, found);
  return found
    .sort((a, b) => a.day.localeCompare(b.day) || a.reportId - b.reportId || a.position - b.position)
    .map((row) => ({
      reportId: row.reportId,
      position: row.position,
      endpoint: row.endpoint as "guests" | "criminal-arrivals",
      day: row.day,
      propertyName: row.propertyName,
      checkInDateLocal: row.checkInDateLocal,
      checkInAtUtc: row.checkInAtUtc,
      item: decodeItem(row.item),
      matchedOn: row.matchedOn,
      certain: row.matchedOn === "same arrival" ? certainCheckIns.has(checkInOf(row)) : row.matchedOn !== NAME_ONLY,
      restrictedBy: row.restrictedBy,
      observations: observations.get(`${row.reportId}:${row.position}`) ?? [],
    }));
}

type ItemRef = Pick<StoredPersonArrival, "reportId" | "position">;

/** The rows of these items, as one condition (a few dozen arrivals at most for one person). */
function itemsIn(table: { reportId: AnyPgColumn; position: AnyPgColumn }, items: readonly ItemRef[]): SQL | undefined {
  return or(...items.map((item) => and(eq(table.reportId, item.reportId), eq(table.position, item.position))));
}

async function observationsOf(db: Executor, items: readonly ItemRef[]) {
  const byItem = new Map<string, StoredPersonArrival["observations"]>();
  if (items.length === 0) return byItem;
  const rows = await db
    .select()
    .from(liveObservations)
    .where(itemsIn(liveObservations, items))
    .orderBy(asc(liveObservations.observedAt));
  for (const row of rows) {
    const key = `${row.reportId}:${row.position}`;
    byItem.set(key, [
      ...(byItem.get(key) ?? []),
      { observedAt: row.observedAt.toISOString(), isCurrentlyBanned: row.isCurrentlyBanned },
    ]);
  }
  return byItem;
}

/** What an erasure removed of one stored day of one property and endpoint. */
export interface ErasedPart {
  endpoint: "guests" | "criminal-arrivals";
  day: string;
  propertyName: string;
  items: number;
  observations: number;
}

/** Marks the days these items belong to as changed outside a pull, so no copy held anywhere is served. */
async function revise(db: Executor, reportIds: readonly number[], now: Date) {
  if (reportIds.length === 0) return;
  await db
    .update(storedReports)
    .set({ revisedAt: now })
    .where(inArray(storedReports.id, [...new Set(reportIds)]));
}

/**
 * Deletes the arrivals (and their live observations) and counts them as erased on their property
 * day. The caller runs it in the transaction that also clears what else leads to the person. The
 * day's item count and figures stay as reported (see the top of this file).
 */
export async function eraseArrivals(
  db: Executor,
  arrivals: readonly StoredPersonArrival[],
  now: Date,
): Promise<ErasedPart[]> {
  if (arrivals.length === 0) return [];
  const observations = await db
    .delete(liveObservations)
    .where(itemsIn(liveObservations, arrivals))
    .returning({ reportId: liveObservations.reportId, position: liveObservations.position });
  const removed = await db
    .delete(storedItems)
    .where(itemsIn(storedItems, arrivals))
    .returning({ reportId: storedItems.reportId, position: storedItems.position });
  const removedKeys = new Set(removed.map((row) => `${row.reportId}:${row.position}`));
  const parts = new Map<string, ErasedPart & { reportId: number }>();
  for (const arrival of arrivals) {
    if (!removedKeys.has(`${arrival.reportId}:${arrival.position}`)) continue;
    const key = `${arrival.reportId}|${arrival.propertyName}`;
    const part = parts.get(key) ?? {
      reportId: arrival.reportId,
      endpoint: arrival.endpoint,
      day: arrival.day,
      propertyName: arrival.propertyName,
      items: 0,
      observations: 0,
    };
    part.items += 1;
    part.observations += observations.filter(
      (row) => row.reportId === arrival.reportId && row.position === arrival.position,
    ).length;
    parts.set(key, part);
  }
  await recountDays(
    db,
    [...parts.values()].filter((part) => part.endpoint === "guests"),
  );
  for (const part of parts.values()) {
    await db
      .update(storedCoverage)
      .set({ erasedItems: sql`${storedCoverage.erasedItems} + ${part.items}` })
      .where(and(eq(storedCoverage.reportId, part.reportId), eq(storedCoverage.propertyName, part.propertyName)));
  }
  await revise(
    db,
    [...parts.values()].map((part) => part.reportId),
    now,
  );
  return [...parts.values()].map((part) => ({
    endpoint: part.endpoint,
    day: part.day,
    propertyName: part.propertyName,
    items: part.items,
    observations: part.observations,
  }));
}

/** Restricts the arrivals by `requestId` (kept, shown nowhere). Returns how many were not restricted before. */
export async function restrictArrivals(
  db: Executor,
  arrivals: readonly StoredPersonArrival[],
  requestId: number,
  now: Date,
): Promise<number> {
  if (arrivals.length === 0) return 0;
  const changed = await db
    .update(storedItems)
    .set({ restrictedBy: requestId })
    .where(and(itemsIn(storedItems, arrivals), isNull(storedItems.restrictedBy)))
    .returning({ reportId: storedItems.reportId });
  await revise(
    db,
    arrivals.map((arrival) => arrival.reportId),
    now,
  );
  return changed.length;
}

/** Lifts a restriction from every arrival it holds, new ones stored since included. Returns how many. */
export async function liftArrivals(db: Executor, requestId: number, now: Date): Promise<number> {
  const changed = await db
    .update(storedItems)
    .set({ restrictedBy: null })
    .where(eq(storedItems.restrictedBy, requestId))
    .returning({ reportId: storedItems.reportId });
  await revise(
    db,
    changed.map((row) => row.reportId),
    now,
  );
  return changed.length;
}
