"use server";

import { getTranslations } from "next-intl/server";
import { refresh } from "next/cache";
import { headers } from "next/headers";

import { REVIEW_ROLE, UNDO_ROLE, type Viewer } from "@/lib/core/access";
import { AppError } from "@/lib/core/errors";
import { inPersonsWords } from "@/lib/features/account/worded";
import { getFormat } from "@/lib/features/preferences/server";
import { clientAddress } from "@/lib/server/audit/request";
import { getDb } from "@/lib/server/db";
import { authedAction, type ActionResult } from "@/lib/server/http/action";

import { WordedRefusal } from "./refusal";
import {
  recordOutcomeInput,
  reviewItemInput,
  reviewListInput,
  SCHEMA_LIMITS,
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

/**
 * The step, its refusal said in the person's language and formats: the server words refusals in
 * English (for routes, the command line and tests), and knows them by their catalogue keys.
 */
async function inWords<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof WordedRefusal)) throw error;
    const [t, format] = await Promise.all([getTranslations("review"), getFormat()]);
    throw new AppError(error.status, error.code, error.say({ t, format }));
  }
}

/** A review action whose schema's refusals are said in the person's language. */
const worded = <A extends unknown[], T>(action: (...args: A) => Promise<ActionResult<T>>) =>
  inPersonsWords("review", action, SCHEMA_LIMITS);

const done = () => getTranslations("review.actions");

/** A supervisor marks one criminal arrival reviewed in Daybook, with its outcome. */
export const reviewArrivalAction = worded(
  authedAction(
    [REVIEW_ROLE],
    reviewItemInput,
    async (input, viewer) => {
      await inWords(async () => reviewArrival(await contextFor(viewer), input));
      return { ok: true, message: (await done())("reviewed") };
    },
    { audited: "review.item" },
  ),
);

/** A supervisor records the outcome of a review made before outcomes were asked. */
export const recordOutcomeAction = worded(
  authedAction(
    [REVIEW_ROLE],
    recordOutcomeInput,
    async (input, viewer) => {
      await inWords(async () => recordReviewOutcome(await contextFor(viewer), input));
      return { ok: true, message: (await done())("outcomeRecorded") };
    },
    { audited: "review.item" },
  ),
);

/** A supervisor marks every arrival of a list not reviewed yet reviewed, with one outcome and note. */
export const reviewListAction = worded(
  authedAction(
    [REVIEW_ROLE],
    reviewListInput,
    async (input, viewer) => {
      const reviews = await inWords(async () => reviewArrivalList(await contextFor(viewer), input));
      const t = await done();
      const count = reviews.length;
      return { ok: true, message: count === 0 ? t("allReviewedAlready") : t("listReviewed", { count }) };
    },
    { audited: "review.item" },
  ),
);

/** An admin undoes a review, with a reason. */
export const undoReviewAction = worded(
  authedAction(
    [UNDO_ROLE],
    undoReviewInput,
    async (input, viewer) => {
      await inWords(async () => undoArrivalReview(await contextFor(viewer), input));
      return { ok: true, message: (await done())("reviewUndone") };
    },
    { audited: "review.item_undo" },
  ),
);

/** A supervisor signs a list off; the navigation's count of waiting lists changes, so the page refreshes. */
export const signOffAction = worded(
  authedAction(
    [REVIEW_ROLE],
    signOffInput,
    async (input, viewer) => {
      await inWords(async () => signOffArrivalList(await contextFor(viewer), input));
      refresh();
      return { ok: true, message: (await done())("signedOff") };
    },
    { audited: "review.sign_off" },
  ),
);

/** An admin reopens a signed-off list, with a reason. */
export const undoSignOffAction = worded(
  authedAction(
    [UNDO_ROLE],
    undoSignOffInput,
    async (input, viewer) => {
      await inWords(async () => undoArrivalSignOff(await contextFor(viewer), input));
      refresh();
      return { ok: true, message: (await done())("signOffUndone") };
    },
    { audited: "review.sign_off_undo" },
  ),
);
