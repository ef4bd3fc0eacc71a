/**
 * Privacy policies as the rest of Daybook asks for them: which policy each property follows, and
 * what a pull must apply to the arrivals it keeps; and Admin → Privacy's view of them.
 */
import "server-only";

import { canSeeProperty, propertyKey, type PropertyScope } from "@/lib/core/access";
import { policyFor, type PolicySet, type PurgeReason } from "@/lib/core/privacy";
import { readKnownProperties, type StorePrivacy } from "@/lib/features/history/store";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";
import type { Executor } from "@/lib/server/db/types";
import { activeRestrictions } from "@/lib/server/privacy/restrictions";
import { processWide } from "@/lib/server/process-state";

import { applyPolicies, type AppliedPolicies } from "./apply";
import { countPurges, listPurges, readOwnRetention, readPolicySet, type PurgeLogRow } from "./repository";
import type { PrivacyAdminView, PurgeLogPage } from "./types";

export { describeApplied, type AppliedPolicies } from "./apply";
export type { PolicyView, PrivacyAdminView, PropertyAssignment, PurgeLogEntry, PurgeLogPage } from "./types";

/**
 * Every policy and assignment; a policy without retention of its own keeps DAYBOOK_RETENTION_DAYS,
 * or `defaultRetentionDays` where a caller was given its own (a pull's or housekeeping's policy).
 */
export function readPolicies(
  db: Executor,
  defaultRetentionDays: number = getConfig().history.retentionDays,
): Promise<PolicySet> {
  return readPolicySet(db, defaultRetentionDays);
}

/**
 * The policy set as screens apply it to what they serve, read at most once per POLICY_CACHE_MS in a
 * process: asked on every report, it would cost each request two queries. A change made here clears
 * it at once (`forgetCachedPolicies`); another instance's change is served within POLICY_CACHE_MS.
 * Pulls and housekeeping read the policies afresh.
 */
const POLICY_CACHE_MS = 2_000;
// By database: a process has one, but a test process opens several.
const policyCache = processWide(
  "privacy.policies",
  () => new WeakMap<object, { at: number; value: Promise<PolicySet> }>(),
);

export function currentPolicies(db: Executor): Promise<PolicySet> {
  const cached = policyCache.get(db);
  if (cached && Date.now() - cached.at < POLICY_CACHE_MS) return cached.value;
  const value = readPolicies(db);
  const entry = { at: Date.now(), value };
  policyCache.set(db, entry);
  value.catch(() => {
    if (policyCache.get(db) === entry) policyCache.delete(db);
  });
  return value;
}

/** A policy or an assignment changed in this process: the next read sees it. */
export function forgetCachedPolicies(db: Executor): void {
  policyCache.delete(db);
}

/** What a pull applies before it keeps anything: the policies, and the restrictions in force. */
export async function readStorePrivacy(db: Executor): Promise<StorePrivacy> {
  const [policies, restrictions] = await Promise.all([readPolicies(db), activeRestrictions(db)]);
  return { policies, restrictions };
}

/** The purge log, for every removal made outside this feature (a guest's erasure, the retention purge). */
export { recordPurges, type PurgeEntry } from "./repository";

/**
 * The policies as they are now, applied to every stored arrival (housekeeping's step, and Apply
 * now): read at the start, so a policy changed meanwhile is applied by the next run.
 */
export async function applyStoredPolicies(
  db: Executor,
  now: Date,
  options: { batch?: number } = {},
): Promise<AppliedPolicies> {
  return applyPolicies(db, await readPolicies(db), now, options);
}

/** Policies, with the properties of each, and every property the key reaches with its policy. */
export async function getPrivacyAdmin(): Promise<PrivacyAdminView> {
  return readPrivacyAdmin(await getDb());
}

export async function readPrivacyAdmin(db: Executor): Promise<PrivacyAdminView> {
  const retentionSetting = getConfig().history.retentionDays;
  const [set, ownRetention, known] = await Promise.all([
    readPolicies(db),
    readOwnRetention(db),
    readKnownProperties(db),
  ]);
  const defaultPolicy = set.policies.find((policy) => policy.isDefault)!;
  const knownNames = new Set(known.map((property) => property.name));
  const names = [...new Set([...knownNames, ...set.assignments.map((entry) => entry.propertyName)])].sort((a, b) =>
    a.localeCompare(b),
  );
  const assignments = names.map((name) => {
    const assigned = set.assignments.find((entry) => entry.propertyName === name);
    const policy = (assigned && set.policies.find((candidate) => candidate.id === assigned.policyId)) ?? defaultPolicy;
    return {
      propertyName: name,
      policyId: policy.isDefault ? null : policy.id,
      policyName: policy.name,
      unknown: !knownNames.has(name),
    };
  });
  return {
    retentionSetting,
    assignments,
    policies: set.policies.map((policy) => ({
      ...policy,
      ownRetentionDays: ownRetention.get(policy.id) ?? null,
      properties: assignments
        .filter((entry) => (entry.policyId ?? defaultPolicy.id) === policy.id)
        .map((entry) => entry.propertyName),
    })),
  };
}

/** A property whose policy keeps no criminal-arrival details: its lists do not exist in Daybook. */
export interface CriminalNotKept {
  propertyName: string;
  policy: string;
}

/**
 * The properties `scope` may see (narrowed to `propertyName`, as the API compares names) whose
 * policy keeps no criminal details: a screen says so rather than "no criminal arrivals".
 */
export async function criminalNotKeptFor(
  db: Executor,
  scope: PropertyScope,
  propertyName?: string,
): Promise<CriminalNotKept[]> {
  const set = await currentPolicies(db);
  if (set.policies.every((policy) => policy.criminalDetails)) return [];
  const names = (await readKnownProperties(db)).map((property) => property.name);
  return [...new Set(names)]
    .filter((name) => canSeeProperty(scope, name))
    .filter((name) => propertyName === undefined || propertyKey(name) === propertyKey(propertyName))
    .flatMap((name) => {
      const policy = policyFor(set, name);
      return policy.criminalDetails ? [] : [{ propertyName: name, policy: policy.name }];
    })
    .sort((a, b) => a.propertyName.localeCompare(b.propertyName));
}

export async function getCriminalNotKept(scope: PropertyScope, propertyName?: string): Promise<CriminalNotKept[]> {
  return criminalNotKeptFor(await getDb(), scope, propertyName);
}

export const PURGE_LOG_PAGE = 50;

/** The purge log, newest first, a page at a time, of one reason or all. */
export async function getPurgeLogPage({
  reason,
  before,
  limit = PURGE_LOG_PAGE,
}: {
  reason?: PurgeReason;
  before?: number;
  limit?: number;
}): Promise<PurgeLogPage> {
  const db = await getDb();
  const [rows, total] = await Promise.all([
    listPurges(db, { limit: limit + 1, before, reason }),
    countPurges(db, reason),
  ]);
  const page = rows.slice(0, limit);
  return { rows: page, total, nextBefore: rows.length > limit ? page[page.length - 1]!.id : null };
}

/** Every purge log entry of one reason or all, newest first, for its CSV (at most `limit`). */
export async function readPurgeLogForExport(reason: PurgeReason | undefined, limit: number): Promise<PurgeLogRow[]> {
  const db = await getDb();
  const rows: PurgeLogRow[] = [];
  let before: number | undefined;
  for (;;) {
    const page = await listPurges(db, { limit: 1_000, before, reason });
    rows.push(...page);
    if (rows.length > limit || page.length < 1_000) return rows;
    before = page[page.length - 1]!.id;
  }
}
