import "server-only";

import { getConfig } from "@/lib/server/config";

import { openDatabase, type OpenedDatabase } from "./open";
import type { Database } from "./types";

export * as schema from "./schema";
export { DatabaseInUseError } from "./pglite-lock";
export type { Database, DatabaseKind, Transaction } from "./types";

// On globalThis: dev hot reload re-evaluates this module, and a second PGlite on the same files must not open.
const key = Symbol.for("daybook.db.opened");
const globals = globalThis as { [key]?: Promise<OpenedDatabase> };

function opened(): Promise<OpenedDatabase> {
  if (!globals[key]) {
    const { databaseUrl, dataDir } = getConfig();
    const opening = openDatabase({ databaseUrl, dataDir });
    // A failed open is not cached: the next request tries again (say, once the other process stopped).
    opening.catch(() => {
      if (globals[key] === opening) delete globals[key];
    });
    globals[key] = opening;
  }
  return globals[key];
}

/** The process's database, opened and migrated on first use. */
export async function getDb(): Promise<Database> {
  return (await opened()).db;
}

/** Closes the database (tests, scripts, shutdown); the next getDb() opens it again. */
export async function closeDb(): Promise<void> {
  const opening = globals[key];
  if (!opening) return;
  delete globals[key];
  await (await opening.catch(() => undefined))?.close();
}
