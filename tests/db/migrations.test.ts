import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { expect, it } from "vitest";

import { migrationsFolder } from "@/lib/server/db/migrations-folder";
import * as schema from "@/lib/server/db/schema";
import { describeEachDatabase } from "@/tests/support/databases";

const tables = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableConfig(table));

const journal: { entries: { tag: string; when: number }[] } = JSON.parse(
  fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8"),
);

describeEachDatabase("migrations", (db) => {
  // A schema.ts change without `npm run db:generate` fails here rather than in production.
  it("create every table, column and index that schema.ts declares", async () => {
    const { rows: columns } = await db().execute<{ table_name: string; column_name: string }>(
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public'`,
    );
    const { rows: indexes } = await db().execute<{ tablename: string; indexname: string }>(
      sql`select tablename, indexname from pg_indexes where schemaname = 'public'`,
    );
    for (const table of tables) {
      const actualColumns = columns.filter((c) => c.table_name === table.name).map((c) => c.column_name);
      expect(actualColumns.sort(), table.name).toEqual(table.columns.map((c) => c.name).sort());
      const actualIndexes = indexes.filter((i) => i.tablename === table.name).map((i) => i.indexname);
      expect(actualIndexes, table.name).toEqual(expect.arrayContaining(table.indexes.map((i) => i.config.name)));
    }
    expect(new Set(columns.map((c) => c.table_name))).toEqual(new Set(tables.map((t) => t.name)));
  });

  it("record each migration of the journal exactly once", async () => {
    const { rows } = await db().execute<{ hash: string; created_at: string }>(
      sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at`,
    );
    const expected = journal.entries.map((entry) => ({
      hash: createHash("sha256")
        .update(fs.readFileSync(path.join(migrationsFolder(), `${entry.tag}.sql`)))
        .digest("hex"),
      created_at: String(entry.when),
    }));
    expect(rows.map((row) => ({ hash: row.hash, created_at: String(row.created_at) }))).toEqual(expected);
  });
});
