import "server-only";

import {
  canReview,
  canSeeProperty,
  canUndo,
  propertyKey,
  REVIEW_ROLE,
  UNDO_ROLE,
  type PropertyScope,
  type Role,
  type Viewer,
} from "@/lib/core/access";
import type { AuditAction } from "@/lib/core/audit";
import { propertyZoneOf } from "@/lib/core/property-names";
import { readStoredCriminalArrivals } from "@/lib/features/history/criminal-range";
import { placeArrivals } from "@/lib/features/history/placement";
import { listStoredDays, readKnownProperties } from "@/lib/features/history/store";
import { getCriminalArrivalsReport, type ReportOptions } from "@/lib/features/reports/server";
import type { ZonedCriminalArrival } from "@/lib/features/reports/types";
import { recordAudit } from "@/lib/server/audit/record";
import { listUsers } from "@/lib/server/auth/users";
import { getDb } from "@/lib/server/db";
import type { Database } from "@/lib/server/db/types";
import { logFailure } from "@/lib/server/log";

import { itemKeyOf, withItemKey, type KeyedCriminalArrival, type KeyedCriminalArrivalsReport } from "./item-key";
import { auditTarget, isSameList, listOf, type ListRef } from "./list";
import { recordOutcome } from "./outcome-records";
import { ReviewRefusal } from "./refusal";
import {
  forgetReviewedGuests,
  MissingReviewsError,
  reviewItem,
  reviewItems,
  signOffList,
  standingSignOffs,
  undoReview,
  undoSignOff,
  type Person,
} from "./repository";
import type {
  RecordOutcomeInput,
  ReviewItemInput,
  ReviewListInput,
  SignOffInput,
  UndoReviewInput,
  UndoSignOffInput,
} from "./schemas";
import { SignOffRefusal } from "./sign-off-refusal";
import { reviewState } from "./state-records";
import type { DayReviews, ReviewRecord, SignOffRecord } from "./types";
import { unattendedProperties } from "./unattended";

/**
 * Who may do what to a criminal-arrival list. Supervisors review and sign off the lists of the
 * properties they may see; admins do not review, they undo a review or a sign-off, with a reason.
 * Everyone who may see a property sees its reviews. Actions, routes and pages all come through here.
 */

/** The signed-in person as this module needs them (a Viewer is one). */
export interface ReviewActor extends PropertyScope, Person {
  role: Role;
}

/** Yesterday's criminal arrivals live, as `scope` may see them (the default reads the API through the DAL). */
export type LiveArrivals = (scope: PropertyScope) => Promise<ZonedCriminalArrival[]>;

export interface ReviewContext {
  db: Database;
  actor: ReviewActor;
  clientAddress?: string | null;
  /** For tests of lists not stored yet; otherwise the DAL's own live report. */
  liveArrivals?: LiveArrivals;
}

/**
 * The criminal-arrivals report as the screen shows it: what the person may see (through the reports'
 * scoped entry point), each guest with its review identity so the screen can say which item it
 * reviews; the server re-derives that key on every action.
 */
export async function getReviewableCriminalArrivals(
  scope: PropertyScope,
  propertyName?: string,
  day?: string,
  options?: ReportOptions,
): Promise<KeyedCriminalArrivalsReport> {
  const report = await getCriminalArrivalsReport(scope, propertyName, day, options);
  return { ...report, items: report.items.map(withItemKey) };
}

const defaultLive: LiveArrivals = async (scope) => (await getCriminalArrivalsReport(scope)).items;

type RoleRefusal =
  | "onlySupervisorsReview"
  | "onlySupervisorsRecord"
  | "onlyAdminUndoesReview"
  | "onlySupervisorsSignOff"
  | "onlyAdminUndoesSignOff";

function requireRole(actor: ReviewActor, role: Role, refusal: RoleRefusal) {
  if (actor.role !== role) throw new ReviewRefusal(403, "forbidden", refusal);
}

