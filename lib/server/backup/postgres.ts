/**
 * Backups of a PostgreSQL database: `pg_dump --format=custom`, read back with `pg_restore --list`
 * before it is kept, and restored with `pg_restore` into a new, empty database only. Restoring over
 * a database that holds Daybook's tables would mix two histories (or, with --clean, drop a live
 * database under running instances), so that is refused: create a new database and point
 * DATABASE_URL at it.
 */
import fs from "node:fs";
import pg from "pg";

import { countDaybook, holdsDaybook, type DaybookCounts, type RunQuery } from "./counts";
import {
  findPostgresTools,
  isCustomArchive,
  isGzip,
  libpqEnvironment,
  PostgresToolError,
  readHead,
  runTool,
  toolErrorLines,
  type PostgresTools,
} from "./postgres-tools";

async function withClient<T>(databaseUrl: string, work: (query: RunQuery, serverMajor: number) => Promise<T>) {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  // A dropped connection also fails the query in progress, which is what reports it.
  client.on("error", () => {});
  await client.connect();
  try {
    const query: RunQuery = (text) => client.query(text);
    const { rows } = await client.query<{ version: number }>(
      "select current_setting('server_version_num')::int as version",
    );
    return await work(query, Math.floor(Number(rows[0]?.version) / 10_000));
  } finally {
    await client.end();
  }
}

function failed(what: string, stderr: string): PostgresToolError {
  const lines = toolErrorLines(stderr);
  return new PostgresToolError(lines.length > 0 ? `${what}:\n  ${lines.join("\n  ")}` : what);
}

/** Lists an archive's contents: a file pg_restore reads whole, with Daybook's accounts table in it. */
export async function checkArchive(tools: PostgresTools, file: string): Promise<{ tableData: number }> {
  const listed = await runTool(tools.pgRestore, ["--list", file], { LC_ALL: "C" });
  if (listed.code !== 0) throw failed(`pg_restore --list could not read ${file}`, listed.stderr);
  const entries = listed.stdout.split("\n").filter((line) => / TABLE DATA /.test(line));
  if (!entries.some((line) => / TABLE DATA public users /.test(line))) {
    throw new PostgresToolError(`${file} is a PostgreSQL archive, but not of a Daybook database (no users table)`);
  }
  return { tableData: entries.length };
}

/** Dumps DATABASE_URL's database into `file` (which must not exist yet; written under `partial`, then renamed). */
export async function dumpPostgres(
  databaseUrl: string,
  file: string,
  partial: string,
): Promise<{ counts: DaybookCounts; tools: PostgresTools; tableData: number }> {
  const { counts, tools } = await withClient(databaseUrl, async (query, serverMajor) => {
    if (!(await holdsDaybook(query))) {
      throw new PostgresToolError("the database DATABASE_URL names holds no Daybook tables: nothing to back up");
    }
    return { counts: await countDaybook(query), tools: await findPostgresTools(serverMajor) };
  });
  // Created empty, readable by its owner only, before pg_dump writes guests' personal data into it.
  fs.writeFileSync(partial, "", { mode: 0o600, flag: "wx" });
  try {
    const env = libpqEnvironment(databaseUrl, "daybook-backup");
    // --no-password: a missing password fails at once rather than waiting for one on a terminal (cron has none).
    const dumped = await runTool(tools.pgDump, ["--format=custom", "--no-password", `--file=${partial}`], env);
    if (dumped.code !== 0) throw failed("pg_dump failed", dumped.stderr);
    fs.chmodSync(partial, 0o600);
    const { tableData } = await checkArchive(tools, partial);
    fs.renameSync(partial, file);
    return { counts, tools, tableData };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

/** What a backup file is, by its first bytes, to refuse the wrong kind with what to do instead. */
export function backupKind(file: string): "postgres" | "embedded" | "unknown" {
  const head = readHead(file);
  if (isCustomArchive(head)) return "postgres";
  if (isGzip(head)) return "embedded";
  return "unknown";
}

/** Restores `file` into DATABASE_URL's database, which must hold none of Daybook's tables. */
export async function restorePostgres(databaseUrl: string, file: string): Promise<DaybookCounts> {
  const env = libpqEnvironment(databaseUrl, "daybook-restore");
  const database = env.PGDATABASE ?? env.PGUSER;
  if (!database) throw new PostgresToolError("DATABASE_URL must name the database to restore into");
  const tools = await withClient(databaseUrl, async (query, serverMajor) => {
    if (await holdsDaybook(query)) {
      throw new PostgresToolError(
        `the database "${database}" already holds Daybook's tables, and a restore never writes over a database: ` +
          `create a new, empty one (createdb ${database}_restored), point DATABASE_URL at it and run the restore again`,
      );
    }
    return findPostgresTools(serverMajor);
  });
  await checkArchive(tools, file);
  // One transaction: a restore that fails leaves the database as empty as it was, to try again.
  const restored = await runTool(
    tools.pgRestore,
    [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      "--no-password",
      `--dbname=${database}`,
      file,
    ],
    env,
  );
  if (restored.code !== 0) throw failed("pg_restore failed; the database was left as it was", restored.stderr);
  return withClient(databaseUrl, (query) => countDaybook(query));
}
