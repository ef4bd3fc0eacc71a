/**
 * Stored arrivals brought in line with a privacy policy that keeps less than when they were stored:
 * the fields it does not keep removed (never blanked, never brought back), and where it keeps no
 * criminal details, the property's criminal arrivals removed. The history's own tables, so here;
 * which policy applies and what the purge log says is lib/features/privacy/apply.ts's.
 */
import { and, eq, inArray, sql } from "drizzle-orm";

import { keepUnder, type PolicyField, type PrivacyPolicy } from "@/lib/core/privacy";
import { liveObservations, storedItems, storedReports, type StoredEndpoint } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

import { decodeItem, encodeItem, fieldCode } from "./item-codec";

/** Rows read and rewritten per statement: a day of 20,000 arrivals is twenty statements, not one. */
export const DROP_BATCH = 1_000;

/** The property names stored arrivals (guests or criminal arrivals) are kept under. */
export async function propertiesWithStoredItems(db: Executor): Promise<string[]> {
  const rows = await db.selectDistinct({ name: storedItems.propertyName }).from(storedItems);
  return rows.map((row) => row.name);
}

/** Any of `fields` present in the stored item: jsonb's `?|`, so only rows still holding one are touched. */
function holdsAny(fields: readonly string[]) {
  return sql`${storedItems.item} ?| array[${sql.join(
    fields.map((field) => sql`${fieldCode(field)}`),
    sql`, `,
  )}]::text[]`;
}

/** The stored days of `propertyName` whose `endpoint` items still hold any of `fields` (item field names). */
export async function daysHoldingFields(
  db: Executor,
  endpoint: Exclude<StoredEndpoint, "usage">,
  propertyName: string,
  fields: readonly string[],
): Promise<{ reportId: number; day: string }[]> {
  if (fields.length === 0) return [];
  return db
    .selectDistinct({ reportId: storedItems.reportId, day: storedReports.reportedDate })
    .from(storedItems)
    .innerJoin(storedReports, eq(storedReports.id, storedItems.reportId))
    .where(and(eq(storedReports.endpoint, endpoint), eq(storedItems.propertyName, propertyName), holdsAny(fields)))
    .orderBy(storedReports.reportedDate);
}

/**
 * Removes from one property's items of one stored day the fields `policy` does not keep (`fieldsOf`:
 * GUEST_FIELDS or CRIMINAL_FIELDS), batch by batch, with `keepUnder` so each says what was not kept.
 * The keyed hashes of a date of birth or document number no longer kept go too. Returns the rows changed.
 */
export async function dropFieldsOfDay(
  db: Executor,
  {
    reportId,
    propertyName,
    policy,
    fieldsOf,
    batch = DROP_BATCH,
  }: {
    reportId: number;
    propertyName: string;
    policy: PrivacyPolicy;
    fieldsOf: Record<PolicyField, readonly string[]>;
    batch?: number;
  },
): Promise<number> {
  const fields = Object.entries(fieldsOf).flatMap(([field, names]) => (policy.kept[field as PolicyField] ? [] : names));
  if (fields.length === 0) return 0;
  const clearBirth = !policy.kept.dateOfBirth;
  const clearDocument = !policy.kept.document;
  let changed = 0;
  for (;;) {
    const rows = await db
      .select({ position: storedItems.position, item: storedItems.item })
      .from(storedItems)
      .where(and(eq(storedItems.reportId, reportId), eq(storedItems.propertyName, propertyName), holdsAny(fields)))
      .orderBy(storedItems.position)
      .limit(batch);
    if (rows.length === 0) break;
    const values = rows.map(
      ({ position, item }) =>
        sql`(${position}::int, ${JSON.stringify(encodeItem(keepUnder(decodeItem(item), policy, fieldsOf)))}::jsonb)`,
    );
    await db.execute(sql`
      update ${storedItems} as s set
        item = v.item,
        birth_key = ${clearBirth ? sql`null` : sql`s.birth_key`},
        document_key = ${clearDocument ? sql`null` : sql`s.document_key`}
      from (values ${sql.join(values, sql`, `)}) as v(position, item)
      where s.report_id = ${reportId} and s.position = v.position`);
    changed += rows.length;
    if (rows.length < batch) break;
  }
  return changed;
}

/**
 * Removes one property's criminal arrivals of one stored day (its policy keeps no criminal
 * details). The day's other properties keep theirs; the day's item count follows.
 */
export async function removeCriminalItemsOfDay(
  db: Executor,
  reportId: number,
  propertyName: string,
  batch = DROP_BATCH,
): Promise<number> {
  let removed = 0;
  for (;;) {
    // Batched by position, so one statement never deletes a whole large day at once.
    const rows = await db
      .select({ position: storedItems.position })
      .from(storedItems)
      .where(and(eq(storedItems.reportId, reportId), eq(storedItems.propertyName, propertyName)))
      .limit(batch);
    if (rows.length === 0) break;
    const positions = rows.map((row) => row.position);
    await db
      .delete(liveObservations)
      .where(and(eq(liveObservations.reportId, reportId), inArray(liveObservations.position, positions)));
    await db
      .delete(storedItems)
      .where(and(eq(storedItems.reportId, reportId), inArray(storedItems.position, positions)));
    removed += rows.length;
    if (rows.length < batch) break;
  }
  if (removed > 0) {
    await db
      .update(storedReports)
      .set({
        itemCount: sql`(select count(*)::int from ${storedItems} where ${storedItems.reportId} = ${reportId})`,
      })
      .where(eq(storedReports.id, reportId));
  }
  return removed;
}

/** The stored days of `propertyName` that hold criminal arrivals. */
export async function criminalDaysOf(db: Executor, propertyName: string): Promise<{ reportId: number; day: string }[]> {
  return db
    .selectDistinct({ reportId: storedItems.reportId, day: storedReports.reportedDate })
    .from(storedItems)
    .innerJoin(storedReports, eq(storedReports.id, storedItems.reportId))
    .where(and(eq(storedReports.endpoint, "criminal-arrivals"), eq(storedItems.propertyName, propertyName)))
    .orderBy(storedReports.reportedDate);
}

/** Kept items of a day changed outside a pull: part of the day's version, so no held copy is served stale. */
export async function markRevised(db: Executor, reportId: number, at: Date): Promise<void> {
  await db.update(storedReports).set({ revisedAt: at }).where(eq(storedReports.id, reportId));
}
