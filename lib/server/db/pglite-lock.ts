import fs from "node:fs";
import os from "node:os";

/** Which machine, and which boot of it, a process runs on: a pid means something only there. */
export interface HostIdentity {
  hostname: string;
  /** The kernel's id of this boot; shared by every container on one machine, new after a reboot. */
  bootId: string;
}

export interface LockHolder extends Partial<HostIdentity> {
  pid: number;
}

let cachedHost: HostIdentity | undefined;

export function thisHost(): HostIdentity {
  if (cachedHost) return cachedHost;
  let bootId = "";
  try {
    bootId = fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    // Not Linux: the host name alone tells machines apart.
  }
  return (cachedHost = { hostname: os.hostname(), bootId });
}

export class DatabaseInUseError extends Error {
  constructor(
    readonly directory: string,
    readonly pid: number,
    /** Set when the holder runs on another host (or container), where its pid cannot be checked. */
    readonly otherHost?: { hostname: string; lockFile: string },
  ) {
    super(
      otherHost
        ? `the embedded database in ${directory} is in use by process ${pid} on host ${otherHost.hostname} ` +
            `(another machine or container sharing these files); stop Daybook there first or use DATABASE_URL. ` +
            `If that host is gone for good, delete ${otherHost.lockFile} and start again`
        : `the embedded database in ${directory} is in use by process ${pid}; stop Daybook first. The embedded database admits one process: to run several instances, use PostgreSQL (DATABASE_URL)`,
    );
    this.name = "DatabaseInUseError";
  }
}

/** Whether a process of this pid runs on this machine (also when it belongs to another user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The lock file's text: the pid, then the host name and boot id, one a line. */
export function lockText(holder: LockHolder): string {
  return [holder.pid, holder.hostname ?? "", holder.bootId ?? ""].join("\n") + "\n";
}

export function readLockHolder(lockFile: string): LockHolder | undefined {
  let text: string;
  try {
    text = fs.readFileSync(lockFile, "utf8");
  } catch {
    return undefined;
  }
  const [pidLine, hostname, bootId] = text.split("\n");
  const pid = Number.parseInt(pidLine ?? "", 10);
  if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
  // A lock written before locks named their host has the pid alone: it came from this machine.
  return hostname ? { pid, hostname, bootId: bootId ?? "" } : { pid };
}

function onThisHost(holder: LockHolder): boolean {
  if (holder.hostname === undefined) return true;
  const host = thisHost();
  return holder.hostname === host.hostname && (holder.bootId ?? "") === host.bootId;
}

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * PGlite is a single-process database: a second process on the same files would corrupt them.
 * Creating the lock file is atomic (O_EXCL), and it names the holder: its pid, host name and boot
 * id. A pid can be checked only from the holder's own machine and boot, and within its own PID
 * namespace, which a container's host name stands for. So the lock is taken over only when it
 * names this host and boot and its pid is gone (a crash); a lock from anywhere else is respected,
 * since two containers sharing a volume would each see the other's pid as dead. An mtime-refreshed
 * lock (proper-lockfile) would instead depend on this process's event loop refreshing it in time,
 * which a long PGlite query (WebAssembly on the main thread) could miss. Returns the release function.
 */
export function lockDataDirectory(directory: string, lockFile: string): () => void {
  const own: LockHolder = { pid: process.pid, ...thisHost() };
  for (let attempt = 1; ; attempt++) {
    try {
      fs.writeFileSync(lockFile, lockText(own), { flag: "wx", mode: 0o600 });
      return () => {
        const holder = readLockHolder(lockFile);
        if (holder?.pid === process.pid && onThisHost(holder)) fs.rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 3) throw error;
    }
    let holder = readLockHolder(lockFile);
    // A holder that has created the file but not yet written its pid reads as empty for a moment.
    for (let wait = 0; holder === undefined && wait < 10 && fs.existsSync(lockFile); wait++) {
      sleep(20);
      holder = readLockHolder(lockFile);
    }
    if (holder !== undefined && !onThisHost(holder)) {
      throw new DatabaseInUseError(directory, holder.pid, { hostname: holder.hostname!, lockFile });
    }
    // Our own pid is a lock this process left behind: a module reloaded in development, or a pid
    // reused after a restart.
    if (holder !== undefined && holder.pid !== process.pid && isProcessAlive(holder.pid)) {
      throw new DatabaseInUseError(directory, holder.pid);
    }
    fs.rmSync(lockFile, { force: true });
  }
}
