// What Daybook's commands for cron (`npm run sync`, `npm run digest`) share: the configuration read
// and the database opened as the server would (refusing a database of the other mode), every line
// redacted, and the database closed cleanly before the exit code is returned, whatever happened.
import { ConfigError, getConfig, type Config } from "@/lib/server/config";
import { closeDb, DatabaseInUseError, getDb } from "@/lib/server/db";
import { claimDatabaseMode, DatabaseModeError } from "@/lib/server/db/mode";
import type { Database } from "@/lib/server/db/types";
import { configureLog, describeErrorForLog, log } from "@/lib/server/log";
import { installConsoleRedaction } from "@/lib/server/log/console";

/** The configuration, or null once its problems are logged. */
export function readCommandConfig(): Config | null {
  try {
    const config = getConfig();
    // A command's lines are its answer to whoever ran it: the messages alone, at the configured level.
    configureLog({ level: config.log.level, format: "plain" });
    return config;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    log.error(error.message);
    return null;
  }
}

/** The database, or null once the reason it cannot be used is logged ("Cannot pull: …"). */
export async function openCommandDatabase(cannot: string): Promise<Database | null> {
  if (!readCommandConfig()) return null;
  try {
    const db = await getDb();
    await claimDatabaseMode(db, getConfig().mode);
    return db;
  } catch (error) {
    if (error instanceof DatabaseModeError) {
      log.error(error.message);
      return null;
    }
    if (!(error instanceof DatabaseInUseError)) throw error;
    log.error(`${cannot}: ${error.message}.`);
    return null;
  }
}

/** Runs a command's `main` and exits with its code; an unexpected failure is named, never its message. */
export function runCommand(cannot: string, main: () => Promise<number>): void {
  // What the command's code and its libraries print goes through the same redaction as the server's.
  installConsoleRedaction();
  main()
    .catch((error: unknown) => {
      // The name only: a driver's message may quote row values.
      log.error(`${cannot}: ${describeErrorForLog(error)}.`);
      return 1;
    })
    .then(async (code) => {
      await closeDb();
      process.exit(code);
    });
}
