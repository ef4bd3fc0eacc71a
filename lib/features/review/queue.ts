import { canSeeProperty, type PropertyScope } from "@/lib/core/access";
import { placeArrivals } from "@/lib/features/history/placement";
import { readStoredCriminalArrivalSummaries } from "@/lib/features/history/store";
import type { Database } from "@/lib/server/db/types";

import { itemKeyOf } from "./item-key";
import { listId, listOf } from "./list";
import { reviewedItemKeys, signedOffListIds } from "./repository";
import type { QueueRow } from "./types";

const HOUR = 3_600_000;

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
 * arrival. Overdue once it has waited longer than `overdueHours`. Lists not stored yet (yesterday,
 * read live) are not in the queue: the queue is the catch-up of stored days.
 */
export async function reviewQueue(
  db: Database,
  scope: PropertyScope,
  { now, overdueHours }: { now: Date; overdueHours: number },
): Promise<QueueRow[]> {
  const lists = new Map<string, Pending>();
  const seen = new Set<string>();
  // Items already purged by the retention period are gone, and their lists with them: nothing is left to review.
  const visible = (await readStoredCriminalArrivalSummaries(db)).filter((row) =>
    canSeeProperty(scope, row.propertyName),
  );
  for (const row of await placeArrivals(db, visible)) {
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

  const signedOff = await signedOffListIds(db);
  const waiting = [...lists.entries()].filter(([id]) => !signedOff.has(id)).map(([, list]) => list);
  const reviewed = await reviewedItemKeys(
    db,
    waiting.map((list) => list.day),
  );

  return waiting
    .map((list) => {
      const waitedMs = Math.max(0, now.getTime() - list.storedAt.getTime());
      return {
        propertyName: list.propertyName,
        zone: list.zone,
        day: list.day,
        items: list.keys.size,
        reviewed: [...list.keys].filter((key) => reviewed.has(key)).length,
        notAcknowledged: list.notAcknowledged,
        storedAt: list.storedAt.toISOString(),
        hoursWaiting: Math.floor(waitedMs / HOUR),
        overdue: waitedMs > overdueHours * HOUR,
      };
    })
    .sort(
      (a, b) =>
        a.day.localeCompare(b.day) ||
        a.storedAt.localeCompare(b.storedAt) ||
        a.propertyName.localeCompare(b.propertyName) ||
        (a.zone ?? "").localeCompare(b.zone ?? ""),
    );
}
