"use server";

import { refresh } from "next/cache";
import { headers } from "next/headers";

import { REVIEW_ROLE, UNDO_ROLE, type Viewer } from "@/lib/core/access";
import { clientAddress } from "@/lib/server/audit/request";
import { getDb } from "@/lib/server/db";
import { authedAction } from "@/lib/server/http/action";

import {
  recordOutcomeInput,
  reviewItemInput,
  reviewListInput,
  signOffInput,
  undoReviewInput,
  undoSignOffInput,
} from "./schemas";
import {
  recordReviewOutcome,
  reviewArrival,
  reviewArrivalList,
  signOffArrivalList,
  undoArrivalReview,
  undoArrivalSignOff,
  type ReviewContext,
} from "./server";

// A refusal (409 signed off, 404 not in the list…) is thrown and comes back in words through authedAction;
// input holding control characters is refused there, and audited like a list one may not have.
async function contextFor(viewer: Viewer): Promise<ReviewContext> {
  return { db: await getDb(), actor: viewer, clientAddress: clientAddress(await headers()) };
}

/** A supervisor marks one criminal arrival reviewed in Daybook, with its outcome. */
export const reviewArrivalAction = authedAction(
  [REVIEW_ROLE],
  reviewItemInput,
  async (input, viewer) => {
    await reviewArrival(await contextFor(viewer), input);
    return { ok: true, message: "Marked reviewed." };
  },
  { audited: "review.item" },
);

/** A supervisor records the outcome of a review made before outcomes were asked. */
export const recordOutcomeAction = authedAction(
  [REVIEW_ROLE],
  recordOutcomeInput,
  async (input, viewer) => {
    await recordReviewOutcome(await contextFor(viewer), input);
    return { ok: true, message: "Outcome recorded." };
  },
  { audited: "review.item" },
);

/** A supervisor marks every arrival of a list not reviewed yet reviewed, with one outcome and note. */
export const reviewListAction = authedAction(
  [REVIEW_ROLE],
  reviewListInput,
  async (input, viewer) => {
    const reviews = await reviewArrivalList(await contextFor(viewer), input);
    const n = reviews.length;
    return {
      ok: true,
      message:
        n === 0 ? "Every arrival was reviewed already." : `Marked ${n} ${n === 1 ? "arrival" : "arrivals"} reviewed.`,
    };
  },
  { audited: "review.item" },
);

/** An admin undoes a review, with a reason. */
export const undoReviewAction = authedAction(
  [UNDO_ROLE],
  undoReviewInput,
  async (input, viewer) => {
    await undoArrivalReview(await contextFor(viewer), input);
    return { ok: true, message: "Review undone." };
  },
  { audited: "review.item_undo" },
);

/** A supervisor signs a list off; the navigation's count of waiting lists changes, so the page refreshes. */
export const signOffAction = authedAction(
  [REVIEW_ROLE],
  signOffInput,
  async (input, viewer) => {
    await signOffArrivalList(await contextFor(viewer), input);
    refresh();
    return { ok: true, message: "List signed off." };
  },
  { audited: "review.sign_off" },
);

/** An admin reopens a signed-off list, with a reason. */
export const undoSignOffAction = authedAction(
  [UNDO_ROLE],
  undoSignOffInput,
  async (input, viewer) => {
    await undoArrivalSignOff(await contextFor(viewer), input);
    refresh();
    return { ok: true, message: "Sign-off undone." };
  },
  { audited: "review.sign_off_undo" },
);
