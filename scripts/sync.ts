// `npm run sync`: one pull of the three reports now, for cron-style operation (DAYBOOK_SYNC=off),
// on the same configuration and database as the server. `npm run sync -- --if-due` pulls only when
// the schedule says the day is due, so cron can call it every few minutes. Exit code 0 when the day was stored or
// nothing was new (or another instance is pulling), 1 when a report failed or nothing could run.
// package.json runs it under the react-server condition, as Next runs server code, so that the
// server-only modules it shares with the server load here too.
import { ENDPOINT_LABELS } from "@/lib/features/sync/messages";
import { nextPull } from "@/lib/features/sync/repository";
import { runSync } from "@/lib/features/sync/run";
import { getConfig } from "@/lib/server/config";
import { log } from "@/lib/server/log";
import { getPartnerApi } from "@/lib/server/partner-api";
import { exitOnSignals } from "@/lib/server/shutdown";

import { openCommandDatabase, runCommand } from "./command";

async function main(): Promise<number> {
  exitOnSignals(1, "Pull stopped: the database was closed cleanly; the next pull starts over.");
  const db = await openCommandDatabase("Cannot pull");
  if (!db) return 1;
  const now = new Date();
  if (process.argv.includes("--if-due")) {
    const decision = await nextPull(db, now, getConfig().history.graceMinutes);
    if (!decision.due) {
      log.info(`Not due: ${decision.reason}; next pull at ${decision.nextAt.toISOString()}.`);
      return 0;
    }
  }
  const result = await runSync(db, await getPartnerApi(), { now, trigger: "command" });
  if (result.status === "skipped") {
    log.info(result.message);
    return 0;
  }
  const { run } = result;
  log.info(`Pull ${run.outcome}${run.reportedDate ? ` (reported day ${run.reportedDate})` : ""}: ${run.message}`);
  for (const entry of run.endpoints) {
    const detail =
      entry.result === "failed"
        ? `${entry.errorCode ?? "failed"}${entry.status !== null ? ` ${entry.status}` : ""}${entry.correlationId ? `, correlation id ${entry.correlationId}` : ""}`
        : `${entry.reportedDate}${entry.itemCount !== null ? `, ${entry.itemCount} items` : ""}`;
    log.info(`  ${ENDPOINT_LABELS[entry.endpoint]}: ${entry.result} (${detail})`);
  }
  return run.outcome === "stored" || run.outcome === "nothing new" ? 0 : 1;
}

runCommand("Cannot pull", main);
