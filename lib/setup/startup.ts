import "server-only";
import { ConfigError, getConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { startHistory } from "@/lib/sync/start";
import { describeDemoLogins, seedFirstRun } from "./first-run";

/**
 * Start-up, in order: the configuration (a bad one ends the process with a message naming the
 * variable), the database and its migrations, the first accounts, then the daily pulls.
 */
export async function startDaybook(): Promise<void> {
  let config;
  try {
    config = getConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  try {
    const db = await getDb();
    const created = await seedFirstRun(db, { mode: config.mode, firstAdmin: config.firstAdmin });
    if (created.length > 0) console.log(`Daybook: created the first accounts: ${created.join(", ")}`);
  } catch (error) {
    console.error(`Daybook cannot start: the database could not be opened or migrated.\n  ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  if (config.mode === "demo") console.log(describeDemoLogins());
  await startHistory(config);
}
