/**
 * Child processes, temporary directories and their clean-up, and what /proc says about a process.
 * Every child is started in a process group of its own, so that stopping it stops whatever it
 * started; on exit, Ctrl-C or a crash the bench stops its children and removes its temporary
 * directories, and nothing else.
 */
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { progress } from "./report";

// --- Clean-up ----------------------------------------------------------------------------------

type Cleanup = () => Promise<void> | void;
const cleanups: Cleanup[] = [];
/** Process group ids still running: killed synchronously if the bench exits without cleaning up. */
const liveGroups = new Set<number>();
const tempDirs = new Set<string>();
const exitSteps: (() => void)[] = [];

/** A synchronous step that also runs when the process exits without cleaning up. */
export function onExit(step: () => void): void {
  exitSteps.push(step);
}

/** Registers a clean-up step; steps run last-registered first. Returns a function that unregisters it. */
export function onCleanup(step: Cleanup): () => void {
  cleanups.push(step);
  return () => {
    const index = cleanups.indexOf(step);
    if (index >= 0) cleanups.splice(index, 1);
  };
}

let cleaning: Promise<void> | null = null;
export function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const step = cleanups.pop()!;
      try {
        await step();
      } catch (error) {
        progress(`clean-up step failed: ${String(error)}`);
      }
    }
    lastResort();
  })();
  return cleaning;
}

/** Synchronous: what can still be done from an `exit` handler. */
function lastResort(): void {
  for (const group of liveGroups) {
    try {
      process.kill(-group, "SIGKILL");
    } catch {
      // already gone
    }
  }
  liveGroups.clear();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
  for (const step of exitSteps.splice(0)) {
    try {
      step();
    } catch {
      // best effort
    }
  }
}

let installed = false;
/** Ctrl-C and SIGTERM stop the children and remove the temporary directories before exiting. */
export function installSignalHandlers(): void {
  if (installed) return;
  installed = true;
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const) {
    // `on`, not `once`: a Ctrl-C reaches the bench twice (from the terminal and from tsx, which
    // passes it on), and a signal without a listener would end the process before the clean-up.
    let stopping = false;
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      progress(`${signal}: stopping`);
      const force = setTimeout(() => {
        lastResort();
        process.exit(code);
      }, 15_000);
      void cleanUp().finally(() => {
        clearTimeout(force);
        process.exit(code);
      });
    });
  }
  process.on("exit", lastResort);
}

/** A fresh directory under the OS temporary directory, removed on clean-up. */
export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  tempDirs.add(dir);
  onCleanup(() => {
    rmSync(dir, { recursive: true, force: true });
    tempDirs.delete(dir);
  });
  return dir;
}

// --- Children ----------------------------------------------------------------------------------

/** Settings of the developer's shell that would change what is measured. */
const NOT_INHERITED =
  /^(DAYBOOK_|PARTNER_API_|AUTH_|NEXTAUTH_|NEXT_|__NEXT|E2E_|BENCH_)|^(DATABASE_URL|PORT|NODE_OPTIONS|NODE_ENV)$/;

/** The environment for a child: the shell's, less Daybook's, Next's and Node's own settings, plus `extra`. */
export function baseEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(process.env)) if (!NOT_INHERITED.test(name)) env[name] = value;
  return { ...env, NEXT_TELEMETRY_DISABLED: "1", ...extra } as unknown as NodeJS.ProcessEnv;
}

export interface Child {
  process: ChildProcess;
  pid: number;
  /** Resolves with the exit code (or the signal's name) once the child has exited. */
  exited: Promise<number | string>;
  /** SIGTERM to the whole group, SIGKILL after `graceMs`; resolves once the child has exited. */
  stop(graceMs?: number): Promise<void>;
}

export interface StartOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** stdout and stderr go to this file (appended), unless `stdout: "pipe"`. */
  logFile: string;
  stdout?: "file" | "pipe";
}

