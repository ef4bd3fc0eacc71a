import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, inject } from "vitest";

import { IN_MEMORY, openDatabase, type Database, type DatabaseKind, type OpenedDatabase } from "@/lib/server/db/open";
import { startMemoryDatabasesFrom } from "@/lib/server/db/pglite";
import { migratedDataDir } from "@/tests/support/data-directory";

// In-memory databases start from the run's migrated files (tests/support/pglite-template-global-setup.ts),
// read only when a test file first opens one. Here, not in a setup file: only the files that open a
// database pay for loading PGlite.
startMemoryDatabasesFrom(async () => new Blob([await fs.promises.readFile(inject("pgliteTemplate"))]));

export const DATABASE_KINDS: readonly DatabaseKind[] = ["pglite", "postgres"];

async function onCluster<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: inject("postgresUrl") });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** An empty database of its own on the test cluster (no migrations run yet), and a way to drop it. */
export function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  return createDatabase("");
}

/**
 * A database of its own on the test cluster with every migration applied: a copy of the run's
 * migrated template (tests/support/postgres-global-setup.ts). Opening it finds nothing to migrate.
 */
function createMigratedPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  return createDatabase(` template ${inject("postgresMigratedTemplate")}`);
}

async function createDatabase(options: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString("hex")}`;
  await onCluster((admin) => admin.query(`create database ${name}${options}`));
  const url = new URL(inject("postgresUrl"));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onCluster((admin) => admin.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

/**
 * A fresh, migrated database of the given kind: PGlite in memory, or a new database on the test
 * cluster (both start from the run's migrated files).
 */
export async function openTestDatabase(kind: DatabaseKind): Promise<OpenedDatabase> {
  if (kind === "pglite") return openDatabase({ dataDir: IN_MEMORY });
  const created = await createMigratedPostgresDatabase();
  try {
    const opened = await openDatabase({ databaseUrl: created.url, dataDir: IN_MEMORY });
    return {
      ...opened,
      close: async () => {
        try {
          await opened.close();
        } finally {
          await created.drop();
        }
      },
    };
  } catch (error) {
    await created.drop();
    throw error;
  }
}

/**
 * A database that outlives its connection, to close and open again: a PGlite data directory on disk
 * (holding the run's migrated database, tests/support/data-directory.ts), or a database of its own on
 * the test cluster. `remove` throws it away.
 */
export async function persistentDatabase(
  kind: DatabaseKind,
): Promise<{ open(): Promise<OpenedDatabase>; remove(): Promise<void> }> {
  if (kind === "pglite") {
    const dataDir = migratedDataDir("daybook-test-");
    return {
      open: () => openDatabase({ dataDir }),
      remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const created = await createMigratedPostgresDatabase();
  return { open: () => openDatabase({ databaseUrl: created.url, dataDir: IN_MEMORY }), remove: created.drop };
}

/**
 * Runs the same suite on PGlite and on PostgreSQL, each on a database of its own, opened and migrated
 * before the suite's first test and thrown away after its last. Tests within a suite share it.
 *
 *   describeEachDatabase("users", (db) => {
 *     it("finds a user by e-mail", async () => {
 *       await db().insert(users).values({ ... });
 *       expect(await findUserByEmail(db(), "a@example.com")).toMatchObject({ ... });
 *     });
 *   });
 */
export function describeEachDatabase(name: string, suite: (db: () => Database, kind: DatabaseKind) => void) {
  for (const kind of DATABASE_KINDS) {
    describe(`${name} (${kind})`, () => {
      let opened: OpenedDatabase | undefined;
      beforeAll(async () => {
        opened = await openTestDatabase(kind);
      });
      afterAll(async () => {
        await opened?.close();
      });
      suite(() => {
        if (!opened) throw new Error("the test database opens in beforeAll: call db() inside tests and hooks");
        return opened.db;
      }, kind);
    });
  }
}

/**
 * Two Daybook instances on one PostgreSQL database (two pools, as two processes would have), open
 * for the enclosing describe block: `instances().first.db`, `instances().second.db`.
 */
export function twoInstancesOnPostgres(): () => { first: OpenedDatabase; second: OpenedDatabase } {
  let drop: (() => Promise<void>) | undefined;
  let opened: { first: OpenedDatabase; second: OpenedDatabase } | undefined;
  beforeAll(async () => {
    const created = await createMigratedPostgresDatabase();
    drop = created.drop;
    const first = await openDatabase({ databaseUrl: created.url, dataDir: IN_MEMORY });
    const second = await openDatabase({ databaseUrl: created.url, dataDir: IN_MEMORY });
    opened = { first, second };
  });
  afterAll(async () => {
    await opened?.first.close();
    await opened?.second.close();
    await drop?.();
  });
  return () => {
    if (!opened) throw new Error("the two instances are open only inside the describe block's tests");
    return opened;
  };
}
