/**
 * The privacy repository: the only code that touches privacy_policies, privacy_assignments and
 * purge_log. Policies are read as one PolicySet (lib/core/privacy), which a pull, a read of stored
 * days and housekeeping resolve each property against.
 */
import { and, asc, count, desc, eq, isNotNull, lt, type SQL } from "drizzle-orm";

import { ALL_FIELDS_KEPT, POLICY_FIELDS, type KeptFields, type PolicySet, type PurgeReason } from "@/lib/core/privacy";
import { privacyAssignments, privacyPolicies, purgeLog } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

/** A stored `kept` map as the policy's fields: a field the row does not name is kept (never dropped by omission). */
export function keptFields(stored: Record<string, boolean>): KeptFields {
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

/** The retention each policy sets of its own, by id; one that follows DAYBOOK_RETENTION_DAYS is absent. */
export async function readOwnRetention(db: Executor): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: privacyPolicies.id, days: privacyPolicies.retentionDays })
    .from(privacyPolicies)
    .where(isNotNull(privacyPolicies.retentionDays));
  return new Map(rows.map((row) => [row.id, row.days!]));
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
export async function listPurges(
  db: Executor,
  { limit, before, reason }: { limit: number; before?: number; reason?: PurgeReason },
) {
  return db
    .select()
    .from(purgeLog)
    .where(and(before === undefined ? undefined : lt(purgeLog.id, before), reasonIs(reason)))
    .orderBy(desc(purgeLog.id))
    .limit(limit);
}

function reasonIs(reason: PurgeReason | undefined): SQL | undefined {
  return reason === undefined ? undefined : eq(purgeLog.reason, reason);
}

/** How many entries the purge log holds, of one reason or all. */
export async function countPurges(db: Executor, reason?: PurgeReason): Promise<number> {
  const [row] = await db.select({ n: count() }).from(purgeLog).where(reasonIs(reason));
  return row?.n ?? 0;
}

/** A policy as stored: what the edit form starts from (retention null: DAYBOOK_RETENTION_DAYS). */
export type StoredPolicy = typeof privacyPolicies.$inferSelect;

export async function findPolicy(db: Executor, id: string): Promise<StoredPolicy | null> {
  const [row] = await db.select().from(privacyPolicies).where(eq(privacyPolicies.id, id));
  return row ?? null;
}

export async function findPolicyByName(db: Executor, name: string): Promise<StoredPolicy | null> {
  const [row] = await db.select().from(privacyPolicies).where(eq(privacyPolicies.name, name));
  return row ?? null;
}

export interface PolicyValues {
  name: string;
  retentionDays: number | null;
  kept: KeptFields;
  criminalDetails: boolean;
  legalHold: string | null;
}

/** A named policy (never a second default). */
export async function insertPolicy(db: Executor, values: PolicyValues, by: string | null): Promise<StoredPolicy> {
  const [row] = await db
    .insert(privacyPolicies)
    .values({ ...values, isDefault: false, updatedBy: by })
    .returning();
  return row!;
}

export async function updatePolicy(
  db: Executor,
  id: string,
  values: PolicyValues,
  by: string | null,
  at: Date,
): Promise<StoredPolicy | null> {
  const [row] = await db
    .update(privacyPolicies)
    .set({ ...values, updatedBy: by, updatedAt: at })
    .where(eq(privacyPolicies.id, id))
    .returning();
  return row ?? null;
}

/** Deletes a named policy; its properties go back to the default (their assignments go with it). */
export async function deletePolicy(
  db: Executor,
  id: string,
): Promise<{ policy: StoredPolicy; properties: string[] } | null> {
  return db.transaction(async (tx) => {
    const properties = await tx
      .select({ name: privacyAssignments.propertyName })
      .from(privacyAssignments)
      .where(eq(privacyAssignments.policyId, id));
    const [row] = await tx
      .delete(privacyPolicies)
      .where(and(eq(privacyPolicies.id, id), eq(privacyPolicies.isDefault, false)))
      .returning();
    return row ? { policy: row, properties: properties.map((entry) => entry.name) } : null;
  });
}

/** A property's policy: a named one, or (null) back to the default. */
export async function assignPolicy(
  db: Executor,
  propertyName: string,
  policyId: string | null,
  by: string | null,
  at: Date,
): Promise<void> {
  if (policyId === null) {
    await db.delete(privacyAssignments).where(eq(privacyAssignments.propertyName, propertyName));
    return;
  }
  await db
    .insert(privacyAssignments)
    .values({ propertyName, policyId, assignedBy: by, assignedAt: at })
    .onConflictDoUpdate({
      target: privacyAssignments.propertyName,
      set: { policyId, assignedBy: by, assignedAt: at },
    });
}
