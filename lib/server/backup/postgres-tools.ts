/**
 * PostgreSQL's own client programs (pg_dump, pg_restore) as Daybook's backup commands run them:
 * found on the machine, checked against the server's version, and given the connection by
 * environment variables, never on the command line, where every user of the machine can read it
 * (`ps`). What they print is passed on only as their error lines: a failed COPY also prints the row
 * it stopped at, which may be a guest's.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse as parseConnectionString } from "pg-connection-string";
import which from "which";

/** Where Debian and Ubuntu keep each installed major version's programs (postgresql-client-N). */
export const DEBIAN_POSTGRES_LIB = "/usr/lib/postgresql";

export class PostgresToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PostgresToolError";
  }
}

export interface PostgresTools {
  pgDump: string;
  pgRestore: string;
  /** The programs' major version (15 for "pg_dump (PostgreSQL) 15.14"). */
  major: number;
}

/** A child program's whole environment: only what it is given. */
export type ToolEnvironment = Record<string, string>;

export interface ToolResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs one program to its end with exactly the environment given (nothing of Daybook's own). */
export function runTool(file: string, args: readonly string[], env: ToolEnvironment): Promise<ToolResult> {
  return new Promise((resolve) => {
    // Next's types make NODE_ENV required on every environment; a child program needs none of Node's.
    execFile(
      file,
      [...args],
      { env: env as NodeJS.ProcessEnv, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout: String(stdout), stderr: error && !stderr ? error.message : String(stderr) });
      },
    );
  });
}

/** "pg_dump (PostgreSQL) 15.14 (Debian 15.14-0+deb12u1)" → 15; 9.6 and older are not PostgreSQL Daybook runs on. */
export function parseToolMajor(versionOutput: string): number | null {
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(versionOutput);
  return match ? Number(match[1]) : null;
}

async function majorOf(file: string): Promise<number | null> {
  const result = await runTool(file, ["--version"], { LC_ALL: "C" });
  return result.code === 0 ? parseToolMajor(result.stdout) : null;
}

/** pg_dump on PATH first (what the operator installed), then Debian's per-version folders, newest first. */
async function candidates(): Promise<string[]> {
  const found: string[] = [];
  const onPath = await which("pg_dump", { nothrow: true });
  if (onPath) found.push(onPath);
  let versions: string[] = [];
  try {
    versions = fs.readdirSync(DEBIAN_POSTGRES_LIB).filter((name) => /^\d+$/.test(name));
  } catch {
    // Not Debian's layout, or no PostgreSQL programs there.
  }
  for (const version of versions.sort((a, b) => Number(b) - Number(a))) {
    const file = path.join(DEBIAN_POSTGRES_LIB, version, "bin", "pg_dump");
    if (fs.existsSync(file)) found.push(file);
  }
  return [...new Set(found)];
}

/**
 * pg_dump and the pg_restore beside it, of a major version at least the server's: pg_dump refuses a
 * newer server, and a pg_restore older than the pg_dump that wrote an archive cannot read it.
 */
export async function findPostgresTools(serverMajor: number): Promise<PostgresTools> {
  const seen: string[] = [];
  for (const pgDump of await candidates()) {
    const major = await majorOf(pgDump);
    if (major === null) continue;
    seen.push(`${pgDump} (${major})`);
    // PATH's pg_dump may be Debian's wrapper, with the real programs beside it or under /usr/lib/postgresql.
    const pgRestore = path.join(path.dirname(pgDump), "pg_restore");
    if (major >= serverMajor && fs.existsSync(pgRestore)) return { pgDump, pgRestore, major };
  }
  const install = `install PostgreSQL ${serverMajor}'s client programs (Debian: apt-get install postgresql-client-${serverMajor})`;
  if (seen.length === 0) {
    throw new PostgresToolError(`pg_dump was not found on PATH or under ${DEBIAN_POSTGRES_LIB}: ${install}`);
  }
  throw new PostgresToolError(
    `the PostgreSQL server is version ${serverMajor}, and the only pg_dump found is older: ${seen.join(", ")}; ${install}`,
  );
}

const URL_PARAMETERS: Record<string, string> = {
  sslmode: "PGSSLMODE",
  sslrootcert: "PGSSLROOTCERT",
  sslcert: "PGSSLCERT",
  sslkey: "PGSSLKEY",
  application_name: "PGAPPNAME",
  connect_timeout: "PGCONNECT_TIMEOUT",
  options: "PGOPTIONS",
  target_session_attrs: "PGTARGETSESSIONATTRS",
};

/**
 * The connection DATABASE_URL describes, as libpq's environment variables (PGHOST, PGPASSWORD, …)
 * for a child program: the URL itself, password included, would be visible in the process list as
 * a `--dbname` argument. Parsed by node-postgres' own parser, so the programs connect exactly where
 * Daybook's pool does. HOME stays, for a ~/.pgpass or client certificates there.
 */
export function libpqEnvironment(databaseUrl: string, applicationName: string): ToolEnvironment {
  let parsed: Record<string, unknown>;
  try {
    parsed = parseConnectionString(databaseUrl) as Record<string, unknown>;
  } catch (error) {
    // The parser reads the certificate files the URL names, as the server's pool does.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new PostgresToolError(
        "a certificate file DATABASE_URL names (sslrootcert, sslcert or sslkey) does not exist",
      );
    }
    throw new PostgresToolError("DATABASE_URL could not be read as a connection URL");
  }
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  const env: Record<string, string | undefined> = {
    HOME: os.homedir(),
    LC_ALL: "C",
    PGAPPNAME: applicationName,
    PGHOST: text(parsed.host),
    PGPORT: text(parsed.port),
    PGUSER: text(parsed.user),
    PGPASSWORD: text(parsed.password),
    PGDATABASE: text(parsed.database),
  };
  for (const [parameter, variable] of Object.entries(URL_PARAMETERS)) {
    const value = text(parsed[parameter]);
    if (value !== undefined) env[variable] = value;
  }
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/**
 * A program's own error lines ("pg_dump: error: …", "pg_restore: error: …") and nothing else: the
 * "Command was:" and context lines that follow a failed statement can quote the rows it carried.
 */
export function toolErrorLines(stderr: string): string[] {
  return stderr
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => /^(pg_dump|pg_restore):\s+(error|detail|hint):/.test(line))
    .filter((line) => !/\bCOPY\b.*\bline\b/i.test(line))
    .slice(0, 5);
}

/** The first bytes of a custom-format archive (pg_dump --format=custom). */
export function isCustomArchive(head: Buffer): boolean {
  return head.subarray(0, 5).toString("latin1") === "PGDMP";
}

/** The first bytes of a gzip file: PGlite's dump is a .tar.gz. */
export function isGzip(head: Buffer): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

export function readHead(file: string): Buffer {
  const handle = fs.openSync(file, "r");
  try {
    const head = Buffer.alloc(8);
    const read = fs.readSync(handle, head, 0, head.length, 0);
    return head.subarray(0, read);
  } finally {
    fs.closeSync(handle);
  }
}
