// `npm run restore -- FILE`: puts a backup made by `npm run backup` back. PostgreSQL (DATABASE_URL):
// into that database, which must be new and empty (a restore never writes over Daybook's tables).
// Embedded: into DAYBOOK_DATA_DIR, which must hold no database; `--force` moves one there aside
// (kept, not deleted). Daybook must not be running on the target. Then it says what the restored
// database holds. Exit code 0 when restored, 1 otherwise.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

import { describeCounts, ENCRYPTION_KEY_NOTICE } from "@/lib/server/backup/counts";
import { loadEmbedded } from "@/lib/server/backup/embedded";
import { backupKind, restorePostgres } from "@/lib/server/backup/postgres";
import { log } from "@/lib/server/log";
import { exitOnSignals } from "@/lib/server/shutdown";

import { describeFailure } from "./backup-messages";
import { readCommandConfig, runCommand } from "./command";

const USAGE = "Usage: npm run restore -- FILE [--force]";

function readArguments(): { file: string; force: boolean } | string {
  try {
    const { values, positionals } = parseArgs({ options: { force: { type: "boolean" } }, allowPositionals: true });
    if (positionals.length !== 1) return `Cannot restore: name one backup file. ${USAGE}`;
    return { file: path.resolve(positionals[0]!), force: values.force === true };
  } catch {
    return `Cannot restore: unknown arguments. ${USAGE}`;
  }
}

async function main(): Promise<number> {
  const args = readArguments();
  if (typeof args === "string") {
    log.error(args);
    return 1;
  }
  const config = readCommandConfig();
  if (!config) return 1;
  const { file, force } = args;
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    log.error(`Cannot restore: ${file} is not a file.`);
    return 1;
  }
  exitOnSignals(
    1,
    "Restore stopped before it finished: on PostgreSQL nothing was committed; an embedded data directory " +
      "may hold part of a database, so empty it before restoring again.",
  );
  const kind = backupKind(file);
  if (kind === "unknown") {
    log.error(`Cannot restore: ${file} is not a backup made by npm run backup.`);
    return 1;
  }
  try {
    if (config.databaseUrl) {
      if (kind === "embedded") {
        log.error(
          `Cannot restore: ${file} is a backup of the embedded database; restore it without DATABASE_URL, into DAYBOOK_DATA_DIR.`,
        );
        return 1;
      }
      if (force) {
        log.error(
          "Cannot restore: --force is for the embedded database only. On PostgreSQL, restore into a new, empty database.",
        );
        return 1;
      }
      const counts = await restorePostgres(config.databaseUrl, file);
      log.info(`Restored ${file} into the database DATABASE_URL names: ${describeCounts(counts)}.`);
    } else {
      if (kind === "postgres") {
        log.error(
          `Cannot restore: ${file} is a PostgreSQL backup; set DATABASE_URL to a new, empty database to restore it.`,
        );
        return 1;
      }
      const archive = new Blob([fs.readFileSync(file)]);
      const { counts, movedAside } = await loadEmbedded(config.dataDir, archive, { force, now: new Date() });
      if (movedAside) log.info(`The database that was there is kept in ${movedAside}.`);
      log.info(`Restored ${file} into ${path.resolve(config.dataDir)}: ${describeCounts(counts)}.`);
    }
  } catch (error) {
    log.error(`Cannot restore: ${describeFailure(error)}.`);
    return 1;
  }
  log.info(ENCRYPTION_KEY_NOTICE);
  return 0;
}

runCommand("Cannot restore", main);
