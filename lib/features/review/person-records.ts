/**
 * Review records as a guest's privacy request sees them: the reviews of that guest's criminal
 * arrivals (by item key) and the sign-offs of their lists, and their erasure. Part of the review
 * repository; the request feature reaches it through server.ts.
 */
import { and, eq, inArray, or, sql } from "drizzle-orm";

import { itemReviews, listSignOffs } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

/** Every review of these items, undone ones included (an undone review still holds its note). */
export async function reviewsOfItems(db: Executor, itemKeys: readonly string[]) {
  if (itemKeys.length === 0) return [];
  return db
    .select({
      id: itemReviews.id,
      propertyName: itemReviews.propertyName,
      listDate: itemReviews.listDate,
      checkInAtUtc: itemReviews.checkInAtUtc,
      reviewerName: itemReviews.reviewerName,
      reviewedAt: itemReviews.reviewedAt,
      note: itemReviews.note,
      undoneAt: itemReviews.undoneAt,
      undoneReason: itemReviews.undoneReason,
    })
    .from(itemReviews)
    .where(inArray(itemReviews.itemKey, [...itemKeys]));
}

/** Every sign-off of these lists (property and local day), undone ones included. */
export async function signOffsOfLists(db: Executor, lists: readonly { propertyName: string; listDate: string }[]) {
  if (lists.length === 0) return [];
  return db
    .select({
      id: listSignOffs.id,
      propertyName: listSignOffs.propertyName,
      listDate: listSignOffs.listDate,
      signerName: listSignOffs.signerName,
      signedOffAt: listSignOffs.signedOffAt,
      note: listSignOffs.note,
      undoneReason: listSignOffs.undoneReason,
    })
    .from(listSignOffs)
    .where(
      or(
        ...lists.map((list) =>
          and(eq(listSignOffs.propertyName, list.propertyName), eq(listSignOffs.listDate, list.listDate)),
        ),
      ),
    );
}

/**
 * The reviews of an erased guest's criminal arrivals lose what leads to the guest, as the retention
 * purge does it: the item key is replaced, the check-in instant, the note and the undo reason are
 * cleared; who reviewed and when stay. Returns how many records changed.
 */
export async function forgetReviewsOfItems(db: Executor, itemKeys: readonly string[]): Promise<number> {
  if (itemKeys.length === 0) return 0;
  const changed = await db
    .update(itemReviews)
    .set({ itemKey: sql`'purged:' || ${itemReviews.id}`, checkInAtUtc: null, note: null, undoneReason: null })
    .where(inArray(itemReviews.itemKey, [...itemKeys]))
    .returning({ id: itemReviews.id });
  return changed.length;
}

/** Sets a sign-off's note and undo reason (the guest's name already replaced by the caller). */
export async function rewriteSignOffTexts(
  db: Executor,
  id: number,
  texts: { note: string | null; undoneReason: string | null },
): Promise<void> {
  await db.update(listSignOffs).set(texts).where(eq(listSignOffs.id, id));
}
