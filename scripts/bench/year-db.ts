/**
 * The database of the `year.` rows: a PostgreSQL cluster of its own (Debian's PostgreSQL 15) or an
 * embedded PGlite data directory, either in a folder the developer keeps (`--year-reuse DIR`, so a
 * seeded year is used again) or in a throwaway one. The seeded database is never changed by what
 * the rows measure: the measures that write (an erasure, new days, purges) run on a copy.
 *
 * PostgreSQL runs with durability off (fsync, synchronous commits and full-page writes) while the
 * year is seeded, and with PostgreSQL's defaults for every measurement; for `year.seq-scans` it runs
 * for a while with `auto_explain`, which logs the plan of every statement (JSON, in a log of its own).
 */
import { execFile } from "node:child_process";
import { chownSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

import { removeClusterNow } from "../../tests/support/postgres-cluster";
import { onCleanup, onExit } from "./processes";

const run = promisify(execFile);
const BIN = "/usr/lib/postgresql/15/bin";
/** The seeded database on the cluster; copies and restores get names of their own beside it. */
const DATABASE = "daybook_year";
/** Where `auto_explain`'s plans go, relative to the cluster's data directory: a JSON log (jsonlog). */
const PLANS_DIR = "bench-plans";
const PLANS_LOG = "plans.log";
/**
 * Every statement's plan with its actual rows and times (nested ones, in functions and triggers,
 * too), as one JSON log entry each, never rotated.
 */
const PLAN_SETTINGS = [
  "shared_preload_libraries=auto_explain",
  "auto_explain.log_min_duration=0",
  "auto_explain.log_format=json",
  "auto_explain.log_analyze=on",
  "auto_explain.log_buffers=on",
  "auto_explain.log_nested_statements=on",
  "logging_collector=on",
  "log_destination=jsonlog",
  `log_directory=${PLANS_DIR}`,
  `log_filename=${PLANS_LOG}`,
  "log_rotation_age=0",
  "log_rotation_size=0",
];

export type YearDbKind = "postgres" | "pglite";

/** Where a Daybook process (the server, the worker, a command) finds a database. */
export interface DatabaseTarget {
  kind: YearDbKind;
  /** DATABASE_URL (PostgreSQL) and DAYBOOK_DATA_DIR: what a process of Daybook is given. */
  env: Record<string, string>;
  /** DAYBOOK_DATA_DIR: the embedded database, or (PostgreSQL) a folder for nothing but the server's own files. */
  dataDir: string;
}

export interface YearDatabase extends DatabaseTarget {
  /** The folder holding it all (the cluster or the data directory, and the seeding's state file). */
  home: string;
  /** PostgreSQL only: restarts the cluster with durability off (seeding) or with PostgreSQL's defaults. */
  setDurable(durable: boolean): Promise<void>;
  /**
   * PostgreSQL only: restarts the cluster with `auto_explain` logging every statement's plan, into a
   * new log whose path it returns (on), or with PostgreSQL's defaults again (off), which also ends
   * that log.
   */
  logPlans(on: boolean): Promise<string>;
  /** A copy of the seeded database, or a new empty one; `drop` removes it. */
  copy(name: string): Promise<DatabaseTarget & { drop(): Promise<void> }>;
  empty(name: string): Promise<DatabaseTarget & { drop(): Promise<void> }>;
  /** Stops the cluster; a throwaway home is removed. */
  stop(): Promise<void>;
}

/** initdb and the server refuse to run as root: as root they run as the `postgres` account. */
async function owner(): Promise<{ wrap(args: string[]): [string, string[]]; chown(dir: string): Promise<void> }> {
  if (process.getuid?.() !== 0) return { wrap: ([cmd, ...rest]) => [cmd!, rest], chown: async () => {} };
  const id = async (flag: string) => Number((await run("id", [flag, "postgres"])).stdout.trim());
  const [uid, gid] = [await id("-u"), await id("-g")];
  return {
    wrap: (args) => ["runuser", ["-u", "postgres", "--", ...args]],
    chown: async (dir) => chownSync(dir, uid, gid),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function sql(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Opens (or makes) the year's database in `home`. `keep`: the folder is the developer's and stays;
 * otherwise it is removed on clean-up.
 */
export async function openYearDatabase(kind: YearDbKind, home: string, keep: boolean): Promise<YearDatabase> {
  mkdirSync(home, { recursive: true, mode: 0o711 });
  if (!keep) onCleanup(() => rmSync(home, { recursive: true, force: true }));
  const scratch = path.join(home, "server-files");
  mkdirSync(scratch, { recursive: true, mode: 0o700 });

  if (kind === "pglite") {
    const dataDir = path.join(home, "pglite");
    const target = (dir: string): DatabaseTarget => ({ kind, env: { DAYBOOK_DATA_DIR: dir }, dataDir: dir });
    const aside = (name: string, from: string | null) => {
      const dir = path.join(home, `pglite-${name}`);
      rmSync(dir, { recursive: true, force: true });
      if (from) cpSync(from, dir, { recursive: true });
      else mkdirSync(dir, { recursive: true, mode: 0o700 });
      return { ...target(dir), drop: async () => rmSync(dir, { recursive: true, force: true }) };
    };
    return {
      ...target(dataDir),
      home,
      setDurable: async () => {},
      logPlans: async () => {
        throw new Error("PGlite has no auto_explain");
      },
      copy: async (name) => aside(name, dataDir),
      empty: async (name) => aside(name, null),
      stop: async () => {},
    };
  }

  if (!existsSync(path.join(BIN, "initdb"))) {
    throw new Error("PostgreSQL 15 is needed for the year's database: apt-get install -y postgresql");
  }
  const root = path.join(home, "postgres");
  const data = path.join(root, "data");
  const log = path.join(root, "server.log");
  const as = await owner();
  const exec = (args: string[]) => run(...as.wrap(args), { maxBuffer: 16 * 1024 * 1024 });
  const pgCtl = (...args: string[]) => exec([path.join(BIN, "pg_ctl"), "-D", data, ...args]);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  await as.chown(root);
  // A cluster a killed run left running in a kept folder: stopped before it is used again.
  const leftRunning = existsSync(path.join(data, "postmaster.pid"));
  if (leftRunning) await pgCtl("-m", "fast", "-w", "stop").catch(() => undefined);
  const fresh = !existsSync(path.join(data, "PG_VERSION"));
  if (fresh) {
    rmSync(data, { recursive: true, force: true });
    try {
      await exec([
        path.join(BIN, "initdb"),
        ...["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions"],
      ]);
    } catch (error) {
      throw new Error(
        `initdb failed in ${root}${process.getuid?.() === 0 ? " (as root it runs as the postgres account, which must be able to reach that folder)" : ""}: ${String(error)}`,
      );
    }
  }

  // One port for the cluster's life in this run: a restart keeps the addresses handed out.
  const port = await freePort();
  let running = false;
  const plansLog = path.join(data, PLANS_DIR, PLANS_LOG.replace(/\.log$/, ".json"));
  const start = async (durable: boolean, plans = false) => {
    const settings = [
      ...["-p", String(port), "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=''"],
      ...["-c", "max_connections=100"],
      ...(durable ? [] : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]),
      ...(plans ? PLAN_SETTINGS.flatMap((setting) => ["-c", setting]) : []),
    ];
    try {
      await pgCtl("-l", log, "-w", "-t", "60", "-o", settings.join(" "), "start");
    } catch (error) {
      const tail = existsSync(log) ? readFileSync(log, "utf8").trimEnd().split("\n").slice(-10).join("\n") : "";
      throw new Error(`PostgreSQL did not start: ${String(error)}\n${tail}`);
    }
    running = true;
  };
  const stopServer = async () => {
    if (!running) return;
    await pgCtl("-m", "fast", "-w", "-t", "120", "stop");
    running = false;
  };
  // Whatever happens to the bench, the cluster does not outlive it (a kept one keeps its files).
  onExit(() => {
    if (!running) return;
    if (keep) {
      try {
        const pid = Number(readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
        if (pid > 0) process.kill(pid, "SIGQUIT");
      } catch {
        // already stopped
      }
    } else {
      removeClusterNow(root);
    }
  });
  onCleanup(stopServer);

  await start(!fresh);
  const urlOf = (database: string) => `postgresql://postgres@127.0.0.1:${port}/${database}`;
  const admin = () => urlOf("postgres");
  if (fresh) await sql(admin(), `create database ${DATABASE}`);
  const target = (database: string): DatabaseTarget => ({
    kind,
    env: { DATABASE_URL: urlOf(database), DAYBOOK_DATA_DIR: scratch },
    dataDir: scratch,
  });
  const aside = async (name: string, template: string | null) => {
    const database = `${DATABASE}_${name.replace(/[^a-z0-9_]/g, "_")}`;
    await sql(admin(), `drop database if exists ${database}`);
    await sql(admin(), `create database ${database}${template ? ` template ${template}` : ""}`);
    return { ...target(database), drop: () => sql(admin(), `drop database if exists ${database}`) };
  };
  return {
    ...target(DATABASE),
    home,
    setDurable: async (durable) => {
      await stopServer();
      await start(durable);
    },
    logPlans: async (on) => {
      await stopServer();
      if (on) rmSync(path.dirname(plansLog), { recursive: true, force: true });
      await start(true, on);
      return plansLog;
    },
    copy: (name) => aside(name, DATABASE),
    empty: (name) => aside(name, null),
    stop: async () => {
      await stopServer();
      if (!keep) rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The folder for a throwaway database: under the OS temporary directory, reachable by the postgres account. */
export function throwawayHome(): string {
  const base = path.join(os.tmpdir(), `daybook-bench-year-${process.pid}`);
  rmSync(base, { recursive: true, force: true });
  return base;
}
