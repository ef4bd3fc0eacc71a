import { sql } from "drizzle-orm";

import { canSeeProperty, type PropertyScope } from "@/lib/core/access";
import { isSharedName } from "@/lib/core/property-names";
import { placeArrivals, readSharedNames } from "@/lib/features/history/placement";
import { readStoredCriminalArrivalSummaries, readStoredCriminalLists } from "@/lib/features/history/store";
import type { Database } from "@/lib/server/db/types";

import { itemKeyOf } from "./item-key";
import { listId, listOf } from "./list";
import { countOutcomes } from "./outcomes";
import { signedOffListIds, signedOffWithoutZone, standingReviewOutcomes, standingSignOffNames } from "./queue-records";
import type { ListOutcomes, QueueRow } from "./types";

const HOUR = 3_600_000;

/** A list waiting for a sign-off, before its age is told: what does not change with the clock. */
export interface WaitingList {
  propertyName: string;
  zone: string | null;
  day: string;
  items: number;
  reviewed: number;
  outcomes: ListOutcomes;
  notAcknowledged: number;
  storedAt: Date;
}

interface Pending {
  propertyName: string;
  zone: string | null;
  day: string;
  keys: Set<string>;
  notAcknowledged: number;
  storedAt: Date;
}

/**
 * The criminal-arrival lists not signed off yet that `scope` may see, oldest day first. A list waits
 * from when it was stored (pulled), not from its day: a weekend pulled on Monday is not overdue on
 * arrival. Lists not stored yet (yesterday, read live) are not in the queue: the queue is the
 * catch-up of stored days.
 *
 * A year of stored days holds tens of thousands of lists, nearly all signed off, so their arrivals
 * are never read: first the properties and days stored arrivals name, from their index, without those
 * signed off under a name no two properties share (such a list has no zone, so name and day tell it);
 * then the arrivals of the rest. A shared name's lists take their zone from the same guest's stored
 * arrival (`placeArrivals`), which SQL cannot see: those, and any list whose sign-off spells its name
 * otherwise, are read and dropped below by the exact check on property, zone and day.
 */
export async function waitingLists(db: Database, scope: PropertyScope): Promise<WaitingList[]> {
  const shared = (await readSharedNames(db)).map((entry) => entry.name);
  const signOffNames = await standingSignOffNames(db);
  const leaveOut = signedOffWithoutZone(signOffNames.filter((name) => isSharedName(shared, name)));
  // Priced as the default random_page_cost has it, a year's standing sign-offs look cheaper sorted
  // (spilling to disk, in each parallel worker) than read along the unzoned sign-offs' index in the
  // order it was made for: 0.4 s against 0.17 s. On this one read a random page costs what it does
  // on cached or SSD pages; set for every read, the same setting made Properties' year slower.
  const candidates = (
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local random_page_cost = 1.1`);
      return readStoredCriminalLists(tx, leaveOut);
    })
  ).filter((list) => canSeeProperty(scope, list.propertyName));
  // Items already purged by the retention period are gone, and their lists with them: nothing is left to review.
  const visible = await readStoredCriminalArrivalSummaries(db, candidates);
  const lists = new Map<string, Pending>();
  const seen = new Set<string>();
  for (const row of await placeArrivals(db, visible, shared)) {
    const key = itemKeyOf(row);
    // A day pulled twice under different "yesterdays" can hold the same item twice: counted once, stored at the first pull.
    if (seen.has(key)) continue;
    seen.add(key);
    const ref = listOf(row);
    const id = listId(ref);
    let list = lists.get(id);
    if (!list) {
      list = {
        propertyName: row.propertyName,
        zone: ref.zone,
        day: row.checkInDateLocal,
        keys: new Set(),
        notAcknowledged: 0,
        storedAt: row.pulledAt,
      };
      lists.set(id, list);
    }
    list.keys.add(key);
    if (!row.acknowledged) list.notAcknowledged += 1;
    if (row.pulledAt < list.storedAt) list.storedAt = row.pulledAt;
  }

  const signedOff = await signedOffListIds(db, [...lists.values()], signOffNames);
  const waiting = [...lists.entries()].filter(([id]) => !signedOff.has(id)).map(([, list]) => list);
  const reviewed = await standingReviewOutcomes(
    db,
    waiting.map((list) => list.day),
  );
  return waiting
    .map((list) => {
      const reviews = [...list.keys].flatMap((key) => reviewed.get(key) ?? []);
      return {
        propertyName: list.propertyName,
        zone: list.zone,
        day: list.day,
        items: list.keys.size,
        reviewed: reviews.length,
        outcomes: countOutcomes(reviews),
        notAcknowledged: list.notAcknowledged,
        storedAt: list.storedAt,
      };
    })
    .sort(
      (a, b) =>
        a.day.localeCompare(b.day) ||
        a.storedAt.getTime() - b.storedAt.getTime() ||
        a.propertyName.localeCompare(b.propertyName) ||
        (a.zone ?? "").localeCompare(b.zone ?? ""),
    );
}

/** The lists as of `now`: how long each has waited, and overdue once longer than `overdueHours`. */
export function agedLists(
  lists: readonly WaitingList[],
  { now, overdueHours }: { now: Date; overdueHours: number },
): QueueRow[] {
  return lists.map(({ storedAt, ...list }) => {
    const waitedMs = Math.max(0, now.getTime() - storedAt.getTime());
    return {
      ...list,
      storedAt: storedAt.toISOString(),
      hoursWaiting: Math.floor(waitedMs / HOUR),
      overdue: waitedMs > overdueHours * HOUR,
    };
  });
}

/** The queue of `scope` as of `now`, oldest day first. */
export async function reviewQueue(
  db: Database,
  scope: PropertyScope,
  options: { now: Date; overdueHours: number },
): Promise<QueueRow[]> {
  return agedLists(await waitingLists(db, scope), options);
}
