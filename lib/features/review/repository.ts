import {
  and,
  asc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  not,
  notInArray,
  or,
  sql,
  type SQL,
} from "drizzle-orm";

import { AppError } from "@/lib/core/errors";
import type { MatchOutcome } from "@/lib/core/match-outcomes";
import type { PropertySelection } from "@/lib/server/audit/retention";
import { itemReviews, listSignOffs } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

import { isSameList, listId, type ListRef } from "./list";
import { ReviewRefusal } from "./refusal";
import type { ReviewRecord, SignOffRecord } from "./types";

/**
 * Daybook's review records. Every change is a row written with who and when; an undo fills in
 * undone_at/by/reason and the row stays, so the history of a list is never lost. Each function takes
 * a database or a transaction (an Executor), so the same code runs on PGlite and PostgreSQL.
 */

export interface Person {
  id: string;
  email: string;
  name: string;
}

/**
 * A sign-off refused because some items of the list have no review yet, or a review without an
 * outcome (made before outcomes were asked); the caller names them.
 */
export class MissingReviewsError extends AppError {
  constructor(
    readonly missingKeys: readonly string[],
    readonly itemCount: number,
    readonly noOutcomeKeys: readonly string[] = [],
  ) {
    super(
      409,
      missingKeys.length > 0 ? "items_not_reviewed" : "outcomes_missing",
      missingKeys.length > 0
        ? `${missingKeys.length} of ${itemCount} criminal arrivals are not reviewed yet.`
        : `${noOutcomeKeys.length} of ${itemCount} criminal arrivals have no outcome recorded yet.`,
    );
    this.name = "MissingReviewsError";
  }
}

/** Every change of a signed-off list's reviews is refused with this. */
export const signedOff = () => new ReviewRefusal(409, "list_signed_off", "listSignedOff");

/**
 * One list at a time: a review and a sign-off of the same list never interleave (a sign-off could
 * otherwise pass its "all reviewed" check while a review is being undone). Works on both databases.
 */
