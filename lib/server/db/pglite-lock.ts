import fs from "node:fs";

export class DatabaseInUseError extends Error {
  constructor(
    readonly directory: string,
    readonly pid: number,
  ) {
    super(`the embedded database in ${directory} is in use by process ${pid}; stop Daybook first or use DATABASE_URL`);
    this.name = "DatabaseInUseError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readPid(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockFile, "utf8"), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * PGlite is a single-process database: a second process on the same files would corrupt them.
 * Creating the lock file is atomic (O_EXCL), and it names the holder so that a lock left behind by
 * a crash is recognised as stale and taken over. Returns the release function.
 */
export function lockDataDirectory(directory: string, lockFile: string): () => void {
  for (let attempt = 1; ; attempt++) {
    try {
      fs.writeFileSync(lockFile, `${process.pid}\n`, { flag: "wx" });
      return () => {
        if (readPid(lockFile) === process.pid) fs.rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 3) throw error;
    }
    let holder = readPid(lockFile);
    // A holder that has created the file but not yet written its pid reads as empty for a moment.
    for (let wait = 0; holder === undefined && wait < 10 && fs.existsSync(lockFile); wait++) {
      sleep(20);
      holder = readPid(lockFile);
    }
    // Our own pid is a lock this process left behind: a module reloaded in development, or a pid
    // reused after a restart.
    if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
      throw new DatabaseInUseError(directory, holder);
    }
    fs.rmSync(lockFile, { force: true });
  }
}
