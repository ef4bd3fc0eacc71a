/**
 * Daybook's database as `npm run doctor` looks at it: reached, its version read, and the migrations
 * it has, without migrating anything (opening it as the server does would apply them, and the
 * check would always pass). The embedded database is looked at only when no other process has it
 * open: a running Daybook holds it, and the check says so rather than waiting.
 */
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";

import type { RunQuery } from "@/lib/server/backup/counts";
import { queryOn } from "@/lib/server/backup/embedded";
import { embeddedDirectory, holdsEmbeddedDatabase, PGLITE_OPTIONS } from "@/lib/server/db/pglite";
import { DatabaseInUseError, lockDataDirectory } from "@/lib/server/db/pglite-lock";
import * as schema from "@/lib/server/db/schema";
import type { Database } from "@/lib/server/db/types";

export type DatabaseProbe =
  | {
      state: "open";
      kind: "postgres" | "pglite";
      /** `select version()`, up to the platform ("PostgreSQL 15.14 (Debian 15.14-0+deb12u1)"). */
      version: string;
      /** created_at of each applied migration. */
      appliedAt: number[];
      db: Database;
      close(): Promise<void>;
    }
  | { state: "unreachable"; reason: string }
  | { state: "in-use"; message: string }
  | { state: "not-created"; directory: string };

const MIGRATIONS =
  "select created_at::text as created_at from drizzle.__drizzle_migrations where to_regclass('drizzle.__drizzle_migrations') is not null";

function shortVersion(full: string): string {
  return full.replace(/\s+on\s+\S+.*$/, "").replace(/,\s*compiled by.*$/, "");
}

async function readState(query: RunQuery): Promise<{ version: string; appliedAt: number[] }> {
  const [{ rows: versionRows }, exists] = await Promise.all([
    query("select version() as version"),
    query("select to_regclass('drizzle.__drizzle_migrations') is not null as found"),
  ]);
  const appliedAt =
    exists.rows[0]?.found === true ? (await query(MIGRATIONS)).rows.map((row) => Number(row.created_at)) : [];
  return { version: shortVersion(String(versionRows[0]?.version ?? "unknown")), appliedAt };
}

/** A failed connection's code, in words (shared with the backup commands). */
export const CONNECTION_REASONS: Record<string, string> = {
  ECONNREFUSED: "nothing answers at its address (is PostgreSQL running?)",
  ENOTFOUND: "its host name does not resolve",
  ETIMEDOUT: "it did not answer in time",
  EHOSTUNREACH: "its host cannot be reached",
  "28P01": "it refused the password",
  "28000": "it refused the connection for this user",
  "3D000": "the database named in DATABASE_URL does not exist",
};

/** Why a connection failed, in words: never the driver's message, which may carry the URL's parts. */
export function describeConnectionFailure(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string") return CONNECTION_REASONS[code] ?? `it failed with ${code}`;
  if (error instanceof Error && /timeout/i.test(error.message)) return "it did not answer within 5 s";
  return `it failed (${error instanceof Error ? error.name : "unknown error"})`;
}

async function probePostgres(databaseUrl: string): Promise<DatabaseProbe> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000, query_timeout: 5_000 });
  // A dropped connection also fails the query in progress, which is what reports it.
  client.on("error", () => {});
  try {
    await client.connect();
    const state = await readState((text) => client.query(text));
    const db: Database = drizzlePostgres({ client, schema });
    return { state: "open", kind: "postgres", ...state, db, close: () => client.end() };
  } catch (error) {
    await client.end().catch(() => undefined);
    return { state: "unreachable", reason: describeConnectionFailure(error) };
  }
}

async function probePglite(dataDir: string): Promise<DatabaseProbe> {
  const { directory, lockFile } = embeddedDirectory(dataDir);
  if (!holdsEmbeddedDatabase(directory)) return { state: "not-created", directory };
  let release: () => void;
  try {
    release = lockDataDirectory(directory, lockFile);
  } catch (error) {
    if (error instanceof DatabaseInUseError) return { state: "in-use", message: error.message };
    return { state: "unreachable", reason: describeConnectionFailure(error) };
  }
  try {
    const client = await PGlite.create(directory, PGLITE_OPTIONS);
    try {
      const state = await readState(queryOn(client));
      const db: Database = drizzlePglite({ client, schema });
      const close = async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      };
      return {
        state: "open",
        kind: "pglite",
        ...state,
        version: state.version.includes("PGlite") ? state.version : `${state.version} (embedded PGlite)`,
        db,
        close,
      };
    } catch (error) {
      await client.close();
      throw error;
    }
  } catch (error) {
    release();
    return {
      state: "unreachable",
      reason: `the embedded database in ${directory} could not be opened (${describeConnectionFailure(error)})`,
    };
  }
}

export function probeDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<DatabaseProbe> {
  return config.databaseUrl ? probePostgres(config.databaseUrl) : probePglite(config.dataDir);
}
