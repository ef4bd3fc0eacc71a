/**
 * A changed privacy policy applied to what Daybook already holds: the daily housekeeping's step (and
 * Admin → Privacy's "Apply now"). For each property whose policy now keeps less than its stored
 * arrivals hold, the fields no longer kept are removed (dropping, never inventing: a policy that
 * keeps more brings nothing back), and where criminal details are no longer kept, the property's
 * criminal arrivals go, their reviews keeping who and when but nothing that leads to the guest.
 * Each property day in a transaction of its own, with its purge log entries; only rows that still
 * hold a dropped field are read, so a run with nothing to do is a few cheap queries.
 */
import "server-only";

import {
  CRIMINAL_FIELDS,
  droppedFields,
  GUEST_FIELDS,
  POLICY_FIELD_LABELS,
  policyFor,
  type PolicyField,
  type PolicySet,
  type PrivacyPolicy,
} from "@/lib/core/privacy";
import {
  criminalDaysOf,
  daysHoldingFields,
  dropFieldsOfDay,
  markRevised,
  propertiesWithStoredItems,
  removeCriminalItemsOfDay,
} from "@/lib/features/history/policy-drops";
import type { Executor } from "@/lib/server/db/types";
import { forgetReviewedGuestsOf } from "@/lib/server/privacy/forget-reviews";

import { recordPurges, type PurgeEntry } from "./repository";
import { ENGLISH_PRIVACY, type PrivacyWords } from "./words";

export interface AppliedPolicies {
  /** Property days changed. */
  days: number;
  /** Arrivals that lost fields. */
  rows: number;
  /** Criminal arrivals removed. */
  removed: number;
}

const NOTHING: AppliedPolicies = { days: 0, rows: 0, removed: 0 };

/** The item fields `policy` does not keep, of the fields `fieldsOf` maps. */
function itemFields(policy: PrivacyPolicy, fieldsOf: Record<PolicyField, readonly string[]>): string[] {
  return droppedFields(policy).flatMap((field) => fieldsOf[field]);
}

/** The policy fields dropped that an item of this kind has. */
function droppedOf(policy: PrivacyPolicy, fieldsOf: Record<PolicyField, readonly string[]>): PolicyField[] {
  return droppedFields(policy).filter((field) => fieldsOf[field].length > 0);
}

/** "EU: date of birth, e-mail not kept", as the purge log says it. */
export function dropRule(policy: PrivacyPolicy, fields: readonly PolicyField[]): string {
  return `${policy.name}: ${fields.map((field) => POLICY_FIELD_LABELS[field].toLowerCase()).join(", ")} not kept`;
}

export function criminalRule(policy: PrivacyPolicy): string {
  return `${policy.name}: criminal-arrival details not kept`;
}

/** Applies `set` to every stored arrival; `now` is when (purge log, revised days). */
export async function applyPolicies(
  db: Executor,
  set: PolicySet,
  now: Date,
  { batch }: { batch?: number } = {},
): Promise<AppliedPolicies> {
  const totals = { ...NOTHING };
  for (const propertyName of await propertiesWithStoredItems(db)) {
    const policy = policyFor(set, propertyName);
    const guestFields = itemFields(policy, GUEST_FIELDS);
    for (const { reportId, day } of await daysHoldingFields(db, "guests", propertyName, guestFields)) {
      const rows = await db.transaction(async (tx) => {
        const rows = await dropFieldsOfDay(tx, { reportId, propertyName, policy, fieldsOf: GUEST_FIELDS, batch });
        if (rows > 0) await markRevised(tx, reportId, now);
        const fields = droppedOf(policy, GUEST_FIELDS);
        await recordPurges(tx, [entry(policy, fields, "guest arrivals", day, propertyName, rows)], now);
        return rows;
      });
      totals.rows += rows;
      if (rows > 0) totals.days += 1;
    }

    if (!policy.criminalDetails) {
      for (const { reportId, day } of await criminalDaysOf(db, propertyName)) {
        const removed = await db.transaction(async (tx) => {
          const removed = await removeCriminalItemsOfDay(tx, reportId, propertyName, batch);
          if (removed === 0) return 0;
          await forgetReviewedGuestsOf(tx, propertyName, [day]);
          await markRevised(tx, reportId, now);
          await recordPurges(
            tx,
            [
              {
                reason: "policy",
                rule: criminalRule(policy),
                kind: "criminal arrivals",
                day,
                propertyName,
                rows: removed,
              },
            ],
            now,
          );
          return removed;
        });
        totals.removed += removed;
        if (removed > 0) totals.days += 1;
      }
      continue;
    }
    const criminalFields = itemFields(policy, CRIMINAL_FIELDS);
    for (const { reportId, day } of await daysHoldingFields(db, "criminal-arrivals", propertyName, criminalFields)) {
      const rows = await db.transaction(async (tx) => {
        const rows = await dropFieldsOfDay(tx, { reportId, propertyName, policy, fieldsOf: CRIMINAL_FIELDS, batch });
        if (rows > 0) await markRevised(tx, reportId, now);
        const fields = droppedOf(policy, CRIMINAL_FIELDS);
        await recordPurges(tx, [entry(policy, fields, "criminal arrivals", day, propertyName, rows)], now);
        return rows;
      });
      totals.rows += rows;
      if (rows > 0) totals.days += 1;
    }
  }
  return totals;
}

function entry(
  policy: PrivacyPolicy,
  fields: PolicyField[],
  kind: string,
  day: string,
  propertyName: string,
  rows: number,
): PurgeEntry {
  return { reason: "policy", rule: dropRule(policy, fields), kind, day, propertyName, rows, fields };
}

/** One sentence for the housekeeping run's message, in `t`'s language (English by default): counts only. */
export function describeApplied(applied: AppliedPolicies, t: PrivacyWords = ENGLISH_PRIVACY): string {
  if (applied.days === 0) return t("manage.appliedNothing");
  const values = { days: applied.days, rows: applied.rows, removed: applied.removed };
  return applied.removed > 0 ? t("manage.appliedRemoved", values) : t("manage.applied", values);
}