// A property outside the person's set answers exactly like a list that does not exist.
const listNotFound = (list: ListRef) => new ReviewRefusal(404, "list_not_found", "listNotFound", { day: list.day });

async function audit(
  ctx: ReviewContext,
  action: AuditAction,
  propertyName: string,
  day: string,
  details: Record<string, unknown>,
  outcome: "success" | "failure" = "success",
) {
  await recordAudit(ctx.db, {
    action,
    actor: { id: ctx.actor.id, email: ctx.actor.email },
    target: auditTarget(day),
    propertyName,
    outcome,
    details,
    clientAddress: ctx.clientAddress ?? null,
  });
}

async function checkScope(ctx: ReviewContext, list: ListRef, action: AuditAction) {
  if (canSeeProperty(ctx.actor, list.propertyName)) return;
  await audit(ctx, action, list.propertyName, list.day, { reason: "not available" }, "failure");
  throw listNotFound(list);
}

/**
 * The items of one list, read from the server's own source of truth, never from the browser: the
 * stored copy when Daybook holds that day, otherwise yesterday's live report through the DAL.
 */
export async function listItems(
  ctx: ReviewContext,
  list: ListRef,
): Promise<{ items: KeyedCriminalArrival[]; stored: boolean }> {
  const inDay = (await readStoredCriminalArrivals(ctx.db, list.day, list.day))
    .map(({ item }) => item)
    .filter((item) => propertyKey(item.propertyName) === propertyKey(list.propertyName));
  const stored = (await placeArrivals(ctx.db, inDay)).filter((item) => isSameList(listOf(item), list));
  if (stored.length > 0) {
    // A day pulled twice under different "yesterdays" can hold an item twice.
    const byKey = new Map(stored.map((item) => [itemKeyOf(item), item]));
    return { items: [...byKey.values()].map(withItemKey), stored: true };
  }
  const day = (await listStoredDays(ctx.db, "criminal-arrivals")).find((copy) => copy.reportedDate === list.day);
  if (day?.itemsPurgedAt) {
    throw new ReviewRefusal(410, "list_purged", "listPurged", { day: list.day });
  }
  if (day) throw listNotFound(list);
  const live = (await (ctx.liveArrivals ?? defaultLive)(ctx.actor)).filter(
    (item) => canSeeProperty(ctx.actor, item.propertyName) && isSameList(listOf(item), list),
  );
  if (live.length === 0) throw listNotFound(list);
  return { items: live.map(withItemKey), stored: false };
}

/** The item of a list the person asks about, read from the server's own source (`listItems`). */
async function itemOfList(ctx: ReviewContext, input: ReviewItemInput | RecordOutcomeInput) {
  const { items, stored } = await listItems(ctx, input);
  const item = items.find((candidate) => candidate.itemKey === input.itemKey);
  if (!item) throw new ReviewRefusal(404, "item_not_in_list", "itemNotInList");
  return { item, stored };
}

/**
 * A supervisor marks one criminal arrival reviewed with what the check found (the outcome, whether
 * the police were contacted) and an optional note. The arrival's match and source are kept with the
 * review from the server's own copy, never from the browser.
 */
export async function reviewArrival(ctx: ReviewContext, input: ReviewItemInput): Promise<ReviewRecord> {
  requireRole(ctx.actor, REVIEW_ROLE, "onlySupervisorsReview");
  await checkScope(ctx, input, "review.item");
  const { item, stored } = await itemOfList(ctx, input);
  const finding = { outcome: input.outcome, policeContacted: input.policeContacted, note: input.note };
  const review = await reviewItem(ctx.db, { list: input, item, reviewer: ctx.actor, finding });
  await audit(ctx, "review.item", item.propertyName, input.day, {
    checkInAtUtc: item.checkInAtUtc,
    matchOutcome: input.outcome,
    policeContacted: input.policeContacted,
    noteLength: input.note?.length ?? 0,
    from: stored ? "stored copy" : "live report",
  });
  return review;
}

