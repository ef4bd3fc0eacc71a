/**
 * The daily pull's metrics, on the process's registry (lib/server/metrics): runs by outcome, and
 * how old the newest stored day of each property is. Free of `server-only`, like run.ts, which
 * `npm run sync` runs from the command line.
 */
import { addDays } from "@/lib/core/days";
import { isKnownZone, startOfLocalDay } from "@/lib/features/history/property-days";
import { newestStoredDays } from "@/lib/features/history/store";
import type { Executor } from "@/lib/server/db/types";
import { describeErrorForLog, log } from "@/lib/server/log";
import { counter, gauge } from "@/lib/server/metrics";

/** How a pull ended: a run's own outcome, `skipped` (another was under way) or `error` (it threw). */
export type PullRunOutcome = "stored" | "nothing new" | "partial" | "failed" | "skipped" | "error";

const pullRuns = () =>
  counter({
    name: "daybook_sync_runs_total",
    help: "Pulls of the reports, by outcome and what started them",
    labelNames: ["outcome", "trigger"] as const,
  });

export function countPullRun(outcome: PullRunOutcome, trigger: string): void {
  // Underscores rather than a space: label values that read as one word in a query.
  pullRuns().inc({ outcome: outcome.replace(" ", "_"), trigger });
}

export interface StoredDayAge {
  property: string;
  ageSeconds: number;
}

/**
 * For each property the key reaches, the seconds since its newest stored day ended (at midnight
 * in the property's zone; the latest of its zones for a shared name; UTC before any is known). A
 * day pulled on time is a few hours old; one that keeps growing past a day means pulls stopped.
 */
export async function storedDayAges(db: Executor, now: Date): Promise<StoredDayAge[]> {
  return (await newestStoredDays(db)).map(({ name, day, zones }) => {
    const known = zones.filter(isKnownZone);
    const ends = (known.length > 0 ? known : ["UTC"]).map((zone) => startOfLocalDay(addDays(day, 1), zone).getTime());
    return { property: name, ageSeconds: Math.round((now.getTime() - Math.max(...ends)) / 1000) };
  });
}

/**
 * The stored-day age as a gauge read on each scrape from `read`. A failed read (the database down)
 * leaves the gauge empty for that scrape rather than failing the whole scrape.
 */
export function watchStoredDayAge(read: () => Promise<StoredDayAge[]>): void {
  gauge({
    name: "daybook_stored_day_age_seconds",
    help: "Seconds since the newest stored day of each property ended (the property's local midnight)",
    labelNames: ["property"] as const,
    async collect() {
      this.reset();
      try {
        for (const { property, ageSeconds } of await read()) this.set({ property }, ageSeconds);
      } catch (error) {
        log.warn(`metrics: the stored days could not be read (${describeErrorForLog(error)})`);
      }
    },
  });
}
