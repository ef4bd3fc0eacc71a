/**
 * Privacy policies as the rest of Daybook asks for them: which policy each property follows, and
 * what a pull must apply to the arrivals it keeps.
 */
import "server-only";

import type { PolicySet } from "@/lib/core/privacy";
import type { StorePrivacy } from "@/lib/features/history/store";
import { getConfig } from "@/lib/server/config";
import type { Executor } from "@/lib/server/db/types";
import { activeRestrictions } from "@/lib/server/privacy/restrictions";

import { readPolicySet } from "./repository";

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

/** What a pull applies before it keeps anything: the policies, and the restrictions in force. */
export async function readStorePrivacy(db: Executor): Promise<StorePrivacy> {
  const [policies, restrictions] = await Promise.all([readPolicies(db), activeRestrictions(db)]);
  return { policies, restrictions };
}

/** The purge log, for every removal made outside this feature (a guest's erasure, the retention purge). */
export { recordPurges, type PurgeEntry } from "./repository";
