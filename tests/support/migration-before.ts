/**
 * A database at the schema before one migration, for the tests that show the migration keeps what
 * was stored: drizzle/ cut to the migrations before it, and rows copied in from a current database.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect } from "vitest";

import { migrationsFolder } from "@/lib/server/db/migrations-folder";
import { openDatabase, type Database, type OpenedDatabase } from "@/lib/server/db/open";
import { openPglite } from "@/lib/server/db/pglite";
import { openPostgres } from "@/lib/server/db/postgres";
import { unmigratedDataDir } from "@/tests/support/data-directory";
import { createPostgresDatabase, openTestDatabase, type DATABASE_KINDS } from "@/tests/support/databases";

/** drizzle/ as it was before the migration: its SQL files and a journal that ends before it. */
export function foldersBefore(migration: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "daybook-migrations-"));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const upTo = journal.entries.findIndex((entry) => entry.tag === migration);
  expect(upTo).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, upTo);
  fs.mkdirSync(path.join(folder, "meta"));
  fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries)
    fs.copyFileSync(path.join(migrationsFolder(), `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return folder;
}

/** A database of `kind` at the schema before the migration, reopened later at the current one. */
export async function olderDatabase(kind: (typeof DATABASE_KINDS)[number], folder: string) {
  if (kind === "pglite") {
    // initdb's files, then the migrations before the one tested, as an older Daybook left them.
    const dataDir = unmigratedDataDir("daybook-test-");
    return {
      openBefore: () => openPglite(dataDir, folder),
      openNow: () => openDatabase({ dataDir }),
      remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const created = await createPostgresDatabase();
  return {
    openBefore: () => openPostgres(created.url, folder, 60_000),
    openNow: () => openDatabase({ databaseUrl: created.url, dataDir: ":memory:" }),
    remove: created.drop,
  };
}

/** Copies the history's rows; the older tables take the columns they have and ignore the rest. */
export async function copyHistory(from: Database, to: Database, tables: readonly string[]) {
  for (const table of tables) {
    const { rows } = await from.execute<{ rows: unknown }>(
      sql`select coalesce(json_agg(t), '[]') as rows from ${sql.identifier(table)} t`,
    );
    await to.execute(
      sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows[0]!.rows)}::json)`,
    );
  }
}

/**
 * Runs `test` with a current database of `kind` (to store history on) and one at the schema
 * before `migration` (`openBefore`, then `openNow` to migrate it), and removes both after.
 */
export async function acrossMigration(
  kind: (typeof DATABASE_KINDS)[number],
  migration: string,
  test: (databases: { current: OpenedDatabase; older: Awaited<ReturnType<typeof olderDatabase>> }) => Promise<void>,
): Promise<void> {
  const folder = foldersBefore(migration);
  const current = await openTestDatabase(kind);
  const older = await olderDatabase(kind, folder);
  try {
    await test({ current, older });
  } finally {
    await current.close();
    await older.remove();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
