import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

import { describeErrorForLog, log } from "@/lib/server/log";

import { guardQueryErrors } from "./query-errors";
import * as schema from "./schema";
import type { Database } from "./types";

/**
 * Migrations run on a connection of their own holding a session-level advisory lock, so instances
 * started together apply them one after the other: the first does the work, the others find nothing
 * left. Ending that connection frees the lock even when the unlock itself cannot be sent.
 */
async function migrateUnderLock(databaseUrl: string, migrationsFolder: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A dropped connection also fails the query in progress, which is what reports it.
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext('daybook migrations'))");
    await migrate(drizzle({ client }), { migrationsFolder });
    await client.query("select pg_advisory_unlock(hashtext('daybook migrations'))");
  } finally {
    await client.end();
  }
}

export async function openPostgres(databaseUrl: string, migrationsFolder: string) {
  guardQueryErrors();
  await migrateUnderLock(databaseUrl, migrationsFolder);
  const pool = new pg.Pool({ connectionString: databaseUrl });
  // An idle client whose server connection drops emits "error"; unhandled, that would end the process.
  pool.on("error", (error) => log.error(`db: PostgreSQL connection lost (${describeErrorForLog(error)})`));
  const db: Database = drizzle({ client: pool, schema });
  return { db, close: () => pool.end() };
}
