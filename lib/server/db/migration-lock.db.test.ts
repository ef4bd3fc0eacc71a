/**
 * Instances started together on one PostgreSQL database: migrations run under an advisory lock, and
 * an instance waits for another's only so long, then refuses to start with a message saying why.
 */
import pg from "pg";
import { describe, expect, it } from "vitest";

import { createPostgresDatabase } from "@/tests/support/databases";

import { IN_MEMORY, MigrationWaitError, openDatabase } from "./open";

describe("migrations across instances", () => {
  it("waits for the instance holding the lock, up to its limit, then says so; once free, it migrates", async () => {
    const database = await createPostgresDatabase();
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query("select pg_advisory_lock(hashtext('daybook migrations'))");
      const refused = await openDatabase({ databaseUrl: database.url, dataDir: IN_MEMORY, migrationWaitMs: 700 }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(MigrationWaitError);
      expect((refused as Error).message).toMatch(
        /another instance has been applying .* DAYBOOK_MIGRATION_WAIT_SECONDS/,
      );

      // The other instance finishes while this one waits: it then migrates and opens.
      const opening = openDatabase({ databaseUrl: database.url, dataDir: IN_MEMORY, migrationWaitMs: 30_000 });
      await other.query("select pg_advisory_unlock(hashtext('daybook migrations'))");
      const opened = await opening;
      const { rows } = await other.query<{ count: string }>("select count(*) from drizzle.__drizzle_migrations");
      expect(Number(rows[0]!.count)).toBeGreaterThan(0);
      await opened.close();
    } finally {
      await other.end();
      await database.drop();
    }
  });
});
