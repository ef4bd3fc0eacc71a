import "server-only";

import { cache } from "react";

import { canReview, canUndo, propertyKey, type PropertyScope, type Role, type Viewer } from "@/lib/core/access";
import { propertyChoicesOf } from "@/lib/core/property-choices";
import { propertyZoneOf } from "@/lib/core/property-names";
import type { PropertyZones } from "@/lib/features/history/property-days";
import { readKnownProperties } from "@/lib/features/history/store";
import { criminalNotKeptFor, type CriminalNotKept } from "@/lib/features/privacy/server";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";
import type { Database } from "@/lib/server/db/types";
import { logFailure } from "@/lib/server/log";

import { agedLists, waitingLists, type WaitingList } from "./queue";
import { viewQueue, type QueueQuery } from "./queue-view";
import { ReviewRefusal } from "./refusal";
import type { QueueRow, ReviewQueueView, WaitingGlance } from "./types";

/**
 * The review queue as its readers get it: the Review page (filtered, sorted, paged), the whole
 * queue (the export, the mail), the navigation's count and a supervisor's glance on the Overview.
 * Pages reach these through server.ts.
 */

/** Whoever reads the queue: their role decides whether it is theirs, their scope which lists. */
type ReviewActor = PropertyScope & { role: Role };

/** What the queue is made of for one scope: its waiting lists, and what names their properties. */
interface QueueSource {
  lists: WaitingList[];
  notKept: CriminalNotKept[];
  known: PropertyZones[];
}

/**
 * The lists waiting that `scope` may see, oldest first. A property whose policy no longer keeps
 * criminal details has no list to sign off, even before housekeeping has removed what was stored
 * under its earlier policy: its lists are left out of the page, the count and the export alike.
 */
async function queueSource(db: Database, scope: PropertyScope): Promise<QueueSource> {
  const [lists, notKept, known] = await Promise.all([
    waitingLists(db, scope),
    criminalNotKeptFor(db, scope),
    readKnownProperties(db),
  ]);
  const gone = new Set(notKept.map((entry) => propertyKey(entry.propertyName)));
  return { lists: lists.filter((list) => !gone.has(propertyKey(list.propertyName))), notKept, known };
}

/**
 * Within one request, the navigation's count and the Review page read the same lists once. By scope
 * (people who see the same properties have the same queue), as text: `cache` compares arguments by
 * identity.
 */
const requestQueueSource = cache(async (scope: string) => queueSource(await getDb(), JSON.parse(scope)));
const sourceFor = (scope: PropertyScope) =>
  requestQueueSource(JSON.stringify({ allProperties: scope.allProperties, properties: [...scope.properties] }));

function requireQueue(actor: ReviewActor) {
  if (!canReview(actor.role) && !canUndo(actor.role)) throw new ReviewRefusal(403, "forbidden", "queueForbidden");
}

type QueueOptions = { now: Date; overdueHours: number };

function queueRows({ lists, known }: QueueSource, options: QueueOptions): QueueRow[] {
  return agedLists(lists, options).map((row) => ({
    ...row,
    localZone: propertyZoneOf(known, row.propertyName, row.zone),
  }));
}

function queueView(
  source: QueueSource,
  actor: ReviewActor,
  options: QueueOptions,
  query: QueueQuery,
  pageSize?: number,
): ReviewQueueView {
  const view = viewQueue(queueRows(source, options), query, propertyChoicesOf(source.known, actor), pageSize);
  return { ...view, notKept: source.notKept };
}

/** The lists waiting for a sign-off that this person may see, oldest first: the whole queue (export, mail). */
export async function reviewQueueFor(db: Database, actor: ReviewActor, options: QueueOptions): Promise<QueueRow[]> {
  requireQueue(actor);
  return queueRows(await queueSource(db, actor), options);
}

/** The Review page: one page of the person's queue as `query` filters and sorts it, with the whole queue's totals. */
export async function reviewQueueView(
  db: Database,
  actor: ReviewActor,
  options: QueueOptions & { query: QueueQuery; pageSize?: number },
): Promise<ReviewQueueView> {
  requireQueue(actor);
  return queueView(await queueSource(db, actor), actor, options, options.query, options.pageSize);
}

/**
 * The navigation's count of lists waiting, for everyone the queue is for: supervisors work it, and
 * admins see from any page how much of the group's is waiting. A failure leaves the count out
 * rather than the whole page.
 */
export async function waitingListCount(db: Database, actor: ReviewActor): Promise<number | null> {
  return countOf(actor, () => queueSource(db, actor));
}

async function countOf(actor: ReviewActor, source: () => Promise<QueueSource>): Promise<number | null> {
  if (!canReview(actor.role) && !canUndo(actor.role)) return null;
  try {
    return (await source()).lists.length;
  } catch (error) {
    logFailure("review: counting the waiting lists", error);
    return null;
  }
}

export async function getReviewQueue(viewer: Viewer, now: Date): Promise<QueueRow[]> {
  requireQueue(viewer);
  return queueRows(await sourceFor(viewer), { now, overdueHours: getConfig().history.overdueHours });
}

export async function getReviewQueueView(viewer: Viewer, now: Date, query: QueueQuery): Promise<ReviewQueueView> {
  requireQueue(viewer);
  return queueView(await sourceFor(viewer), viewer, { now, overdueHours: getConfig().history.overdueHours }, query);
}

/** How many of a supervisor's oldest waiting lists the Overview names. */
const GLANCE_LISTS = 5;

/**
 * A supervisor's lists waiting for a sign-off as the Overview shows them: the oldest few, and how
 * many wait and are overdue in all. Null for anyone who does not sign off (admins have the queue).
 */
export async function getWaitingGlance(viewer: Viewer, now: Date): Promise<WaitingGlance | null> {
  if (!canReview(viewer.role)) return null;
  const overdueHours = getConfig().history.overdueHours;
  const view = queueView(
    await sourceFor(viewer),
    viewer,
    { now, overdueHours },
    { overdueOnly: false, sort: "oldest" },
    GLANCE_LISTS,
  );
  return { rows: view.rows, total: view.total, overdue: view.overdue, overdueHours };
}

export async function getWaitingListCount(viewer: Viewer): Promise<number | null> {
  return countOf(viewer, () => sourceFor(viewer));
}
