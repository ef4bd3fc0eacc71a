// `npm run sync`: one pull of the three reports now, for cron-style operation (DAYBOOK_SYNC=off),
// on the same configuration and database as the server. `npm run sync -- --if-due` pulls only when
// the schedule says the day is due, so cron can call it every few minutes. Exit code 0 when the day was stored or
// nothing was new (or another instance is pulling), 1 when a report failed or nothing could run.
// package.json runs it under the react-server condition, as Next runs server code, so that the
// server-only modules it shares with the server load here too.
import { ENDPOINT_LABELS } from "@/lib/features/sync/messages";
import { nextPull } from "@/lib/features/sync/repository";
import { runSync } from "@/lib/features/sync/run";
import { ConfigError, getConfig } from "@/lib/server/config";
import { closeDb, DatabaseInUseError, getDb } from "@/lib/server/db";
import { claimDatabaseMode, DatabaseModeError } from "@/lib/server/db/mode";
import { describeErrorForLog, log } from "@/lib/server/log";
import { installConsoleRedaction } from "@/lib/server/log/console";
import { getPartnerApi } from "@/lib/server/partner-api";
import { exitOnSignals } from "@/lib/server/shutdown";

async function main(): Promise<number> {
  exitOnSignals(1, "Pull stopped: the database was closed cleanly; the next pull starts over.");
  try {
    getConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    log.error(error.message);
    return 1;
  }
  let db;
  try {
    db = await getDb();
    await claimDatabaseMode(db, getConfig().mode);
  } catch (error) {
    if (error instanceof DatabaseModeError) {
      log.error(error.message);
      return 1;
    }
    if (!(error instanceof DatabaseInUseError)) throw error;
    log.error(`Cannot pull: ${error.message}.`);
    return 1;
  }
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

// What the pull's code and its libraries print goes through the same redaction as the server's.
installConsoleRedaction();

main()
  .catch((error: unknown) => {
    // The name only: a driver's message may quote row values.
    log.error(`Cannot pull: ${describeErrorForLog(error)}.`);
    return 1;
  })
  .then(async (code) => {
    await closeDb();
    process.exit(code);
  });
