/**
 * An action a person may take only so many times within a rolling window, counted from the audit
 * log itself: the entries that record the action are the count, so the limit and the log can never
 * disagree, and it holds across every instance on one database. A lock per (action, person) for
 * the length of a transaction makes the count and the new entry one step, so requests made at once
 * cannot all slip under the limit.
 */
import { and, count, eq, gt, min, sql } from "drizzle-orm";

import { auditEvents } from "@/lib/server/db/schema";
import type { Database } from "@/lib/server/db/types";

import type { AuditEntry } from "./record";

export interface RollingLimit {
  /** Successful entries of the action allowed within the window. */
  max: number;
  windowMs: number;
  now: Date;
}

export type Limited = { recorded: true } | { recorded: false; count: number; retryAt: Date };

/**
 * Records `entry` (a success of its action by its actor) when the actor has fewer than `max`
 * successful entries of that action within the window before `now`; otherwise records nothing and
 * says when the oldest of them leaves the window.
 */
export async function recordWithinLimit(
  db: Database,
  entry: AuditEntry & { actor: { id: string; email: string } },
  { max, windowMs, now }: RollingLimit,
): Promise<Limited> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`daybook limit ${entry.action} ${entry.actor.id}`}))`);
    const since = new Date(now.getTime() - windowMs);
    const [row] = await tx
      .select({ n: count(), oldest: min(auditEvents.at) })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, entry.action),
          eq(auditEvents.actorId, entry.actor.id),
          eq(auditEvents.outcome, "success"),
          gt(auditEvents.at, since),
        ),
      );
    const taken = row?.n ?? 0;
    if (taken >= max) {
      const oldest = row?.oldest ? new Date(row.oldest) : now;
      return { recorded: false, count: taken, retryAt: new Date(oldest.getTime() + windowMs) };
    }
    await tx.insert(auditEvents).values({
      at: now,
      action: entry.action,
      actorId: entry.actor.id,
      actorEmail: entry.actor.email,
      target: entry.target ?? null,
      propertyName: entry.propertyName ?? null,
      outcome: "success",
      details: entry.details ?? null,
      clientAddress: entry.clientAddress ?? null,
    });
    return { recorded: true };
  });
}