export async function lockList(tx: Executor, list: ListRef) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`daybook review ${listId(list)}`}))`);
}

export async function activeSignOff(tx: Executor, list: ListRef) {
  const rows = await tx
    .select()
    .from(listSignOffs)
    .where(and(eq(listSignOffs.listDate, list.day), isNull(listSignOffs.undoneAt)));
  return rows.find((row) => isSameList(listOfRow(row), list)) ?? null;
}

export async function activeReviews(tx: Executor, list: ListRef) {
  const rows = await tx
    .select()
    .from(itemReviews)
    .where(and(eq(itemReviews.listDate, list.day), isNull(itemReviews.undoneAt)));
  return rows.filter((row) => isSameList(listOfRow(row), list));
}

/** The list a review or sign-off row belongs to. */
export function listOfRow(row: { propertyName: string; listDate: string; propertyTimeZone: string | null }): ListRef {
  return { propertyName: row.propertyName, day: row.listDate, zone: row.propertyTimeZone };
}

export function reviewRecord(row: typeof itemReviews.$inferSelect): ReviewRecord {
  return {
    itemKey: row.itemKey,
    propertyName: row.propertyName,
    zone: row.propertyTimeZone,
    listDate: row.listDate,
    reviewerName: row.reviewerName,
    reviewedAt: row.reviewedAt.toISOString(),
    note: row.note,
    outcome: row.outcome,
    policeContacted: row.policeContacted,
  };
}

export function signOffRecord(row: typeof listSignOffs.$inferSelect): SignOffRecord {
  return {
    propertyName: row.propertyName,
    zone: row.propertyTimeZone,
    listDate: row.listDate,
    signerName: row.signerName,
    signedOffAt: row.signedOffAt.toISOString(),
    note: row.note,
    itemCount: row.itemCount,
  };
}

/** A criminal arrival as its review keeps it: its key, and its match and source (none of them personal). */
export type ReviewedItem = {
  itemKey: string;
  propertyName: string;
  checkInAtUtc: string;
  hasCriminalRecord: boolean;
  isSexualOffender: boolean;
  source: string;
};

/**
 * What a supervisor records on a review: the outcome of the check, whether the police were called, a
 * note. Every review made now has an outcome (the input schemas require one); none only in a history
 * seeded as from before outcomes were asked (the demo's oldest day).
 */
export interface Finding {
  outcome: MatchOutcome | null;
  policeContacted: boolean;
  note: string | null;
}

/** The arrival's match and source as a review row keeps them, so outcome rates read reviews alone. */
export function matchColumns(item: ReviewedItem) {
  return { hasCriminalRecord: item.hasCriminalRecord, isSexOffender: item.isSexualOffender, source: item.source };
}

/** A review's row: who reviewed which item of which list, when, what they found and noted. */
function reviewRow(list: ListRef, item: ReviewedItem, reviewer: Person, finding: Finding, at: Date) {
  return {
    itemKey: item.itemKey,
    propertyName: item.propertyName,
    propertyTimeZone: list.zone,
    listDate: list.day,
    checkInAtUtc: item.checkInAtUtc,
    reviewedBy: reviewer.id,
    reviewerEmail: reviewer.email,
    reviewerName: reviewer.name,
    reviewedAt: at,
    note: finding.note,
    outcome: finding.outcome,
    policeContacted: finding.policeContacted,
    ...matchColumns(item),
  };
}

/** The keys among `keys` that have a review standing (not undone). */
async function reviewedKeys(tx: Executor, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await tx
    .select({ itemKey: itemReviews.itemKey })
    .from(itemReviews)
    .where(and(inArray(itemReviews.itemKey, [...keys]), isNull(itemReviews.undoneAt)));
  return new Set(rows.map((row) => row.itemKey));
}

/** Marks one item reviewed. Refused while the list is signed off, or when the item already has a review. */
export async function reviewItem(
  db: Executor,
  input: { list: ListRef; item: ReviewedItem; reviewer: Person; finding: Finding; now?: Date },
): Promise<ReviewRecord> {
  return db.transaction(async (tx) => {
    await lockList(tx, input.list);
    if (await activeSignOff(tx, input.list)) throw signedOff();
    if ((await reviewedKeys(tx, [input.item.itemKey])).size > 0)
      throw new ReviewRefusal(409, "already_reviewed", "alreadyReviewed");
    const [row] = await tx
      .insert(itemReviews)
      .values(reviewRow(input.list, input.item, input.reviewer, input.finding, input.now ?? new Date()))
      .returning();
    return reviewRecord(row!);
  });
}

/**
 * Marks every item of a list that has no review yet reviewed, by one person with one finding (outcome,
 * police, note): each its own review, exactly as if marked one by one; those already reviewed keep
 * theirs. Refused while the list is signed off. Returns the reviews made (none when every item was
 * reviewed already).
 */
export async function reviewItems(
  db: Executor,
  input: { list: ListRef; items: readonly ReviewedItem[]; reviewer: Person; finding: Finding; now?: Date },
): Promise<ReviewRecord[]> {
  return db.transaction(async (tx) => {
    await lockList(tx, input.list);
    if (await activeSignOff(tx, input.list)) throw signedOff();
    const reviewed = await reviewedKeys(
      tx,
      input.items.map((item) => item.itemKey),
    );
    const open = input.items.filter((item) => !reviewed.has(item.itemKey));
    if (open.length === 0) return [];
    const at = input.now ?? new Date();
    const rows = await tx
      .insert(itemReviews)
      .values(open.map((item) => reviewRow(input.list, item, input.reviewer, input.finding, at)))
      .returning();
    return rows.map(reviewRecord);
  });
}

/** An admin takes back a review, with a reason. Refused while the list is signed off (undo that first). */
export async function undoReview(
  db: Executor,
  input: { list: ListRef; itemKey: string; by: Person; reason: string; now?: Date },
): Promise<ReviewRecord> {
  return db.transaction(async (tx) => {
    await lockList(tx, input.list);
    const review = (await activeReviews(tx, input.list)).find((row) => row.itemKey === input.itemKey);
    if (!review) throw new ReviewRefusal(404, "review_not_found", "noReviewToUndo");
    if (await activeSignOff(tx, input.list)) {
      throw new ReviewRefusal(409, "list_signed_off", "undoSignOffFirst");
    }
    await tx.update(itemReviews).set(undone(input)).where(eq(itemReviews.id, review.id));
    return reviewRecord(review);
  });
}

/** What an undo records on the row it undoes: who, when and why; the row itself stays. */
function undone(input: { by: Person; reason: string; now?: Date }) {
  return {
    undoneAt: input.now ?? new Date(),
    undoneBy: input.by.id,
    undoneByEmail: input.by.email,
    undoneReason: input.reason,
  };
}

/**
 * Signs a list off once every one of its items (given by key) has a review standing, each with an
 * outcome. `list.propertyName` is the API's spelling.
 */
export async function signOffList(
  db: Executor,
  input: {
    list: ListRef;
    itemKeys: readonly string[];
    signer: Person;
    note: string | null;
    now?: Date;
    /** False only to seed a history from before outcomes were asked (the demo's oldest day). */
    outcomesAsked?: boolean;
  },
): Promise<SignOffRecord> {
  return db.transaction(async (tx) => {
    await lockList(tx, input.list);
    if (await activeSignOff(tx, input.list)) throw new ReviewRefusal(409, "already_signed_off", "alreadySignedOff");
    const reviewed = new Map((await activeReviews(tx, input.list)).map((row) => [row.itemKey, row]));
    const keys = [...new Set(input.itemKeys)];
    const missing = keys.filter((key) => !reviewed.has(key));
    const noOutcome =
      input.outcomesAsked === false
        ? []
        : keys.filter((key) => reviewed.has(key) && reviewed.get(key)!.outcome === null);
    if (missing.length > 0 || noOutcome.length > 0) throw new MissingReviewsError(missing, keys.length, noOutcome);
    const [row] = await tx
      .insert(listSignOffs)
      .values({
        propertyName: input.list.propertyName,
        propertyTimeZone: input.list.zone,
        listDate: input.list.day,
        signedOffBy: input.signer.id,
        signerEmail: input.signer.email,
        signerName: input.signer.name,
        signedOffAt: input.now ?? new Date(),
        note: input.note,
        itemCount: keys.length,
      })
      .returning();
    return signOffRecord(row!);
  });
}

/** An admin reopens a signed-off list, with a reason; its reviews stay. */
export async function undoSignOff(
  db: Executor,
  input: { list: ListRef; by: Person; reason: string; now?: Date },
): Promise<SignOffRecord> {
  return db.transaction(async (tx) => {
    await lockList(tx, input.list);
    const signOff = await activeSignOff(tx, input.list);
    if (!signOff) throw new ReviewRefusal(404, "sign_off_not_found", "notSignedOff");
    await tx.update(listSignOffs).set(undone(input)).where(eq(listSignOffs.id, signOff.id));
    return signOffRecord(signOff);
  });
}

/** The sign-offs standing now of lists dated in [from, to], oldest day first (sign-off timeliness). */
export async function standingSignOffs(
  db: Executor,
  from: string,
  to: string,
  /** Only sign-offs spelling the name one of these ways; every one when not given. */
  names?: readonly string[],
): Promise<{ propertyName: string; zone: string | null; listDate: string; signedOffAt: Date }[]> {
  if (names?.length === 0) return [];
  return db
    .select({
      propertyName: listSignOffs.propertyName,
      zone: listSignOffs.propertyTimeZone,
      listDate: listSignOffs.listDate,
      signedOffAt: listSignOffs.signedOffAt,
    })
    .from(listSignOffs)
    .where(
      and(
        isNull(listSignOffs.undoneAt),
        gte(listSignOffs.listDate, from),
        lte(listSignOffs.listDate, to),
        names === undefined ? undefined : inArray(listSignOffs.propertyName, [...names]),
      ),
    )
    .orderBy(asc(listSignOffs.listDate));
}

/**
 * The lists without a zone of [from, to] signed off now, as a table another feature's query can join: the name
 * as spelled (`property_name`), the list's day (`list_date`) and `signed_off_at`.
 */
export function standingUnzonedSignOffs(from: string, to: string): SQL {
  return sql`(select ${listSignOffs.propertyName} as property_name, ${listSignOffs.listDate} as list_date,
      ${listSignOffs.signedOffAt} as signed_off_at
    from ${listSignOffs}
    where ${listSignOffs.undoneAt} is null and ${listSignOffs.propertyTimeZone} is null
      and ${listSignOffs.listDate} between ${from} and ${to})`;
}

/**
 * Review records of days whose guest data is purged (every list dated before `before`) stay: who
 * reviewed or signed off, and when. But nothing in them may still lead to a guest: the item key (a
 * hash of property, check-in instant and name, which a list of names could reverse) is replaced, the
 * check-in instant (with the property, a quasi-identifier of the guest) is cleared, the list's day
 * staying, and the free-text notes and reasons, where people may have written a name, are cleared.
 * `properties` narrows it to the properties whose retention cut is `before` (each property's
 * policy and zone give its own). Returns what changed, by property and list day: counts for the
 * purge log, never the notes.
 */
export async function forgetReviewedGuests(
  db: Executor,
  before: string,
  properties?: PropertySelection,
): Promise<ForgottenReviews> {
  const key = sql`case when ${itemReviews.itemKey} like 'purged:%' then ${itemReviews.itemKey} else 'purged:' || ${itemReviews.id} end`;
  const reviews = await db
    .update(itemReviews)
    .set({ itemKey: key, checkInAtUtc: null, note: null, undoneReason: null })
    .where(
      and(
        lt(itemReviews.listDate, before),
        selected(itemReviews.propertyName, properties),
        // Records purged before the instant was cleared too are caught up with on the next purge.
        or(not(like(itemReviews.itemKey, "purged:%")), isNotNull(itemReviews.checkInAtUtc)),
      ),
    )
    .returning({ propertyName: itemReviews.propertyName, listDate: itemReviews.listDate });
  const signOffs = await db
    .update(listSignOffs)
    .set({ note: null, undoneReason: null })
    .where(
      and(
        lt(listSignOffs.listDate, before),
        selected(listSignOffs.propertyName, properties),
        or(isNotNull(listSignOffs.note), isNotNull(listSignOffs.undoneReason)),
      ),
    )
    .returning({ propertyName: listSignOffs.propertyName, listDate: listSignOffs.listDate });
  return { reviews, signOffs };
}

/** The review records a forgetting changed, by property and list day. */
export interface ForgottenReviews {
  reviews: { propertyName: string; listDate: string }[];
  signOffs: { propertyName: string; listDate: string }[];
}

function selected(
  column: typeof itemReviews.propertyName | typeof listSignOffs.propertyName,
  properties?: PropertySelection,
) {
  if (!properties) return undefined;
  if ("only" in properties) return properties.only.length > 0 ? inArray(column, [...properties.only]) : sql`false`;
  return properties.except.length > 0 ? notInArray(column, [...properties.except]) : undefined;
}
