import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DatabaseInUseError, openDatabase } from "@/lib/server/db/open";
import { lockText, readLockHolder, thisHost } from "@/lib/server/db/pglite-lock";
import { users } from "@/lib/server/db/schema";
import { migrationCount } from "@/tests/support/migration-count";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const child = fileURLToPath(new URL("../support/open-database-child.ts", import.meta.url));
const holdingChild = fileURLToPath(new URL("../support/hold-database-child.ts", import.meta.url));

/** Opens `dataDir` from another Node process, as a second Daybook would. */
async function openFromAnotherProcess(dataDir: string) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", child, dataDir], {
      cwd: projectRoot,
    });
    return { ok: true, output: stdout.trim() };
  } catch (error) {
    return { ok: false, output: String((error as { stdout?: string }).stdout).trim() };
  }
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const exited = spawn(process.execPath, ["-e", ""]);
  await new Promise((resolve) => exited.once("exit", resolve));
  return exited.pid!;
}

// The tests share one data directory: PGlite's first start on a new directory (initdb) takes seconds.
describe("PGlite on disk", () => {
  let dataDir: string;
  let lockFile: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "daybook-pglite-"));
    lockFile = path.join(dataDir, "pglite.lock");
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("keeps data across a restart, and reopening migrates nothing twice", async () => {
    const first = await openDatabase({ dataDir });
    expect(first.kind).toBe("pglite");
    expect(fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
    await first.db.insert(users).values({ email: "kept@example.com", name: "Kept", passwordHash: "x", role: "admin" });
    await first.close();
    expect(fs.existsSync(lockFile)).toBe(false);

    const second = await openDatabase({ dataDir });
    try {
      const [kept] = await second.db.select().from(users).where(eq(users.email, "kept@example.com"));
      expect(kept).toMatchObject({ name: "Kept", properties: [] });
      const { rows } = await second.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(rows).toEqual([{ n: migrationCount() }]);
    } finally {
      await second.close();
    }
  });

  it("shares one instance among the opens of one process until the last closes", async () => {
    const [a, b] = await Promise.all([openDatabase({ dataDir }), openDatabase({ dataDir })]);
    expect(a!.db).toBe(b!.db);
    await a!.close();
    await a!.close();
    expect(await b!.db.select({ email: users.email }).from(users)).toEqual([{ email: "kept@example.com" }]);
    expect(readLockHolder(lockFile)).toEqual({ pid: process.pid, ...thisHost() });
    await b!.close();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it("refuses a second process with a message that says what to do", async () => {
    const held = await openDatabase({ dataDir });
    try {
      const second = await openFromAnotherProcess(dataDir);
      expect(second).toEqual({
        ok: false,
        output: `the embedded database in ${path.join(dataDir, "pglite")} is in use by process ${process.pid}; stop Daybook first. The embedded database admits one process: to run several instances, use PostgreSQL (DATABASE_URL)`,
      });
    } finally {
      await held.close();
    }
    expect(await openFromAnotherProcess(dataDir)).toEqual({ ok: true, output: "opened" });
  });

  it("refuses in-process too while the lock names a live process", async () => {
    const sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"]);
    try {
      fs.writeFileSync(lockFile, lockText({ pid: sleeper.pid!, ...thisHost() }));
      const error = await openDatabase({ dataDir }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DatabaseInUseError);
      expect(error).toMatchObject({ pid: sleeper.pid, directory: path.join(dataDir, "pglite") });
      expect(readLockHolder(lockFile)?.pid).toBe(sleeper.pid);
    } finally {
      sleeper.kill();
      fs.rmSync(lockFile, { force: true });
    }
  });

  it("takes over a lock left by a process of this host that died", async () => {
    fs.writeFileSync(lockFile, lockText({ pid: await deadPid(), ...thisHost() }));
    const opened = await openDatabase({ dataDir });
    try {
      expect(readLockHolder(lockFile)).toEqual({ pid: process.pid, ...thisHost() });
      expect(await opened.db.select({ email: users.email }).from(users)).toEqual([{ email: "kept@example.com" }]);
    } finally {
      await opened.close();
    }
  });

  it("takes over a lock of the earlier format (a pid alone) left by a process that died", async () => {
    fs.writeFileSync(lockFile, `${await deadPid()}\n`);
    const opened = await openDatabase({ dataDir });
    await opened.close();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it("respects a lock held on another host or container, whose pid it cannot check, and says what to do", async () => {
    const here = thisHost();
    // The same pid as a dead one here: on another host (or in another container's PID namespace) it means nothing.
    const pid = await deadPid();
    for (const holder of [
      { pid, hostname: `${here.hostname}-other`, bootId: here.bootId },
      // Same host name, another boot: another machine of that name, or this one before a reboot.
      { pid, hostname: here.hostname, bootId: "00000000-0000-0000-0000-000000000000" },
    ]) {
      fs.writeFileSync(lockFile, lockText(holder));
      try {
        const error = await openDatabase({ dataDir }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DatabaseInUseError);
        expect((error as Error).message).toBe(
          `the embedded database in ${path.join(dataDir, "pglite")} is in use by process ${pid} on host ${holder.hostname} ` +
            "(another machine or container sharing these files); stop Daybook there first or use DATABASE_URL. " +
            `If that host is gone for good, delete ${lockFile} and start again`,
        );
        expect(readLockHolder(lockFile)).toEqual(holder);
        // From another process too.
        expect((await openFromAnotherProcess(dataDir)).ok).toBe(false);
      } finally {
        fs.rmSync(lockFile, { force: true });
      }
    }
  });

  it("keeps the data directory and the database's own directory private (0700), tightening looser ones", async () => {
    const fresh = path.join(dataDir, "nested", "data");
    const opened = await openDatabase({ dataDir: fresh });
    await opened.close();
    expect(fs.statSync(fresh).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(fresh, "pglite")).mode & 0o777).toBe(0o700);

    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, "pglite"), 0o750);
    const reopened = await openDatabase({ dataDir });
    await reopened.close();
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dataDir, "pglite")).mode & 0o777).toBe(0o700);
  });

  it("a process stopped with SIGTERM closes the database, exits 0 and leaves no lock", async () => {
    const holder = spawn(process.execPath, ["--import", "tsx", holdingChild, dataDir], {
      cwd: projectRoot,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise<number | null>((resolve) => holder.once("exit", (code) => resolve(code)));
    let output = "";
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("holding")) resolve();
      });
      void exited.then((code) => reject(new Error(`the child exited (${code}) before holding the database`)));
    });
    expect(readLockHolder(lockFile)?.pid).toBe(holder.pid);
    holder.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(fs.existsSync(lockFile)).toBe(false);
    // The files were closed cleanly: the next open finds the data.
    const opened = await openDatabase({ dataDir });
    try {
      expect(await opened.db.select({ email: users.email }).from(users)).toEqual([{ email: "kept@example.com" }]);
    } finally {
      await opened.close();
    }
  });
});
