/**
 * The privacy repository: the only code that touches privacy_policies, privacy_assignments and
 * purge_log. Policies are read as one PolicySet (lib/core/privacy), which a pull, a read of stored
 * days and housekeeping resolve each property against.
 */
import { asc, desc, lt } from "drizzle-orm";

import { ALL_FIELDS_KEPT, POLICY_FIELDS, type KeptFields, type PolicySet, type PurgeReason } from "@/lib/core/privacy";
import { privacyAssignments, privacyPolicies, purgeLog } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

/** A stored `kept` map as the policy's fields: a field the row does not name is kept (never dropped by omission). */
function keptFields(stored: Record<string, boolean>): KeptFields {
  return Object.fromEntries(
    POLICY_FIELDS.map((field) => [field, stored[field] ?? ALL_FIELDS_KEPT[field]]),
  ) as KeptFields;
}

/**
 * Every policy and assignment. `defaultRetentionDays` (DAYBOOK_RETENTION_DAYS) is the retention of
 * a policy that sets none of its own: the default policy, unless an admin set one.
 */
export async function readPolicySet(db: Executor, defaultRetentionDays: number): Promise<PolicySet> {
  const [policies, assignments] = await Promise.all([
    db.select().from(privacyPolicies).orderBy(desc(privacyPolicies.isDefault), asc(privacyPolicies.name)),
    db.select().from(privacyAssignments).orderBy(asc(privacyAssignments.propertyName)),
  ]);
  return {
    policies: policies.map((row) => ({
      id: row.id,
      name: row.name,
      isDefault: row.isDefault,
      retentionDays: row.retentionDays ?? defaultRetentionDays,
      kept: keptFields(row.kept),
      criminalDetails: row.criminalDetails,
      legalHold: row.legalHold,
    })),
    assignments: assignments.map((row) => ({ propertyName: row.propertyName, policyId: row.policyId })),
  };
}

/** One removal as the purge log keeps it: what and how much, never the data itself. */
export interface PurgeEntry {
  reason: PurgeReason;
  /** The rule in words: "EU: kept 30 days", "EU: date of birth not kept", "erasure request #4". */
  rule: string;
  /** "guest arrivals", "criminal arrivals", "live observations", "review notes", … */
  kind: string;
  day: string | null;
  propertyName: string | null;
  rows: number;
  /** Policy fields removed from rows that stay (a policy change). */
  fields?: string[] | null;
  requestId?: number | null;
}

/** Records removals; entries of 0 rows are left out (nothing was removed). */
export async function recordPurges(db: Executor, entries: readonly PurgeEntry[], at: Date): Promise<void> {
  const rows = entries
    .filter((entry) => entry.rows > 0)
    .map((entry) => ({
      at,
      reason: entry.reason,
      rule: entry.rule,
      kind: entry.kind,
      day: entry.day,
      propertyName: entry.propertyName,
      rows: entry.rows,
      fields: entry.fields ?? null,
      requestId: entry.requestId ?? null,
    }));
  for (let start = 0; start < rows.length; start += 1_000) {
    await db.insert(purgeLog).values(rows.slice(start, start + 1_000));
  }
}

export type PurgeLogRow = typeof purgeLog.$inferSelect;

/** The purge log, newest first, a page at a time (`before`: the id to continue below). */
export async function listPurges(db: Executor, { limit, before }: { limit: number; before?: number }) {
  return db
    .select()
    .from(purgeLog)
    .where(before === undefined ? undefined : lt(purgeLog.id, before))
    .orderBy(desc(purgeLog.id))
    .limit(limit);
}
