import { count, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

import { IN_MEMORY, openDatabase, type Database, type OpenedDatabase } from "@/lib/server/db/open";
import { users } from "@/lib/server/db/schema";
import { createPostgresDatabase } from "@/tests/support/databases";
import { migrationCount } from "@/tests/support/migration-count";

const migrationsApplied = async (db: Database) =>
  (await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows[0]?.n;

describe("PostgreSQL", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function freshDatabase() {
    const created = await createPostgresDatabase();
    cleanups.push(created.drop);
    return created.url;
  }

  it("keeps data across a restart, and reopening migrates nothing twice", async () => {
    const databaseUrl = await freshDatabase();
    const first = await openDatabase({ databaseUrl, dataDir: IN_MEMORY });
    expect(first.kind).toBe("postgres");
    await first.db.insert(users).values({ email: "kept@example.com", name: "Kept", passwordHash: "x", role: "admin" });
    await first.close();

    const second = await openDatabase({ databaseUrl, dataDir: IN_MEMORY });
    cleanups.push(second.close);
    const [kept] = await second.db.select().from(users).where(eq(users.email, "kept@example.com"));
    expect(kept).toMatchObject({ name: "Kept", role: "admin" });
    expect(await migrationsApplied(second.db)).toBe(migrationCount());
  });

  it("two instances starting together both open, and the migration is applied once", async () => {
    const databaseUrl = await freshDatabase();
    const results = await Promise.allSettled([1, 2].map(() => openDatabase({ databaseUrl, dataDir: IN_MEMORY })));
    for (const result of results) if (result.status === "fulfilled") cleanups.push(result.value.close);

    expect(results.map((result) => (result.status === "rejected" ? String(result.reason) : "opened"))).toEqual([
      "opened",
      "opened",
    ]);
    for (const { db } of results.map((result) => (result as PromiseFulfilledResult<OpenedDatabase>).value)) {
      expect(await migrationsApplied(db)).toBe(migrationCount());
      expect(await db.select({ n: count() }).from(users)).toEqual([{ n: 0 }]);
    }
  });

  it("reports a server it cannot reach", async () => {
    await expect(
      openDatabase({ databaseUrl: "postgresql://postgres@127.0.0.1:1/none", dataDir: IN_MEMORY }),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});
