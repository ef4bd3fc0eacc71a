/**
 * What the audit log holds that leads to one guest, for a privacy request: reveals of their
 * identification number and reviews (whose entries keep the arrival's check-in instant), and
 * exports of a table of a day they were in. An erasure leaves the entries (that something was done
 * stays on record) and takes from them the check-in instant, as the retention period does.
 */
import { and, eq, inArray, or, sql } from "drizzle-orm";

import { auditEvents } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

import { CHECK_IN_ACTIONS } from "./retention";

type CheckIn = { propertyName: string; checkInAtUtc: string };

const instant = sql<string | null>`${auditEvents.details} ->> 'checkInAtUtc'`;

function ofCheckIns(checkIns: readonly CheckIn[]) {
  return or(
    ...checkIns.map((checkIn) =>
      and(eq(auditEvents.propertyName, checkIn.propertyName), sql`${instant} = ${checkIn.checkInAtUtc}`),
    ),
  );
}

/** Audited reveals of the identification number of these arrivals, oldest first. */
export async function revealsOf(db: Executor, checkIns: readonly CheckIn[]) {
  if (checkIns.length === 0) return [];
  return db
    .select({ at: auditEvents.at, actorEmail: auditEvents.actorEmail, propertyName: auditEvents.propertyName })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "guest.reveal_id"), eq(auditEvents.outcome, "success"), ofCheckIns(checkIns)))
    .orderBy(auditEvents.at);
}

/** Audited CSV exports of the guests or criminal-arrivals table of these days, oldest first. */
export async function arrivalExportsOf(db: Executor, days: readonly string[]) {
  if (days.length === 0) return [];
  return db
    .select({
      at: auditEvents.at,
      actorEmail: auditEvents.actorEmail,
      action: auditEvents.action,
      propertyFilter: sql<string | null>`${auditEvents.details} ->> 'propertyFilter'`,
      day: sql<string | null>`${auditEvents.details} ->> 'day'`,
    })
    .from(auditEvents)
    .where(
      and(
        inArray(auditEvents.action, ["export.csv", "export.full_id"]),
        eq(auditEvents.outcome, "success"),
        sql`${auditEvents.details} ->> 'table' in ('guests', 'criminal-arrivals')`,
        inArray(sql`${auditEvents.details} ->> 'day'`, [...days]),
      ),
    )
    .orderBy(auditEvents.at);
}

/**
 * Reveal and review entries of these arrivals keep the day of the check-in, not its instant (which
 * with the property points at one guest). Returns how many entries changed.
 */
export async function forgetCheckInsOf(db: Executor, checkIns: readonly CheckIn[]): Promise<number> {
  if (checkIns.length === 0) return 0;
  const changed = await db
    .update(auditEvents)
    .set({
      details: sql`(${auditEvents.details} - 'checkInAtUtc') || jsonb_build_object('checkInDay', left(${instant}, 10))`,
    })
    .where(and(inArray(auditEvents.action, [...CHECK_IN_ACTIONS]), ofCheckIns(checkIns)))
    .returning({ id: auditEvents.id });
  return changed.length;
}
