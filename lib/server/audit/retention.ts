/**
 * How long the audit log keeps what it knows of guests and of people. An entry names no guest, but
 * a reveal or a review keeps the arrival's check-in instant, which with the property points at one
 * guest in the property's own records: it keeps only its day once that day's guest data is gone.
 * Whole entries, with their client addresses, go after the audit retention period.
 */
import { and, inArray, lt, sql } from "drizzle-orm";

import { addDays } from "@/lib/core/days";
import { auditEvents } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

/** The entries whose details carry a guest's check-in instant. */
export const CHECK_IN_ACTIONS = ["guest.reveal_id", "review.item"] as const;

/**
 * Replaces `checkInAtUtc` with `checkInDay` (its UTC date) in reveal and review entries of arrivals
 * checked in before the day after `before`, the guest-data retention cut: a local day runs up to 14
 * hours ahead of UTC and 12 behind, so this reaches every arrival of a purged local day (and some of
 * the cut's own day a day early, never one late). Returns how many entries changed.
 */
export async function forgetCheckInInstants(db: Executor, before: string): Promise<number> {
  const instant = sql`${auditEvents.details} ->> 'checkInAtUtc'`;
  const changed = await db
    .update(auditEvents)
    .set({
      details: sql`(${auditEvents.details} - 'checkInAtUtc') || jsonb_build_object('checkInDay', left(${instant}, 10))`,
    })
    .where(and(inArray(auditEvents.action, [...CHECK_IN_ACTIONS]), sql`${instant} < ${addDays(before, 1)}`))
    .returning({ id: auditEvents.id });
  return changed.length;
}

/** Removes every entry recorded before `before`, client addresses with them. Returns how many. */
export async function purgeAuditLog(db: Executor, before: Date): Promise<number> {
  const removed = await db.delete(auditEvents).where(lt(auditEvents.at, before)).returning({ id: auditEvents.id });
  return removed.length;
}
