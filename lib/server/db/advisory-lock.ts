/**
 * One holder at a time across every instance on one database, by name. On PostgreSQL the lock is
 * a session-level advisory lock held on a connection of its own for the length of the work (ending
 * that connection frees it, whatever happens to the process). PGlite is one connection in one
 * process (its files admit no second process, pglite-lock.ts), where an advisory lock is
 * re-entrant: there the lock is taken for the record, and callers keep one holder per process
 * themselves.
 */

import { sql } from "drizzle-orm";
import pg from "pg";

import type { Database } from "./types";

export type Locked<T> = { acquired: true; value: T } | { acquired: false };

export interface LockOptions {
  /** Wait for the lock (true), or give up at once when another instance holds it (false). */
  wait: boolean;
}

export async function withAdvisoryLock<T>(
  db: Database,
  name: string,
  work: () => Promise<T>,
  { wait }: LockOptions,
): Promise<Locked<T>> {
  const client = "$client" in db ? db.$client : undefined;
  return isPool(client) ? onOwnConnection(client, name, work, wait) : inSession(db, name, work, wait);
}

/** node-postgres' pool, told by its shape: a bundler may load a second copy of the module. */
function isPool(client: unknown): client is pg.Pool {
  return (
    client instanceof pg.Pool ||
    (typeof client === "object" && client !== null && "totalCount" in client && "idleCount" in client)
  );
}

async function onOwnConnection<T>(pool: pg.Pool, name: string, work: () => Promise<T>, wait: boolean) {
  const connection = await pool.connect();
  let broken: Error | undefined;
  try {
    const take = wait
      ? "select pg_advisory_lock(hashtext($1)), true as locked"
      : "select pg_try_advisory_lock(hashtext($1)) as locked";
    const locked = await connection
      .query<{ locked: boolean }>(take, [name])
      .then((result) => result.rows[0]?.locked === true)
      .catch((error: Error) => {
        broken = error;
        throw error;
      });
    if (!locked) return { acquired: false } as const;
    try {
      return { acquired: true, value: await work() } as const;
    } finally {
      await connection.query("select pg_advisory_unlock(hashtext($1))", [name]).catch((error: Error) => {
        broken = error;
      });
    }
  } finally {
    // A connection that failed is closed rather than reused: closing it frees the lock.
    connection.release(broken);
  }
}

async function inSession<T>(db: Database, name: string, work: () => Promise<T>, wait: boolean): Promise<Locked<T>> {
  if (wait) return { acquired: true, value: await work() };
  const { rows } = await db.execute<{ locked: boolean }>(sql`select pg_try_advisory_lock(hashtext(${name})) as locked`);
  if (!rows[0]?.locked) return { acquired: false };
  try {
    return { acquired: true, value: await work() };
  } finally {
    await db.execute(sql`select pg_advisory_unlock(hashtext(${name}))`);
  }
}
