/** The admin screens' view of the daily pulls; pages come here rather than to the tables. */

import "server-only";

import { pageAt, type Page } from "@/lib/core/paging";
import { storedDaysSummary, type StoredDaysSummary } from "@/lib/features/history/store";
import { apiNow } from "@/lib/features/reports/clock";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";
import type { HousekeepingRun, SyncRun } from "@/lib/server/db/schema";

import { storedDayAges, watchStoredDayAge } from "./metrics";
import { countRuns, latestHousekeeping, latestRun, listRuns, nextPull, RUNS_PER_PAGE } from "./repository";
import type { PullDecision } from "./schedule";

export interface SyncOverview {
  decision: PullDecision;
  summary: StoredDaysSummary;
  /** A page of the runs, newest first. */
  runs: Page<SyncRun>;
  /** The latest daily housekeeping (retention purge and the like), done or failed. */
  housekeeping: HousekeepingRun | null;
}

/** When the next pull is due, what is stored, and page `page` (as typed) of the runs, as of `now`. */
export async function getSyncOverview(now: Date, page?: string): Promise<SyncOverview> {
  const db = await getDb();
  const total = await countRuns(db);
  const at = pageAt(total, page, RUNS_PER_PAGE);
  const [decision, summary, rows, housekeeping] = await Promise.all([
    nextPull(db, now, getConfig().history.graceMinutes),
    storedDaysSummary(db),
    listRuns(db, RUNS_PER_PAGE, (at.page - 1) * RUNS_PER_PAGE),
    latestHousekeeping(db),
  ]);
  return { decision, summary, runs: { ...at, rows }, housekeeping };
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
