import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";

import { migrationsFolder } from "@/lib/server/db/migrations-folder";
import {
  claimDatabaseMode,
  DatabaseModeError,
  NotADemoDatabaseError,
  purgeDemoData,
  readDatabaseMode,
} from "@/lib/server/db/mode";
import {
  apiKeys,
  caughtMail,
  itemReviews,
  knownProperties,
  listSignOffs,
  mailDeliveries,
  storedItems,
  storedReports,
  syncRuns,
  users,
  userSessions,
} from "@/lib/server/db/schema";
import { addUser } from "@/tests/support/access-fixtures";
import { createPostgresDatabase, describeEachDatabase } from "@/tests/support/databases";

const DEMO_EMAILS = ["admin@daybook.demo", "viewer@daybook.demo"];

describeEachDatabase("database mode", (db) => {
  it("a new database is claimed by its first start, and the same mode starts again", async () => {
    expect(await readDatabaseMode(db())).toBeUndefined();
    await claimDatabaseMode(db(), "demo");
    await claimDatabaseMode(db(), "demo");
    expect(await readDatabaseMode(db())).toBe("demo");
  });

  it("a live start on a demo database is refused with what to do instead", async () => {
    const error = await claimDatabaseMode(db(), "live").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseModeError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Daybook cannot start live: this database was set up by the demo/);
    expect(message).toContain("Start on a fresh database instead");
    expect(message).toContain("npm run user -- purge-demo");
    expect(await readDatabaseMode(db())).toBe("demo");
  });

  it("purge-demo removes the demo's accounts, sessions and invented days, keeps other accounts and marks it live", async () => {
    const demoUsers = await Promise.all(DEMO_EMAILS.map((email) => addUser(db(), email, { role: "admin" })));
    const kept = await addUser(db(), "ops@example.com", { role: "admin" });
    await db()
      .insert(userSessions)
      .values([{ userId: demoUsers[0]!.id }, { userId: kept.id }]);
    const [run] = await db().insert(syncRuns).values({ trigger: "demo" }).returning();
    const [report] = await db()
      .insert(storedReports)
      .values({ endpoint: "guests", reportedDate: "2026-11-01", pulledAt: new Date(), runId: run!.id, report: {} })
      .returning();
    await db()
      .insert(storedItems)
      .values({
        reportId: report!.id,
        position: 0,
        propertyName: "Harbour View Hotel",
        checkInDateLocal: "2026-11-01",
        checkInAtUtc: "2026-11-01T15:00:00Z",
        item: { name: "Invented Guest" },
      });
    await db().insert(knownProperties).values({ propertyName: "Harbour View Hotel" });
    await db().insert(itemReviews).values({
      itemKey: "k",
      propertyName: "Harbour View Hotel",
      listDate: "2026-11-01",
      checkInAtUtc: "2026-11-01T15:00:00Z",
      reviewedBy: demoUsers[0]!.id,
      reviewerEmail: DEMO_EMAILS[0]!,
      reviewerName: "Ada",
    });
    await db().insert(listSignOffs).values({
      propertyName: "Harbour View Hotel",
      listDate: "2026-11-01",
      signerEmail: DEMO_EMAILS[0]!,
      signerName: "Ada",
      itemCount: 1,
    });
    await db().insert(apiKeys).values({ encrypted: "x", last4: "0000" });
    await db()
      .insert(mailDeliveries)
      .values({
        kind: "digest",
        dedupeKey: "digest:kept:2026-11-01",
        userId: kept.id,
        day: "2026-11-01",
        recipient: "ops@example.com",
        subject: "Daybook: Sunday, November 1, 2026",
        message: { text: "counts" },
      });
    await db()
      .insert(caughtMail)
      .values({ fromAddress: "daybook@localhost", toAddress: "ops@example.com", subject: "s", text: "t", headers: {} });

    expect(await purgeDemoData(db())).toEqual({
      accounts: DEMO_EMAILS,
      storedReports: 1,
      syncRuns: 1,
      reviews: 1,
      signOffs: 1,
      apiKeys: 1,
    });
    expect(await db().select({ email: users.email }).from(users)).toEqual([{ email: "ops@example.com" }]);
    expect(await db().select({ userId: userSessions.userId }).from(userSessions)).toEqual([{ userId: kept.id }]);
    for (const table of [
      storedReports,
      storedItems,
      syncRuns,
      knownProperties,
      itemReviews,
      listSignOffs,
      apiKeys,
      mailDeliveries,
      caughtMail,
    ]) {
      expect(await db().select().from(table)).toEqual([]);
    }
    expect(await readDatabaseMode(db())).toBe("live");
    await claimDatabaseMode(db(), "live");
  });

  it("the demo on a live database is refused, and purge-demo refuses a database that is not the demo's", async () => {
    const error = await claimDatabaseMode(db(), "demo").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseModeError);
    expect((error as Error).message).toMatch(
      /^Daybook cannot start the demo on this database: it holds a live deployment's data\.\n {2}Run the demo on a data directory of its own/,
    );
    await expect(purgeDemoData(db())).rejects.toBeInstanceOf(NotADemoDatabaseError);
    expect(await db().select({ email: users.email }).from(users)).toEqual([{ email: "ops@example.com" }]);
  });
});

