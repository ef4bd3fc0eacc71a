/**
 * The outcome of a review made before outcomes were asked, recorded on that review afterwards. Part
 * of the review repository: the same list lock and sign-off check as a review's.
 */
import { and, eq, isNull } from "drizzle-orm";

import type { MatchOutcome } from "@/lib/core/match-outcomes";
import { itemReviews } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

import type { ListRef } from "./list";
import { ReviewRefusal } from "./refusal";
import {
  activeReviews,
  activeSignOff,
  lockList,
  matchColumns,
  reviewRecord,
  signedOff,
  type ReviewedItem,
} from "./repository";
import type { ReviewRecord } from "./types";

/**
 * Sets the outcome (and whether the police were contacted) of the review standing on `item`, which
 * must have none yet: an outcome once recorded changes only by an admin's undo of the review and a
 * review anew. The arrival's match and source are kept with it where the review lacks them. Refused
 * while the list is signed off, as every change of its reviews is.
 */
export async function recordOutcome(
  db: Executor,
  input: { list: ListRef; item: ReviewedItem; outcome: MatchOutcome; policeContacted: boolean },
): Promise<ReviewRecord> {
  return db.transaction(async (tx) => {
    await lockList(tx, input.list);
    if (await activeSignOff(tx, input.list)) throw signedOff();
    const review = (await activeReviews(tx, input.list)).find((row) => row.itemKey === input.item.itemKey);
    if (!review) {
      throw new ReviewRefusal(404, "review_not_found", "noReviewForOutcome");
    }
    if (review.outcome !== null) {
      throw new ReviewRefusal(409, "outcome_recorded", "outcomeRecorded", { outcome: review.outcome });
    }
    const kept = matchColumns(input.item);
    const [row] = await tx
      .update(itemReviews)
      .set({
        outcome: input.outcome,
        policeContacted: input.policeContacted,
        hasCriminalRecord: review.hasCriminalRecord ?? kept.hasCriminalRecord,
        isSexOffender: review.isSexOffender ?? kept.isSexOffender,
        source: review.source ?? kept.source,
      })
      .where(and(eq(itemReviews.id, review.id), isNull(itemReviews.outcome)))
      .returning();
    return reviewRecord(row!);
  });
}
