import "server-only";

import { getConfig, type Config } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";
import { refreshStatisticsIfNone } from "@/lib/server/db/statistics";
import { log, logFailure, withLogAtLeast } from "@/lib/server/log";
import { getPartnerApi } from "@/lib/server/partner-api";
import { repeatInProcess } from "@/lib/server/process-state";

import { fillDemoHistory } from "./demo";
import { startHousekeeping } from "./housekeeping";
import { describeRunForLog } from "./messages";
import { nextPull } from "./repository";
import { runSync } from "./run";

export const TICK_MS = 5 * 60_000;

/** One tick: pull when the schedule says so. Never throws; says what happened in the log. */
export async function schedulerTick(now = new Date()): Promise<void> {
  try {
    const db = await getDb();
    const decision = await nextPull(db, now, getConfig().history.graceMinutes);
    if (!decision.due) return;
    const result = await runSync(db, await getPartnerApi(), { now, trigger: "schedule" });
    if (result.status === "skipped") log.info(`sync: scheduled pull ${result.message.toLowerCase()}`);
    else log.info(`sync: scheduled pull ${describeRunForLog(result.run)}`);
  } catch (error) {
    logFailure("sync: the scheduled pull", error);
  }
}

/**
 * Starts the in-process scheduler: a tick now, then every five minutes, never two at once; one per
 * process, even when dev hot reload evaluates this module again.
 */
export function startScheduler(): void {
  repeatInProcess("sync.scheduler", TICK_MS, () => schedulerTick());
}

/**
 * At start-up: the demo's history first (the server answers only once it is there), then the
 * scheduler and the daily housekeeping. Neither stops Daybook from starting: the reports work without history.
 */
export async function startHistory(config: Config, demoSupervisorEmail?: string): Promise<void> {
  if (config.mode === "demo" && config.history.demoHistoryDays > 0) {
    try {
      // One line for the whole history (below), not one per call: the demo's sign-ins and address stay in view.
      const filled = await withLogAtLeast("warn", async () =>
        fillDemoHistory(await getDb(), await getPartnerApi(), {
          days: config.history.demoHistoryDays,
          simulatorUrl: config.partnerApi.baseUrl,
          supervisorEmail: demoSupervisorEmail,
        }),
      );
      if (filled) {
        log.info(
          `Daybook: demo history: pulled ${filled.days} days (${filled.first} to ${filled.last}) in ${(filled.ms / 1000).toFixed(1)} s; ${filled.signedOff} older lists shown as signed off by the demo supervisor`,
        );
      }
    } catch (error) {
      // The reports work without the demo history: start anyway.
      logFailure("Daybook: filling the demo history", error);
    }
  }
  if (config.history.scheduler) startScheduler();
  // Forgetting on time does not wait for pulls: housekeeping runs whether the scheduler does or not.
  startHousekeeping();
  // Off the start's path: the screens work without statistics, only more slowly.
  void getDb()
    .then(refreshStatisticsIfNone)
    .catch((error: unknown) => logFailure("Daybook: refreshing the planner's statistics", error));
}