/**
 * A supervisor records the outcome of a review made before outcomes were asked (its outcome is
 * none), so the list can be signed off. Audited as a review, saying it recorded an outcome.
 */
export async function recordReviewOutcome(ctx: ReviewContext, input: RecordOutcomeInput): Promise<ReviewRecord> {
  requireRole(ctx.actor, REVIEW_ROLE, "onlySupervisorsRecord");
  await checkScope(ctx, input, "review.item");
  const { item, stored } = await itemOfList(ctx, input);
  const review = await recordOutcome(ctx.db, {
    list: input,
    item,
    outcome: input.outcome,
    policeContacted: input.policeContacted,
  });
  await audit(ctx, "review.item", item.propertyName, input.day, {
    checkInAtUtc: item.checkInAtUtc,
    recorded: "outcome of an earlier review",
    matchOutcome: input.outcome,
    policeContacted: input.policeContacted,
    from: stored ? "stored copy" : "live report",
  });
  return review;
}

/**
 * A supervisor marks every criminal arrival of a list not reviewed yet reviewed in one pass, with one
 * outcome, police flag and optional note: each is its own review by that person with that finding,
 * audited one by one as a single review is. Those reviewed already keep their reviews (and a review
 * without an outcome keeps having none: its outcome is recorded on it, one at a time).
 */
export async function reviewArrivalList(ctx: ReviewContext, input: ReviewListInput): Promise<ReviewRecord[]> {
  requireRole(ctx.actor, REVIEW_ROLE, "onlySupervisorsReview");
  await checkScope(ctx, input, "review.item");
  const { items, stored } = await listItems(ctx, input);
  const finding = { outcome: input.outcome, policeContacted: input.policeContacted, note: input.note };
  const reviews = await reviewItems(ctx.db, { list: input, items, reviewer: ctx.actor, finding });
  const byKey = new Map(items.map((item) => [item.itemKey, item]));
  for (const review of reviews)
    await audit(ctx, "review.item", review.propertyName, input.day, {
      checkInAtUtc: byKey.get(review.itemKey)!.checkInAtUtc,
      matchOutcome: input.outcome,
      policeContacted: input.policeContacted,
      noteLength: input.note?.length ?? 0,
      from: stored ? "stored copy" : "live report",
      wholeList: true,
    });
  return reviews;
}

/** An admin takes back a review, with a reason. Works after the day's guest data is purged, too. */
export async function undoArrivalReview(ctx: ReviewContext, input: UndoReviewInput): Promise<ReviewRecord> {
  requireRole(ctx.actor, UNDO_ROLE, "onlyAdminUndoesReview");
  await checkScope(ctx, input, "review.item_undo");
  const review = await undoReview(ctx.db, { list: input, itemKey: input.itemKey, by: ctx.actor, reason: input.reason });
  await audit(ctx, "review.item_undo", review.propertyName, input.day, { reasonLength: input.reason.length });
  return review;
}

/**
 * A supervisor signs a list off; every item must be reviewed first, each review with an outcome, and
 * the answer names those that are not and says how many lack an outcome.
 */
export async function signOffArrivalList(ctx: ReviewContext, input: SignOffInput): Promise<SignOffRecord> {
  requireRole(ctx.actor, REVIEW_ROLE, "onlySupervisorsSignOff");
  await checkScope(ctx, input, "review.sign_off");
  const { items, stored } = await listItems(ctx, input);
  const list = { propertyName: items[0]!.propertyName, day: input.day, zone: input.zone };
  try {
    const signOff = await signOffList(ctx.db, {
      list,
      itemKeys: items.map((item) => item.itemKey),
      signer: ctx.actor,
      note: input.note,
    });
    await audit(ctx, "review.sign_off", list.propertyName, input.day, {
      itemCount: signOff.itemCount,
      noteLength: input.note?.length ?? 0,
      from: stored ? "stored copy" : "live report",
    });
    return signOff;
  } catch (error) {
    if (!(error instanceof MissingReviewsError)) throw error;
    const missing = new Set(error.missingKeys);
    const noOutcome = new Set(error.noOutcomeKeys);
    throw new SignOffRefusal(error.code, {
      notReviewed: items.filter((item) => missing.has(item.itemKey)),
      noOutcome: items.filter((item) => noOutcome.has(item.itemKey)),
      total: error.itemCount,
      zone: propertyZoneOf(await readKnownProperties(ctx.db), list.propertyName, list.zone),
    });
  }
}

