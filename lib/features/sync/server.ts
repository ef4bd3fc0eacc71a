/** The admin screens' view of the daily pulls; pages come here rather than to the tables. */

import "server-only";

import { storedDaysSummary, type StoredDaysSummary } from "@/lib/features/history/store";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";
import type { HousekeepingRun, SyncRun } from "@/lib/server/db/schema";

import { latestHousekeeping, latestRun, listRuns, nextPull, RUNS_SHOWN } from "./repository";
import type { PullDecision } from "./schedule";

export interface SyncOverview {
  decision: PullDecision;
  summary: StoredDaysSummary;
  runs: SyncRun[];
  runsShown: number;
  /** The latest daily housekeeping (retention purge and the like), done or failed. */
  housekeeping: HousekeepingRun | null;
}

/** When the next pull is due, what is stored, and the latest runs, as of `now`. */
export async function getSyncOverview(now: Date): Promise<SyncOverview> {
  const db = await getDb();
  const [decision, summary, runs, housekeeping] = await Promise.all([
    nextPull(db, now, getConfig().history.graceMinutes),
    storedDaysSummary(db),
    listRuns(db, RUNS_SHOWN),
    latestHousekeeping(db),
  ]);
  return { decision, summary, runs, runsShown: RUNS_SHOWN, housekeeping };
}

/** The latest pull, for the admin overview's card. */
export async function getLatestRun(): Promise<SyncRun | null> {
  return latestRun(await getDb());
}
