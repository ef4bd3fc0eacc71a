import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DatabaseInUseError, openDatabase } from "@/lib/server/db/open";
import { users } from "@/lib/server/db/schema";
import { migrationCount } from "@/tests/support/migration-count";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const child = fileURLToPath(new URL("../support/open-database-child.ts", import.meta.url));

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
    expect(fs.readFileSync(lockFile, "utf8").trim()).toBe(String(process.pid));
    await b!.close();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it("refuses a second process with a message that says what to do", async () => {
    const held = await openDatabase({ dataDir });
    try {
      const second = await openFromAnotherProcess(dataDir);
      expect(second).toEqual({
        ok: false,
        output: `the embedded database in ${path.join(dataDir, "pglite")} is in use by process ${process.pid}; stop Daybook first or use DATABASE_URL`,
      });
    } finally {
      await held.close();
    }
    expect(await openFromAnotherProcess(dataDir)).toEqual({ ok: true, output: "opened" });
  });

  it("refuses in-process too while the lock names a live process", async () => {
    const sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"]);
    try {
      fs.writeFileSync(lockFile, `${sleeper.pid}\n`);
      const error = await openDatabase({ dataDir }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DatabaseInUseError);
      expect(error).toMatchObject({ pid: sleeper.pid, directory: path.join(dataDir, "pglite") });
      expect(fs.readFileSync(lockFile, "utf8").trim()).toBe(String(sleeper.pid));
    } finally {
      sleeper.kill();
      fs.rmSync(lockFile, { force: true });
    }
  });

  it("takes over a lock left by a process that died", async () => {
    fs.writeFileSync(lockFile, `${await deadPid()}\n`);
    const opened = await openDatabase({ dataDir });
    try {
      expect(fs.readFileSync(lockFile, "utf8").trim()).toBe(String(process.pid));
      expect(await opened.db.select({ email: users.email }).from(users)).toEqual([{ email: "kept@example.com" }]);
    } finally {
      await opened.close();
    }
  });
});
