/**
 * Review records of a property whose privacy policy stopped keeping criminal details: as after the
 * retention purge (lib/features/review/repository.ts, forgetReviewedGuests), they keep who reviewed or signed off and
 * when, and lose what could lead to a guest (the item key, the check-in instant, the free-text notes
 * and reasons), for the days whose criminal arrivals were removed. Here rather than in the review
 * feature, as the audit's own forgetting is (lib/server/audit/retention.ts): privacy housekeeping
 * calls it, and the review feature reads the privacy policies.
 */
import { and, eq, inArray, isNotNull, like, not, or, sql } from "drizzle-orm";

import { itemReviews, listSignOffs } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

/** Returns the review records changed. */
export async function forgetReviewedGuestsOf(
  db: Executor,
  propertyName: string,
  days: readonly string[],
): Promise<number> {
  if (days.length === 0) return 0;
  const key = sql`case when ${itemReviews.itemKey} like 'purged:%' then ${itemReviews.itemKey} else 'purged:' || ${itemReviews.id} end`;
  const changed = await db
    .update(itemReviews)
    .set({ itemKey: key, checkInAtUtc: null, note: null, undoneReason: null })
    .where(
      and(
        eq(itemReviews.propertyName, propertyName),
        inArray(itemReviews.listDate, [...days]),
        or(not(like(itemReviews.itemKey, "purged:%")), isNotNull(itemReviews.checkInAtUtc)),
      ),
    )
    .returning({ id: itemReviews.id });
  await db
    .update(listSignOffs)
    .set({ note: null, undoneReason: null })
    .where(
      and(
        eq(listSignOffs.propertyName, propertyName),
        inArray(listSignOffs.listDate, [...days]),
        or(isNotNull(listSignOffs.note), isNotNull(listSignOffs.undoneReason)),
      ),
    );
  return changed.length;
}
