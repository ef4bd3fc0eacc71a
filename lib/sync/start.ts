import "server-only";
import type { Config } from "@/lib/config";
import { getDb } from "@/lib/db";
import { getPartnerApi } from "@/lib/partner-api";
import { DEMO_USERS } from "@/lib/setup/first-run";
import { fillDemoHistory } from "./demo-history";
import { describeErrorForLog } from "./log";
import { startScheduler } from "./scheduler";

const DEMO_SUPERVISOR = DEMO_USERS.find((user) => user.role === "supervisor")?.email;

/**
 * At start-up: the demo's history first (the server answers only once it is there), then the
 * scheduler. Neither stops Daybook from starting: the reports work without history.
 */
export async function startHistory(config: Config): Promise<void> {
  if (config.mode === "demo" && config.history.demoHistoryDays > 0) {
    try {
      const filled = await fillDemoHistory(await getDb(), await getPartnerApi(), {
        days: config.history.demoHistoryDays,
        simulatorUrl: config.partnerApi.baseUrl,
        supervisorEmail: DEMO_SUPERVISOR,
      });
      if (filled) {
        console.log(`Daybook: demo history: pulled ${filled.days} days (${filled.first} to ${filled.last}) in ${(filled.ms / 1000).toFixed(1)} s; ${filled.signedOff} older lists shown as signed off by the demo supervisor`);
      }
    } catch (error) {
      console.error(`Daybook: the demo history could not be filled (${describeErrorForLog(error)}); the reports work without it`);
    }
  }
  if (config.history.scheduler) startScheduler();
}
