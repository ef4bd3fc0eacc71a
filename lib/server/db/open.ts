import { migrationsFolder } from "./migrations-folder";
import { IN_MEMORY, openPglite } from "./pglite";
import { openPostgres } from "./postgres";
import type { Database, DatabaseKind } from "./types";

export { IN_MEMORY };
export { DatabaseInUseError } from "./pglite-lock";
export { MigrationWaitError } from "./postgres";
export type { Database, DatabaseKind, Transaction } from "./types";

export interface OpenDatabaseOptions {
  /** postgres:// URL; unset means the embedded PGlite database. */
  databaseUrl?: string;
  /** PGlite keeps its files in `<dataDir>/pglite`; ":memory:" keeps nothing (tests). */
  dataDir: string;
  /** How long to wait for another instance's migrations (PostgreSQL); two minutes unless told. */
  migrationWaitMs?: number;
}

export interface OpenedDatabase {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
}

/**
 * Opens Daybook's database and brings its schema up to date from drizzle/. Free of `server-only`
 * so that CLI scripts and tests can use it; the app goes through getDb() in ./index.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  const folder = migrationsFolder();
  if (options.databaseUrl) {
    return {
      kind: "postgres",
      ...(await openPostgres(options.databaseUrl, folder, options.migrationWaitMs ?? 120_000)),
    };
  }
  return { kind: "pglite", ...(await openPglite(options.dataDir, folder)) };
}
