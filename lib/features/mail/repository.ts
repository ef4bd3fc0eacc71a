/**
 * The only code that touches mail_deliveries and caught_mail. A delivery row is the promise that a
 * message goes out once: inserted under a unique key before anything is sent, claimed by one
 * instance at a time (FOR UPDATE SKIP LOCKED, so two instances on one PostgreSQL never take the
 * same row), and marked when the server accepted it.
 */
import { and, desc, eq, inArray, lt, lte, sql } from "drizzle-orm";

import { caughtMail, mailDeliveries, type CaughtMail, type MailDelivery, type MailKind } from "@/lib/server/db/schema";
import type { Database, Executor } from "@/lib/server/db/types";

export interface NewDelivery {
  id?: string;
  kind: MailKind;
  dedupeKey: string;
  userId: string | null;
  day: string | null;
  recipient: string;
  subject: string;
  message: MailDelivery["message"];
}

/** Records a message to send; false when one with the same key exists (it is never sent twice). */
export async function recordDelivery(db: Executor, delivery: NewDelivery, now: Date): Promise<boolean> {
  const rows = await db
    .insert(mailDeliveries)
    .values({ ...delivery, nextAttemptAt: now, createdAt: now })
    .onConflictDoNothing({ target: mailDeliveries.dedupeKey })
    .returning({ id: mailDeliveries.id });
  return rows.length > 0;
}

/** Which of these keys are recorded already. */
export async function recordedKeys(db: Executor, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: mailDeliveries.dedupeKey })
    .from(mailDeliveries)
    .where(inArray(mailDeliveries.dedupeKey, [...keys]));
  return new Set(rows.map((row) => row.key));
}

/**
 * Takes the next message due, if any, for `leaseMs`: its status becomes "sending" and its attempt
 * is counted before a byte goes to the server.
 */
export async function claimNextDue(
  db: Database,
  now: Date,
  leaseMs: number,
  only?: string,
): Promise<MailDelivery | null> {
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const result = await db.execute<{ id: string }>(sql`
    update ${mailDeliveries}
       set status = 'sending', attempts = ${mailDeliveries.attempts} + 1, lease_until = ${leaseUntil.toISOString()}
     where ${mailDeliveries.id} = (
       select id from ${mailDeliveries}
        where ${mailDeliveries.status} = 'pending' and ${mailDeliveries.nextAttemptAt} <= ${now.toISOString()}
          ${only ? sql`and ${mailDeliveries.id} = ${only}` : sql``}
        order by ${mailDeliveries.nextAttemptAt}, ${mailDeliveries.createdAt}
        limit 1
        for update skip locked)
     returning id`);
  const id = (result as unknown as { rows: { id: string }[] }).rows[0]?.id;
  if (!id) return null;
  const [row] = await db.select().from(mailDeliveries).where(eq(mailDeliveries.id, id));
  return row ?? null;
}

export async function markSent(db: Executor, id: string, reply: string, now: Date): Promise<void> {
  await db
    .update(mailDeliveries)
    .set({ status: "sent", sentAt: now, lastReply: reply, leaseUntil: null })
    .where(and(eq(mailDeliveries.id, id), eq(mailDeliveries.status, "sending")));
}

/** A refusal: tried again at `retryAt`, or failed for good when that is null. */
export async function markRefused(db: Executor, id: string, reply: string, retryAt: Date | null): Promise<void> {
  await db
    .update(mailDeliveries)
    .set(
      retryAt
        ? { status: "pending", nextAttemptAt: retryAt, lastReply: reply, leaseUntil: null }
        : { status: "failed", lastReply: reply, leaseUntil: null },
    )
    .where(and(eq(mailDeliveries.id, id), eq(mailDeliveries.status, "sending")));
}

/**
 * Messages whose sender stopped mid-send (its lease ran out): whether the server took them cannot
 * be known, so they are not sent again (a second copy is the worse mistake) and are marked failed
 * with that said, for an admin to see.
 */
export async function abandonExpiredLeases(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .update(mailDeliveries)
    .set({
      status: "failed",
      leaseUntil: null,
      lastReply:
        "Daybook stopped while handing this message to the mail server; it may have arrived, so it is not sent again.",
    })
    .where(and(eq(mailDeliveries.status, "sending"), lte(mailDeliveries.leaseUntil, now)))
    .returning({ id: mailDeliveries.id });
  return rows.length;
}

export async function recentDeliveries(db: Executor, limit: number): Promise<MailDelivery[]> {
  return db.select().from(mailDeliveries).orderBy(desc(mailDeliveries.createdAt)).limit(limit);
}

export async function findDelivery(db: Executor, id: string): Promise<MailDelivery | null> {
  const [row] = await db.select().from(mailDeliveries).where(eq(mailDeliveries.id, id));
  return row ?? null;
}

export async function countByStatus(db: Executor): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: mailDeliveries.status, count: sql<number>`count(*)::int` })
    .from(mailDeliveries)
    .groupBy(mailDeliveries.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}

export async function keepCaughtMail(
  db: Executor,
  message: Omit<CaughtMail, "id" | "receivedAt">,
  keep: number,
): Promise<void> {
  await db.insert(caughtMail).values(message);
  // The catcher is a window, not an archive: the newest `keep` messages stay.
  await db.execute(
    sql`delete from ${caughtMail} where ${caughtMail.id} not in (select id from ${caughtMail} order by received_at desc limit ${keep})`,
  );
}

export async function listCaughtMail(db: Executor, limit: number): Promise<CaughtMail[]> {
  return db.select().from(caughtMail).orderBy(desc(caughtMail.receivedAt)).limit(limit);
}

export async function findCaughtMail(db: Executor, id: string): Promise<CaughtMail | null> {
  const [row] = await db.select().from(caughtMail).where(eq(caughtMail.id, id));
  return row ?? null;
}

/** The record of messages sent before `before` (kept as long as the audit log keeps its entries). */
export async function forgetDeliveriesBefore(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(mailDeliveries)
    .where(lt(mailDeliveries.createdAt, before))
    .returning({ id: mailDeliveries.id });
  return rows.length;
}
