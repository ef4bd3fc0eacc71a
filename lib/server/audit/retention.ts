/**
 * How long the audit log keeps what it knows of guests and of people. An entry names no guest, but
 * a reveal or a review keeps the arrival's check-in instant, which with the property points at one
 * guest in the property's own records: it keeps only its day once that day's guest data is gone.
 * Whole entries, with their client addresses, go after the audit retention period.
 */
import { and, inArray, isNull, lt, notInArray, or, sql, type SQL } from "drizzle-orm";

import { addDays } from "@/lib/core/days";
import { auditEvents } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

/** The entries whose details carry a guest's check-in instant. */
export const CHECK_IN_ACTIONS = ["guest.reveal_id", "review.item"] as const;

/** Which properties a forgetting applies to: only these names, or every name but these (and entries naming none). */
export type PropertySelection = { only: readonly string[] } | { except: readonly string[] };

/**
 * Replaces `checkInAtUtc` with `checkInDay` (its UTC date) in reveal and review entries of arrivals
 * checked in before the day after `before`, the guest-data retention cut: a local day runs up to 14
 * hours ahead of UTC and 12 behind, so this reaches every arrival of a purged local day (and some of
 * the cut's own day a day early, never one late). `properties` narrows it to the properties whose
 * retention cut is `before`. Returns the entries changed: their property and the check-in day kept.
 */
export async function forgetCheckInInstants(
  db: Executor,
  before: string,
  properties?: PropertySelection,
): Promise<{ propertyName: string | null; checkInDay: string }[]> {
  const instant = sql`${auditEvents.details} ->> 'checkInAtUtc'`;
  const changed = await db
    .update(auditEvents)
    .set({
      details: sql`(${auditEvents.details} - 'checkInAtUtc') || jsonb_build_object('checkInDay', left(${instant}, 10))`,
    })
    .where(
      and(
        inArray(auditEvents.action, [...CHECK_IN_ACTIONS]),
        sql`${instant} < ${addDays(before, 1)}`,
        propertyFilter(properties),
      ),
    )
    .returning({
      propertyName: auditEvents.propertyName,
      checkInDay: sql<string>`${auditEvents.details} ->> 'checkInDay'`,
    });
  return changed;
}

function propertyFilter(properties: PropertySelection | undefined): SQL | undefined {
  if (!properties) return undefined;
  if ("only" in properties)
    return properties.only.length > 0 ? inArray(auditEvents.propertyName, [...properties.only]) : sql`false`;
  if (properties.except.length === 0) return undefined;
  return or(isNull(auditEvents.propertyName), notInArray(auditEvents.propertyName, [...properties.except]));
}

/** Removes every entry recorded before `before`, client addresses with them. Returns how many. */
export async function purgeAuditLog(db: Executor, before: Date): Promise<number> {
  const removed = await db.delete(auditEvents).where(lt(auditEvents.at, before)).returning({ id: auditEvents.id });
  return removed.length;
}
