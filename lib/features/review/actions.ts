"use server";

import { refresh } from "next/cache";
import { headers } from "next/headers";

import { REVIEW_ROLE, UNDO_ROLE, type Viewer } from "@/lib/core/access";
import { clientAddress } from "@/lib/server/audit/record";
import { getDb } from "@/lib/server/db";
import { authedAction, type ActionResult } from "@/lib/server/http/action";
import { failureOf } from "@/lib/server/http/failure";

import { reviewItemInput, signOffInput, undoReviewInput, undoSignOffInput } from "./schemas";
import { reviewArrival, signOffArrivalList, undoArrivalReview, undoArrivalSignOff, type ReviewContext } from "./server";

async function contextFor(viewer: Viewer): Promise<ReviewContext> {
  return { db: await getDb(), actor: viewer, clientAddress: clientAddress(await headers()) };
}

/** Runs one review action; a refusal (409 signed off, 404 not in the list…) comes back in words. */
async function attempt(work: () => Promise<unknown>, message: string): Promise<ActionResult> {
  try {
    await work();
    return { ok: true, message };
  } catch (error) {
    const { status, body } = failureOf(error);
    if (status === 401) return { ok: false, code: "unauthenticated", message: body.error.message };
    if (status === 403) return { ok: false, code: "forbidden", message: body.error.message };
    return { ok: false, code: "failed", message: body.error.message };
  }
}

/** A supervisor marks one criminal arrival reviewed in Daybook. */
export const reviewArrivalAction = authedAction([REVIEW_ROLE], reviewItemInput, async (input, viewer) =>
  attempt(async () => reviewArrival(await contextFor(viewer), input), "Marked reviewed."),
);

/** An admin undoes a review, with a reason. */
export const undoReviewAction = authedAction([UNDO_ROLE], undoReviewInput, async (input, viewer) =>
  attempt(async () => undoArrivalReview(await contextFor(viewer), input), "Review undone."),
);

/** A supervisor signs a list off; the navigation's count of waiting lists changes, so the page refreshes. */
export const signOffAction = authedAction([REVIEW_ROLE], signOffInput, async (input, viewer) => {
  const result = await attempt(async () => signOffArrivalList(await contextFor(viewer), input), "List signed off.");
  if (result.ok) refresh();
  return result;
});

/** An admin reopens a signed-off list, with a reason. */
export const undoSignOffAction = authedAction([UNDO_ROLE], undoSignOffInput, async (input, viewer) => {
  const result = await attempt(async () => undoArrivalSignOff(await contextFor(viewer), input), "Sign-off undone.");
  if (result.ok) refresh();
  return result;
});
