/**
 * Readiness as a balancer sees it, on a real PostgreSQL database: 503 "starting" until start-up is
 * done, 200 once serving, "migrations" when the database lacks one this build knows, "database" when
 * the database is gone, "draining" once the process stops; the database's answer kept 5 s.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createPostgresDatabase } from "@/tests/support/databases";

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let health: typeof import("./readiness");
let lifecycle: typeof import("@/lib/server/lifecycle");
let dbModule: typeof import("@/lib/server/db");

beforeAll(async () => {
  database = await createPostgresDatabase();
  Object.assign(process.env, { DATABASE_URL: database.url, DAYBOOK_SYNC: "off", DAYBOOK_MAIL: "off" });
  health = await import("./readiness");
  lifecycle = await import("@/lib/server/lifecycle");
  dbModule = await import("@/lib/server/db");
  await dbModule.getDb();
});

afterAll(async () => {
  await dbModule.closeDb();
  await database.drop();
});

const newestRow = async () => {
  const db = await dbModule.getDb();
  const { rows } = await db.execute<{ id: number; hash: string; created_at: string }>(
    sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  return rows[0]!;
};

describe("readiness", () => {
  it("is 503 starting until start-up is done, then 200", async () => {
    expect(await health.readiness(0)).toEqual({ ready: false, reason: "starting" });
    lifecycle.markServing();
    expect(await health.readiness(0)).toEqual({ ready: true });
  });

  it("says migrations when the database lacks the newest one this build knows, once the 5 s answer is stale", async () => {
    const db = await dbModule.getDb();
    const newest = await newestRow();
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
    try {
      // The answer of a moment ago still stands: a busy prober does not reach the database.
      expect(await health.readiness(1_000)).toEqual({ ready: true });
      expect(await health.readiness(5_000)).toEqual({ ready: false, reason: "migrations" });
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${newest.created_at})`,
      );
    }
    expect(await health.readiness(10_000)).toEqual({ ready: true });
  });

  it("says database when the database no longer answers", async () => {
    await database.drop();
    expect(await health.readiness(20_000)).toEqual({ ready: false, reason: "database" });
  });

  it("says draining once the process stops, whatever the database", async () => {
    lifecycle.startDrain();
    expect(await health.readiness(30_000)).toEqual({ ready: false, reason: "draining" });
  });
});
