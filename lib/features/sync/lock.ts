/**
 * Only one pull at a time, across every instance on one database. On PostgreSQL the lock is a
 * session-level advisory lock held on a connection of its own for the length of the pull (ending
 * that connection frees it, whatever happens to the process). PGlite is one connection in one
 * process (its files admit no second process, lib/server/db/pglite-lock.ts), where an advisory lock is
 * re-entrant; there the lock is taken for the record and the in-process guard does the work.
 */

import { sql } from "drizzle-orm";
import pg from "pg";

import type { Database } from "@/lib/server/db/types";
import { processWide } from "@/lib/server/process-state";

const LOCK = "daybook sync";

// Once per process: dev hot reload evaluates this module again while a pull of the old one may still run.
const pulling = processWide("sync.pulling", () => new WeakSet<object>());

export type Locked<T> = { acquired: true; value: T } | { acquired: false };

export async function withPullLock<T>(db: Database, work: () => Promise<T>): Promise<Locked<T>> {
  if (pulling.has(db)) return { acquired: false };
  pulling.add(db);
  try {
    const client = "$client" in db ? db.$client : undefined;
    return isPool(client) ? await onOwnConnection(client, work) : await inSession(db, work);
  } finally {
    pulling.delete(db);
  }
}

/** node-postgres' pool, told by its shape: a bundler may load a second copy of the module. */
function isPool(client: unknown): client is pg.Pool {
  return (
    client instanceof pg.Pool ||
    (typeof client === "object" && client !== null && "totalCount" in client && "idleCount" in client)
  );
}

async function onOwnConnection<T>(pool: pg.Pool, work: () => Promise<T>): Promise<Locked<T>> {
  const connection = await pool.connect();
  let broken: Error | undefined;
  try {
    const locked = await connection
      .query<{ locked: boolean }>("select pg_try_advisory_lock(hashtext($1)) as locked", [LOCK])
      .then((result) => result.rows[0]?.locked === true)
      .catch((error: Error) => {
        broken = error;
        throw error;
      });
    if (!locked) return { acquired: false };
    try {
      return { acquired: true, value: await work() };
    } finally {
      await connection.query("select pg_advisory_unlock(hashtext($1))", [LOCK]).catch((error: Error) => {
        broken = error;
      });
    }
  } finally {
    // A connection that failed is closed rather than reused: closing it frees the lock.
    connection.release(broken);
  }
}

async function inSession<T>(db: Database, work: () => Promise<T>): Promise<Locked<T>> {
  const { rows } = await db.execute<{ locked: boolean }>(sql`select pg_try_advisory_lock(hashtext(${LOCK})) as locked`);
  if (!rows[0]?.locked) return { acquired: false };
  try {
    return { acquired: true, value: await work() };
  } finally {
    await db.execute(sql`select pg_advisory_unlock(hashtext(${LOCK}))`);
  }
}