/** An admin reopens a signed-off list, with a reason. */
export async function undoArrivalSignOff(ctx: ReviewContext, input: UndoSignOffInput): Promise<SignOffRecord> {
  requireRole(ctx.actor, UNDO_ROLE, "onlyAdminUndoesSignOff");
  await checkScope(ctx, input, "review.sign_off_undo");
  const signOff = await undoSignOff(ctx.db, { list: input, by: ctx.actor, reason: input.reason });
  await audit(ctx, "review.sign_off_undo", signOff.propertyName, input.day, { reasonLength: input.reason.length });
  return signOff;
}

/** The reviews and sign-offs of one day's lists, for everyone who may see their properties. */
export async function reviewsOfDay(db: Database, actor: ReviewActor, day: string): Promise<DayReviews> {
  const state = await reviewState(db, [day], (propertyName) => canSeeProperty(actor, propertyName));
  return { day, ...state, you: { canReview: canReview(actor.role), canUndo: canUndo(actor.role) } };
}

/** The sign-offs standing now of the lists dated in [from, to] that `scope` may see, oldest day first. */
export async function signOffsBetween(
  db: Database,
  scope: PropertyScope,
  from: string,
  to: string,
  /** Only sign-offs spelling the name one of these ways. */
  names?: readonly string[],
): Promise<{ propertyName: string; zone: string | null; listDate: string; signedOffAt: Date }[]> {
  return (await standingSignOffs(db, from, to, names)).filter((record) => canSeeProperty(scope, record.propertyName));
}

export {
  getReviewQueue,
  getReviewQueueView,
  getWaitingGlance,
  getWaitingListCount,
  reviewQueueFor,
  reviewQueueView,
  waitingListCount,
} from "./queue-reads";

/** For sign-off timeliness summed up in the database (lib/features/comparison): see each. */
export { standingSignOffNames } from "./queue-records";
export { standingUnzonedSignOffs } from "./repository";

/** For the retention purge (sync/run.ts), run inside its transaction. */
export { forgetReviewedGuests };

/** For a guest's privacy request (lib/features/privacy-requests): their reviews and sign-offs, and their erasure. */
export { forgetReviewsOfItems, reviewsOfItems, rewriteSignOffTexts, signOffsOfLists } from "./person-records";

/*
 * The entry points pages and routes call with the signed-in person; like the comparison's `get*`,
 * they find the database and the overdue hours themselves. The functions above take them, for tests
 * on both databases.
 */

export async function getReviewsOfDay(viewer: Viewer, day: string): Promise<DayReviews> {
  return reviewsOfDay(await getDb(), viewer, day);
}

/**
 * The properties of the key's reach that no active supervisor can sign off: all of them for an
 * admin, who can give one access; a regional manager's own. Null for anyone else, or when they
 * could not be read.
 */
export async function getUnattendedProperties(viewer: Viewer): Promise<string[] | null> {
  if (viewer.role !== "admin" && viewer.role !== "regional") return null;
  try {
    const db = await getDb();
    const [known, people] = await Promise.all([readKnownProperties(db), listUsers(db)]);
    const names = known.map((property) => property.name).filter((name) => canSeeProperty(viewer, name));
    return unattendedProperties(names, people);
  } catch (error) {
    // Only the names are lost, never the page that shows them.
    logFailure("review: naming the properties nobody signs off", error);
    return null;
  }
}
