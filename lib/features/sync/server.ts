/** The admin screens' view of the daily pulls; pages come here rather than to the tables. */

import "server-only";

import { storedDaysSummary, type StoredDaysSummary } from "@/lib/features/history/store";
import { apiNow } from "@/lib/features/reports/clock";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";
import type { HousekeepingRun, SyncRun } from "@/lib/server/db/schema";

import { storedDayAges, watchStoredDayAge } from "./metrics";
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

/**
 * The stored-day age gauge (`daybook_stored_day_age_seconds`), on the API's clock: the day a
 * property reports follows it, and the demo's simulator may run on a clock of its own.
 */
export function watchStoredDays(): void {
  watchStoredDayAge(async () => storedDayAges(await getDb(), await apiNow()));
}
