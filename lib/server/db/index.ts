import "server-only";

import { getConfig } from "@/lib/server/config";
import { processSlot } from "@/lib/server/process-state";
import { onShutdown } from "@/lib/server/shutdown";

import { openDatabase, type OpenedDatabase } from "./open";
import type { Database } from "./types";

export * as schema from "./schema";
export { DatabaseInUseError } from "./pglite-lock";
export { MigrationWaitError } from "./postgres";
export type { Database, DatabaseKind, Transaction } from "./types";

// Once per process: a second PGlite on the same files must not open.
const current = processSlot<Promise<OpenedDatabase>>("db.opened");

// Set once the process is stopping: nothing may open the database again behind the shutdown.
const stopped = processSlot<true>("db.stopped");

function opened(): Promise<OpenedDatabase> {
  let opening = current.get();
  if (!opening) {
    if (stopped.get()) return Promise.reject(new Error("Daybook is stopping: the database is closed"));
    onShutdown("db", async () => {
      stopped.set(true);
      await closeDb();
    });
    const { databaseUrl, dataDir, operations } = getConfig();
    opening = current.set(openDatabase({ databaseUrl, dataDir, migrationWaitMs: operations.migrationWaitMs }));
    // A failed open is not cached: the next request tries again (say, once the other process stopped).
    const failed = opening;
    failed.catch(() => {
      if (current.get() === failed) current.clear();
    });
  }
  return opening;
}

/** The process's database, opened and migrated on first use. */
export async function getDb(): Promise<Database> {
  return (await opened()).db;
}

/** Closes the database (tests, scripts, shutdown); the next getDb() opens it again. */
export async function closeDb(): Promise<void> {
  const opening = current.get();
  if (!opening) return;
  current.clear();
  await (await opening.catch(() => undefined))?.close();
}
