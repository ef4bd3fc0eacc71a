import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

import { describeErrorForLog, log } from "@/lib/server/log";
import { stopWatchingPool, watchPool } from "@/lib/server/metrics";

import { guardQueryErrors } from "./query-errors";
import * as schema from "./schema";
import type { Database } from "./types";

/** Thrown when another instance held the migration lock for longer than this one would wait. */
export class MigrationWaitError extends Error {
  constructor(readonly waitedMs: number) {
    super(
      `another instance has been applying Daybook's database migrations for ${Math.round(waitedMs / 1000)} s ` +
        "(or holds their lock); Daybook did not start. Let that instance finish (its log says which migration " +
        "it is on), or raise DAYBOOK_MIGRATION_WAIT_SECONDS for a long migration, and start again",
    );
    this.name = "MigrationWaitError";
  }
}

const MIGRATION_LOCK = "daybook migrations";

/**
 * Migrations run on a connection of their own holding a session-level advisory lock, so instances
 * started together apply them one after the other: the first does the work, the others wait, then
 * find nothing left. Waiting is bounded: the lock is tried every half second until `waitMs` has
 * passed, so an instance stuck behind a hung one says so instead of never starting. Ending the
 * connection frees the lock even when the unlock itself cannot be sent.
 */
async function migrateUnderLock(databaseUrl: string, migrationsFolder: string, waitMs: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A dropped connection also fails the query in progress, which is what reports it.
  client.on("error", () => {});
  await client.connect();
  try {
    const started = Date.now();
    let said = false;
    for (;;) {
      const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock(hashtext($1)) as locked", [
        MIGRATION_LOCK,
      ]);
      if (rows[0]?.locked) break;
      const waited = Date.now() - started;
      if (waited >= waitMs) throw new MigrationWaitError(waited);
      if (!said) log.info("db: another instance is applying the database migrations; waiting for it");
      said = true;
      await new Promise((resolve) => setTimeout(resolve, Math.min(500, waitMs - waited)));
    }
    await migrate(drizzle({ client }), { migrationsFolder });
    await client.query("select pg_advisory_unlock(hashtext($1))", [MIGRATION_LOCK]);
  } finally {
    await client.end();
  }
}

export async function openPostgres(databaseUrl: string, migrationsFolder: string, migrationWaitMs: number) {
  guardQueryErrors();
  await migrateUnderLock(databaseUrl, migrationsFolder, migrationWaitMs);
  // Daybook's reads are short, but their plans over a year of jsonb rows cost enough to cross
  // jit_above_cost: compiling them took longer than running them (150–400 ms a query). An
  // `options` parameter in DATABASE_URL replaces this one.
  const pool = new pg.Pool({ connectionString: databaseUrl, options: "-c jit=off" });
  // An idle client whose server connection drops emits "error"; unhandled, that would end the process.
  pool.on("error", (error) => log.error(`db: PostgreSQL connection lost (${describeErrorForLog(error)})`));
  const db: Database = drizzle({ client: pool, schema });
  watchPool(pool);
  return {
    db,
    close: () => {
      stopWatchingPool(pool);
      return pool.end();
    },
  };
}