/**
 * drizzle/ up to (not including) the migration that added the mode: a database as the previous
 * version left it. The migration is found by its name, since its number changes as others land.
 */
function foldersAroundModeMigration(): { before: string; remove(): void } {
  const source = migrationsFolder();
  const journal = JSON.parse(fs.readFileSync(path.join(source, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const index = journal.entries.findIndex((entry) => entry.tag.endsWith("_storage-hardening"));
  expect(index).toBeGreaterThan(0);
  const before = fs.mkdtempSync(path.join(os.tmpdir(), "daybook-migrations-"));
  fs.mkdirSync(path.join(before, "meta"));
  const kept = journal.entries.slice(0, index);
  for (const entry of kept)
    fs.copyFileSync(path.join(source, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
  fs.writeFileSync(path.join(before, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: kept }));
  return { before, remove: () => fs.rmSync(before, { recursive: true, force: true }) };
}

describe("database mode of a database from before the mode was recorded", () => {
  const folders = foldersAroundModeMigration();
  afterAll(() => folders.remove());

  const insertUser = (email: string) =>
    `insert into users (email, name, password_hash, role) values ('${email}', 'x', 'x', 'admin')`;

  it("on PGlite: a database with the demo's accounts is recorded as the demo's, another is left to its next start", async () => {
    for (const [email, expected] of [
      ["admin@daybook.demo", "demo"],
      ["ops@example.com", undefined],
    ] as const) {
      const client = await PGlite.create();
      try {
        const db = drizzlePglite({ client });
        await migratePglite(db, { migrationsFolder: folders.before });
        await client.exec(insertUser(email));
        await migratePglite(db, { migrationsFolder: migrationsFolder() });
        const { rows } = await client.query<{ mode: string }>("select mode from database_mode");
        expect(rows[0]?.mode).toBe(expected);
      } finally {
        await client.close();
      }
    }
  });

  it("on PostgreSQL: the same", async () => {
    for (const [email, expected] of [
      ["admin@daybook.demo", "demo"],
      ["ops@example.com", undefined],
    ] as const) {
      const created = await createPostgresDatabase();
      const client = new pg.Client({ connectionString: created.url });
      await client.connect();
      try {
        const db = drizzlePostgres({ client });
        await migratePostgres(db, { migrationsFolder: folders.before });
        await client.query(insertUser(email));
        await migratePostgres(db, { migrationsFolder: migrationsFolder() });
        const { rows } = await client.query<{ mode: string }>("select mode from database_mode");
        expect(rows[0]?.mode).toBe(expected);
      } finally {
        await client.end();
        await created.drop();
      }
    }
  });
});
