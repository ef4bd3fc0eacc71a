import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const BIN = "/usr/lib/postgresql/15/bin";
const run = promisify(execFile);

export const MISSING_POSTGRES = "PostgreSQL 15 is needed for the database tests: apt-get install -y postgresql";

/** Every cluster lives in a temporary directory named so; its owner file names the test run it belongs to. */
const DIR_PREFIX = "daybook-pg-";
const OWNER_FILE = "owner";

export interface PostgresCluster {
  /** A database on the cluster, for connecting as its superuser. */
  url: string;
  stop(): Promise<void>;
  /** Shuts the server down (fast: open connections are ended), keeping the cluster to start again. */
  stopServer(): Promise<void>;
  /** Starts a stopped server again, on the same port and with the same data. */
  startServer(): Promise<void>;
}

/** initdb and the server refuse to run as root, so as root they run as the `postgres` account. */
function asOwner(): { wrap: (args: string[]) => [string, string[]]; chown: (dir: string) => Promise<void> } {
  if (process.getuid?.() !== 0) return { wrap: ([cmd, ...rest]) => [cmd!, rest], chown: async () => {} };
  return {
    wrap: (args) => ["runuser", ["-u", "postgres", "--", ...args]],
    chown: async (dir) => {
      const id = async (flag: string) => Number((await run("id", [flag, "postgres"])).stdout.trim());
      fs.chownSync(dir, await id("-u"), await id("-g"));
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A process's start time in clock ticks since boot (Linux), so a reused pid is not taken for the owner. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command name, which is in parentheses and may hold anything.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[0] === "Z" ? null : (fields[19] ?? null);
  } catch {
    return null;
  }
}

/** Whether a process runs: signal 0 checks without sending anything (EPERM: it runs, as another user). */
function isRunning(pid: number): boolean {
  if (fs.existsSync("/proc/self/stat")) return startTimeOf(pid) !== null;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function ownerLine(): string {
  return `${process.pid} ${startTimeOf(process.pid) ?? ""}`.trim();
}

/** Whether the test run that made a cluster directory still runs; a directory without an owner file is not judged. */
function ownerIsGone(root: string): boolean {
  let line: string;
  try {
    line = fs.readFileSync(path.join(root, OWNER_FILE), "utf8").trim();
  } catch {
    return false;
  }
  const [pid, started] = line.split(" ");
  const owner = Number(pid);
  if (!Number.isInteger(owner) || owner <= 0) return true;
  if (!isRunning(owner)) return true;
  return started !== undefined && startTimeOf(owner) !== null && startTimeOf(owner) !== started;
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Stops a cluster at once and removes its directory, synchronously, so that it can run while the
 * process exits. SIGQUIT to the postmaster is PostgreSQL's immediate shutdown (`pg_ctl -m immediate`).
 */
export function removeClusterNow(root: string): void {
  let pid = 0;
  try {
    pid = Number(fs.readFileSync(path.join(root, "data", "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    // Not started, or already stopped.
  }
  if (Number.isInteger(pid) && pid > 0 && isRunning(pid)) {
    try {
      process.kill(pid, "SIGQUIT");
    } catch {
      // Gone in the meantime.
    }
    for (let waited = 0; isRunning(pid) && waited < 10_000; waited += 50) sleepSync(50);
  }
  fs.rmSync(root, { recursive: true, force: true });
}

/**
 * Clusters of earlier runs that were killed before their teardown: their owner no longer runs.
 * Clusters of runs still going (another checkout's, say) are left alone.
 */
export function removeStaleClusters(): string[] {
  const removed: string[] = [];
  for (const name of fs.readdirSync(os.tmpdir())) {
    const root = path.join(os.tmpdir(), name);
    if (!name.startsWith(DIR_PREFIX) || !ownerIsGone(root)) continue;
    removeClusterNow(root);
    removed.push(root);
  }
  return removed;
}

/**
 * A watcher in a process of its own, outside the test run's process group: when the run ends in any
 * way, SIGKILL included, its end of the pipe closes and the watcher stops the cluster. After a normal
 * stop it finds nothing left to do.
 */
const WATCHER = `
const fs = require("node:fs");
const path = require("node:path");
const root = process.argv[1];
const running = (pid) => {
  try {
    process.kill(pid, 0);
    return !/^\\S+ \\(.*\\) Z/.test(fs.readFileSync("/proc/" + pid + "/stat", "utf8"));
  } catch (error) {
    return error.code === "EPERM" || (error.code === "ENOENT" && !fs.existsSync("/proc/self/stat"));
  }
};
const remove = () => fs.rmSync(root, { recursive: true, force: true });
const stop = () => {
  let pid = 0;
  try {
    pid = Number(fs.readFileSync(path.join(root, "data", "postmaster.pid"), "utf8").split("\\n")[0]);
  } catch {}
  if (!(pid > 0) || !running(pid)) return remove();
  try {
    process.kill(pid, "SIGQUIT");
  } catch {}
  const started = Date.now();
  const wait = () => (running(pid) && Date.now() - started < 10000 ? setTimeout(wait, 50) : remove());
  wait();
};
process.stdin.on("data", () => {});
process.stdin.on("close", stop);
process.stdin.resume();
`;

function watch(root: string): () => void {
  const watcher = spawn(process.execPath, ["-e", WATCHER, root], {
    detached: true,
    stdio: ["pipe", "ignore", "ignore"],
  });
  watcher.on("error", () => {});
  watcher.stdin.on("error", () => {});
  // Neither the watcher nor its pipe keeps the test run alive.
  watcher.unref();
  (watcher.stdin as unknown as net.Socket).unref();
  return () => watcher.stdin.end();
}

/**
 * Stops the cluster if the run is interrupted: on SIGINT, SIGTERM or SIGHUP, and on any exit that
 * comes before the teardown (Vitest's own signal handler exits without running it).
 */
function guard(root: string): () => void {
  const cleanup = () => removeClusterNow(root);
  const onSignal = (signal: NodeJS.Signals) => {
    cleanup();
    // Vitest ends the run on these signals by itself. Should nothing else end it, the signal does,
    // as it would have without this handler (and with its exit code).
    setTimeout(() => {
      unguard();
      process.kill(process.pid, signal);
    }, 1_000).unref();
  };
  const signals: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];
  for (const signal of signals) process.on(signal, onSignal);
  process.on("exit", cleanup);
  const unguard = () => {
    for (const signal of signals) process.off(signal, onSignal);
    process.off("exit", cleanup);
  };
  return unguard;
}

/**
 * A throwaway cluster in a temporary directory, on 127.0.0.1 and a free port, with durability off:
 * nothing in it has to survive a crash, and fsync would only slow the tests down. A run that is
 * interrupted still stops it (see guard and watch); one killed before it could, the next run stops.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  if (!fs.existsSync(path.join(BIN, "initdb"))) throw new Error(MISSING_POSTGRES);
  for (const root of removeStaleClusters())
    console.warn(`Stopped a PostgreSQL cluster an interrupted run left: ${root}`);
  const owner = asOwner();
  const exec = (args: string[]) => run(...owner.wrap(args));
  const root = fs.mkdtempSync(path.join(os.tmpdir(), DIR_PREFIX));
  fs.writeFileSync(path.join(root, OWNER_FILE), `${ownerLine()}\n`);
  const unguard = guard(root);
  const unwatch = watch(root);
  await owner.chown(root);
  const data = path.join(root, "data");
  const log = path.join(root, "server.log");
  const pgCtl = (...args: string[]) => exec([path.join(BIN, "pg_ctl"), "-D", data, ...args]);
  let started = false;
  let settings: string[] = [];
  const stop = async () => {
    try {
      if (started) await pgCtl("-m", "immediate", "-w", "stop");
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
      unguard();
      unwatch();
    }
  };
  try {
    await exec([
      path.join(BIN, "initdb"),
      ...["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C"],
      ...["--no-sync", "--no-instructions"],
    ]);
    let port = 0;
    for (let attempt = 1; !started; attempt++) {
      port = await freePort();
      settings = [
        ...["-p", String(port), "-k", root, "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
        ...["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"],
      ];
      try {
        await pgCtl("-l", log, "-w", "-t", "20", "-o", settings.join(" "), "start");
        started = true;
      } catch (error) {
        // Another process may have taken the port between our probe and the server's bind.
        if (attempt === 3)
          throw new Error(`PostgreSQL did not start: ${fs.readFileSync(log, "utf8")}`, { cause: error });
      }
    }
    const url = `postgresql://postgres@127.0.0.1:${port}/daybook_test`;
    const admin = new pg.Client({ connectionString: url.replace(/\/daybook_test$/, "/postgres") });
    await admin.connect();
    try {
      await admin.query("create database daybook_test");
    } finally {
      await admin.end();
    }
    const stopServer = async () => {
      if (!started) return;
      await pgCtl("-m", "fast", "-w", "stop");
      started = false;
    };
    const startServer = async () => {
      if (started) return;
      await pgCtl("-l", log, "-w", "-t", "20", "-o", settings.join(" "), "start");
      started = true;
    };
    return { url, stop, stopServer, startServer };
  } catch (error) {
    await stop();
    throw error;
  }
}
