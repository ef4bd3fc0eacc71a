import { and, count, desc, eq, gt } from "drizzle-orm";

import { addDays, utcDay } from "@/lib/core/days";
import { readKnownProperties, storedPropertyDays } from "@/lib/features/history/store";
import {
  housekeepingRuns,
  STORED_ENDPOINTS,
  syncRuns,
  type HousekeepingRun,
  type StoredEndpoint,
  type SyncRun,
} from "@/lib/server/db/schema";
import type { Database } from "@/lib/server/db/types";
import { keyChangedAt } from "@/lib/server/partner-api/key";

import { holdBack } from "./retry";
import { decidePull, type PullDecision } from "./schedule";

/** Stored days looked at when deciding whether today's pull is done. */
const RECENT_DAYS = 7;

export async function latestRun(db: Database): Promise<SyncRun | null> {
  const [run] = await db.select().from(syncRuns).orderBy(desc(syncRuns.startedAt), desc(syncRuns.id)).limit(1);
  return run ?? null;
}

/**
 * The endpoints a day needs before it counts as stored: all three, less those the key was refused
 * (403 insufficient_scope) on the latest run, so a key without one report does not pull all day.
 */
export function requiredEndpoints(run: SyncRun | null): StoredEndpoint[] {
  const refused = new Set(
    (run?.endpoints ?? []).filter((entry) => entry.errorCode === "insufficient_scope").map((entry) => entry.endpoint),
  );
  const required = STORED_ENDPOINTS.filter((endpoint) => !refused.has(endpoint));
  return required.length > 0 ? required : [...STORED_ENDPOINTS];
}

/** Whether a pull is due now, and if not, when. */
export async function nextPull(db: Database, now: Date, graceMinutes: number): Promise<PullDecision> {
  const [properties, run] = await Promise.all([readKnownProperties(db), latestRun(db)]);
  const since = addDays(utcDay(now), -RECENT_DAYS);
  const covered = await storedPropertyDays(db, since, requiredEndpoints(run));
  const decision = decidePull({ now, properties, graceMinutes, covered, lastPullAt: run?.startedAt ?? null });
  return holdBack(decision, run, await keyChangedAt(db), now);
}

/** The runs Admin → Sync shows a page at a time: a year of daily pulls is some 400 of them. */
export const RUNS_PER_PAGE = 10;

/** The latest runs, newest first; `offset` of them skipped. */
export async function listRuns(db: Database, limit = 50, offset = 0): Promise<SyncRun[]> {
  return db.select().from(syncRuns).orderBy(desc(syncRuns.startedAt), desc(syncRuns.id)).limit(limit).offset(offset);
}

export async function countRuns(db: Database): Promise<number> {
  const [row] = await db.select({ runs: count() }).from(syncRuns);
  return row?.runs ?? 0;
}

/** The latest housekeeping run that finished its work after `since`, if any. */
export async function housekeepingDoneSince(db: Database, since: Date): Promise<HousekeepingRun | null> {
  const [run] = await db
    .select()
    .from(housekeepingRuns)
    .where(and(eq(housekeepingRuns.outcome, "done"), gt(housekeepingRuns.ranAt, since)))
    .orderBy(desc(housekeepingRuns.ranAt))
    .limit(1);
  return run ?? null;
}

export async function recordHousekeeping(db: Database, run: Omit<HousekeepingRun, "id">): Promise<HousekeepingRun> {
  const [row] = await db.insert(housekeepingRuns).values(run).returning();
  return row!;
}

/** The latest housekeeping run, done or failed. */
export async function latestHousekeeping(db: Database): Promise<HousekeepingRun | null> {
  const [run] = await db.select().from(housekeepingRuns).orderBy(desc(housekeepingRuns.ranAt)).limit(1);
  return run ?? null;
}
