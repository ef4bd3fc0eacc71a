/**
 * The review records as screens read them: the standing reviews and sign-offs of given days, with
 * the last undo of what no longer stands. Part of the review repository.
 */
import { desc, eq, inArray } from "drizzle-orm";

import { itemReviews, listSignOffs, users } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

import { listId } from "./list";
import { listOfRow, reviewRecord, signOffRecord } from "./repository";
import type { ReviewRecord, SignOffRecord, UndoneReview, UndoneSignOff } from "./types";

export interface ListsState {
  reviews: ReviewRecord[];
  undoneReviews: UndoneReview[];
  signOffs: SignOffRecord[];
  undoneSignOffs: UndoneSignOff[];
}

/**
 * The standing reviews and sign-offs of the given days, and the latest undo of any item or list
 * that has nothing standing now (so a screen can say why a review went away). `keep` narrows by
 * property (the caller's scope).
 */
export async function reviewState(
  db: Executor,
  days: readonly string[],
  keep: (propertyName: string) => boolean = () => true,
): Promise<ListsState> {
  const wanted = [...new Set(days)];
  if (wanted.length === 0) return { reviews: [], undoneReviews: [], signOffs: [], undoneSignOffs: [] };

  const reviewRows = await db
    .select({ review: itemReviews, undoneByName: users.name })
    .from(itemReviews)
    .leftJoin(users, eq(users.id, itemReviews.undoneBy))
    .where(inArray(itemReviews.listDate, wanted))
    .orderBy(desc(itemReviews.id));
  const signOffRows = await db
    .select({ signOff: listSignOffs, undoneByName: users.name })
    .from(listSignOffs)
    .leftJoin(users, eq(users.id, listSignOffs.undoneBy))
    .where(inArray(listSignOffs.listDate, wanted))
    .orderBy(desc(listSignOffs.id));

  const reviews: ReviewRecord[] = [];
  const undoneReviews: UndoneReview[] = [];
  const seenItems = new Set<string>();
  // Newest first: the first row met for an item is its current state.
  for (const { review, undoneByName } of reviewRows) {
    if (!keep(review.propertyName) || seenItems.has(review.itemKey)) continue;
    seenItems.add(review.itemKey);
    if (review.undoneAt === null) reviews.push(reviewRecord(review));
    else
      undoneReviews.push({
        itemKey: review.itemKey,
        undoneByName,
        undoneAt: review.undoneAt.toISOString(),
        reason: review.undoneReason ?? "",
      });
  }

  const signOffs: SignOffRecord[] = [];
  const undoneSignOffs: UndoneSignOff[] = [];
  const seenLists = new Set<string>();
  for (const { signOff, undoneByName } of signOffRows) {
    const id = listId(listOfRow(signOff));
    if (!keep(signOff.propertyName) || seenLists.has(id)) continue;
    seenLists.add(id);
    if (signOff.undoneAt === null) signOffs.push(signOffRecord(signOff));
    else
      undoneSignOffs.push({
        propertyName: signOff.propertyName,
        zone: signOff.propertyTimeZone,
        listDate: signOff.listDate,
        undoneByName,
        undoneAt: signOff.undoneAt.toISOString(),
        reason: signOff.undoneReason ?? "",
      });
  }
  return { reviews, undoneReviews, signOffs, undoneSignOffs };
}