export function startChild(command: string, args: string[], options: StartOptions): Child {
  const log = openSync(options.logFile, "a");
  const spawnOptions: SpawnOptions = {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: ["ignore", options.stdout === "pipe" ? "pipe" : log, log],
  };
  const child = spawn(command, args, spawnOptions);
  closeSync(log);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${command}`);
  liveGroups.add(pid);
  const exited = new Promise<number | string>((resolve) => {
    child.once("exit", (code, signal) => {
      liveGroups.delete(pid);
      resolve(code ?? signal ?? "unknown");
    });
  });
  let stopping: Promise<void> | null = null;
  const stop = (graceMs = 10_000) => {
    stopping ??= (async () => {
      if (!liveGroups.has(pid)) return;
      signalGroup(pid, "SIGTERM");
      const timer = setTimeout(() => signalGroup(pid, "SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
      // Anything the child started and left behind in its group.
      signalGroup(pid, "SIGKILL");
    })();
    return stopping;
  };
  const unregister = onCleanup(() => stop());
  void exited.then(unregister);
  return { process: child, pid, exited, stop };
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone
  }
}

/** Runs a command to its end; rejects with the log's tail when it fails. */
export async function runToEnd(command: string, args: string[], options: StartOptions): Promise<void> {
  const child = startChild(command, args, options);
  const code = await child.exited;
  if (code !== 0) {
    throw new Error(
      `${path.basename(args[0] ?? command)} ${args.slice(1).join(" ")} failed (${code}):\n${tail(options.logFile, 25)}`,
    );
  }
}

export function tail(file: string, lines: number): string {
  if (!existsSync(file)) return "(no output)";
  return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
}

/** A TCP port free at the moment of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// --- /proc -------------------------------------------------------------------------------------

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
function statFields(pid: number): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    return text.slice(text.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

function parentOf(pid: number): number | null {
  const fields = statFields(pid);
  return fields ? Number(fields[1]) : null;
}

/** The process and everything it started, at any depth. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(Number(entry));
    if (parent === null) continue;
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree: number[] = [];
  const visit = (pid: number) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return tree;
}

function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const columns = line.trim().split(/\s+/);
      // local_address is ADDR:PORT; state 0A is LISTEN; the inode is the tenth column.
      if (columns[1]?.endsWith(`:${hexPort}`) && columns[3] === "0A" && columns[9]) inodes.add(columns[9]);
    }
  }
  return inodes;
}

/**
 * The process of `root`'s tree that listens on `port`: the real server, whatever wrapper (npm, a
 * CLI that forks) started it.
 */
export function listeningProcess(root: number, port: number): number | null {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return null;
  for (const pid of processTree(root)) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const match = /^socket:\[(\d+)\]$/.exec(target);
      if (match && inodes.has(match[1]!)) return pid;
    }
  }
  return null;
}

/** Resident set size in bytes (VmRSS), or null when the process is gone. */
export function residentBytes(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** CPU time used so far (user + system), in clock ticks (1/100 s on Linux). */
export function cpuTicks(pid: number): number | null {
  const fields = statFields(pid);
  // After the name: state, ppid, …; utime and stime are the 14th and 15th fields of the line.
  return fields ? Number(fields[11]) + Number(fields[12]) : null;
}

/** Samples the RSS of a process every `everyMs` until stopped: the peak and the last value. */
export function sampleResident(pid: number, everyMs = 100) {
  let peak = 0;
  let last = 0;
  let samples = 0;
  let stepPeak = 0;
  const take = () => {
    const bytes = residentBytes(pid);
    if (bytes === null) return;
    last = bytes;
    peak = Math.max(peak, bytes);
    stepPeak = Math.max(stepPeak, bytes);
    samples++;
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    /** The highest sample since the last call (or the start), to tell which step reached the peak. */
    peakSinceLast() {
      take();
      const since = stepPeak;
      stepPeak = last;
      return since;
    },
    stop() {
      clearInterval(timer);
      take();
      return { peak, last, samples };
    },
  };
}
