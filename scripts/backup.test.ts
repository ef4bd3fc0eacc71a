/**
 * `npm run backup` and `npm run restore` as an operator runs them, each a process of its own: a
 * database with a pulled day, accounts and audit entries is backed up, restored into a new, empty
 * one, and the two are held against each other. On the embedded database and on PostgreSQL. The
 * first backup and restore go through npm, to check the wiring; the others run the process npm
 * runs, which starts sooner.
 */
import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { verifyPassword } from "@/lib/server/auth/password";
import { users } from "@/lib/server/db/schema";
import { FIXTURE_PASSWORD } from "@/tests/support/access-fixtures";
import { addAuditEntries, databaseEnv, readContents, type DatabaseContents } from "@/tests/support/backup";
import { npmRun, ROOT, runScript } from "@/tests/support/commands";
import { addMigratedDatabase } from "@/tests/support/data-directory";
import { createPostgresDatabase } from "@/tests/support/databases";
import { ACCOUNTS, prepareMailDay, withDatabase, type MailDatabase } from "@/tests/support/mail";
import { TEST_NODE_FLAGS } from "@/tests/support/node-flags";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

const PG_RESTORE = "/usr/lib/postgresql/15/bin/pg_restore";
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "daybook-backup-"));
let sim: LaunchedSimulator;

beforeAll(async () => {
  sim = await launchSimulator();
});
afterAll(async () => {
  await sim?.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

/** A database with a pulled day, the mail tests' accounts and a few audit entries. */
async function filledDatabase(target: MailDatabase): Promise<DatabaseContents> {
  await prepareMailDay(sim, target);
  await addAuditEntries(target);
  const contents = await readContents(target);
  expect(contents.users).toBeGreaterThan(0);
  expect(contents.storedDays).toBeGreaterThan(0);
  expect(contents.auditEntries).toBeGreaterThan(0);
  return contents;
}

/** Whether a restored account still signs in with its password (the hash came through whole). */
async function signsIn(target: MailDatabase, email: string): Promise<boolean> {
  return withDatabase(target, async (db) => {
    const [user] = await db.select().from(users).where(eq(users.email, email));
    return user !== undefined && (await verifyPassword(FIXTURE_PASSWORD, user.passwordHash));
  });
}

const NOTICE = /encryption key .* is NOT in the backup/;

describe("backup and restore of the embedded database", () => {
  const source = { dataDir: path.join(workDir, "source") };
  const file = path.join(workDir, "embedded.tar.gz");
  let before: DatabaseContents;

  beforeAll(async () => {
    addMigratedDatabase(source.dataDir);
    before = await filledDatabase(source);
  }, 120_000);

  it("writes the dump readable by its owner only, restores it into a new data directory with the same users, stored days and audit entries, and a person signs in", async () => {
    const backup = await npmRun("backup", ["--out", file], databaseEnv(source));
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backup written: ${file}`);
    expect(backup.stdout).toContain(
      `It holds ${before.users} users, ${before.storedDays} stored day${before.storedDays === 1 ? "" : "s"}, ${before.auditEntries} audit entries.`,
    );
    expect(backup.stdout).toMatch(NOTICE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(workDir).filter((name) => name.includes(".partial-"))).toEqual([]);

    const target = { dataDir: path.join(workDir, "restored") };
    const restore = await npmRun("restore", [file], databaseEnv(target));
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Restored ${file} into ${target.dataDir}`);
    expect(restore.stdout).toMatch(NOTICE);
    expect(await readContents(target)).toEqual(before);
    expect(await signsIn(target, ACCOUNTS.supervisor.email)).toBe(true);
  }, 120_000);

  it("refuses to restore over a data directory holding a database; --force moves that one aside and restores", async () => {
    const refused = await runScript("restore", [file], databaseEnv(source));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "already holds a database: restore into an empty DAYBOOK_DATA_DIR, or add --force",
    );

    const forced = await runScript("restore", [file, "--force"], databaseEnv(source));
    expect(forced.stderr).toBe("");
    expect(forced.code).toBe(0);
    const aside = fs.readdirSync(source.dataDir).filter((name) => name.startsWith("pglite.before-restore-"));
    expect(aside).toHaveLength(1);
    expect(fs.existsSync(path.join(source.dataDir, aside[0]!, "PG_VERSION"))).toBe(true);
    expect(await readContents(source)).toEqual(before);
  }, 120_000);

  it("refuses a backup while another process holds the data directory, naming that process, and writes nothing", async () => {
    const holder = spawn(
      process.execPath,
      [...TEST_NODE_FLAGS, "--import", "tsx", "tests/support/hold-database-child.ts", source.dataDir],
      {
        cwd: ROOT,
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    try {
      const [first] = (await once(holder.stdout!, "data")) as [Buffer];
      expect(first.toString()).toContain("holding");
      const held = path.join(workDir, "while-held.tar.gz");
      const refused = await runScript("backup", ["--out", held], databaseEnv(source));
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `Cannot back up: the embedded database in ${path.join(source.dataDir, "pglite")}`,
      );
      expect(refused.stderr).toContain(`is in use by process ${holder.pid}; stop Daybook first`);
      expect(fs.existsSync(held)).toBe(false);
    } finally {
      holder.kill("SIGTERM");
      await once(holder, "exit");
    }
  }, 60_000);

  it("refuses what is not a backup, a PostgreSQL archive without DATABASE_URL, and an existing output file", async () => {
    const text = path.join(workDir, "notes.txt");
    fs.writeFileSync(text, "not a backup\n");
    const notBackup = await runScript("restore", [text], databaseEnv({ dataDir: path.join(workDir, "other") }));
    expect(notBackup.code).toBe(1);
    expect(notBackup.stderr).toContain(`Cannot restore: ${text} is not a backup made by npm run backup.`);

    const archive = path.join(workDir, "looks-like-postgres.dump");
    fs.writeFileSync(archive, "PGDMP\u0001\u000e\u0000");
    const wrongKind = await runScript("restore", [archive], databaseEnv({ dataDir: path.join(workDir, "other") }));
    expect(wrongKind.code).toBe(1);
    expect(wrongKind.stderr).toContain("is a PostgreSQL backup; set DATABASE_URL to a new, empty database");

    const exists = await runScript("backup", ["--out", text], databaseEnv(source));
    expect(exists.code).toBe(1);
    expect(exists.stderr).toContain(`${text} exists already`);
    const missing = await runScript("backup", [], databaseEnv(source));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("Usage: npm run backup -- --out FILE");
  }, 60_000);
});

describe("backup and restore on PostgreSQL", () => {
  const file = path.join(workDir, "postgres.dump");
  let source: { databaseUrl: string };
  let target: { databaseUrl: string };
  const drops: (() => Promise<void>)[] = [];
  let before: DatabaseContents;

  beforeAll(async () => {
    const [created, empty] = await Promise.all([createPostgresDatabase(), createPostgresDatabase()]);
    drops.push(created.drop, empty.drop);
    source = { databaseUrl: created.url };
    target = { databaseUrl: empty.url };
    before = await filledDatabase(source);
  }, 120_000);
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  it("writes a custom-format archive, readable by its owner only, that pg_restore --list reads with Daybook's tables", async () => {
    const backup = await runScript("backup", ["--out", file], databaseEnv(source));
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/PostgreSQL custom format by pg_dump \d+; pg_restore --list reads \d+ tables' data/);
    expect(backup.stdout).toMatch(NOTICE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const { stdout } = await promisify(execFile)(PG_RESTORE, ["--list", file]);
    for (const table of ["users", "stored_reports", "stored_items", "audit_events"]) {
      expect(stdout).toMatch(new RegExp(` TABLE DATA public ${table} `));
    }
    expect(stdout).toMatch(/ TABLE DATA drizzle __drizzle_migrations /);
  }, 120_000);

  it("restores into a new, empty database with the same users, stored days and audit entries, and a person signs in", async () => {
    const restore = await runScript("restore", [file], databaseEnv(target));
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Restored ${file} into the database DATABASE_URL names`);
    expect(await readContents(target)).toEqual(before);
    expect(await signsIn(target, ACCOUNTS.supervisor.email)).toBe(true);
  }, 120_000);

  it("refuses to restore into a database that holds Daybook's tables, and --force does not change that", async () => {
    const refused = await runScript("restore", [file], databaseEnv(target));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("already holds Daybook's tables, and a restore never writes over a database");
    const forced = await runScript("restore", [file, "--force"], databaseEnv(target));
    expect(forced.code).toBe(1);
    expect(forced.stderr).toContain("--force is for the embedded database only");
    expect(await readContents(target)).toEqual(before);
  }, 60_000);

  it("says so, without the password, when the database cannot be reached", async () => {
    const url = new URL(source.databaseUrl);
    url.password = "s3cret-in-the-url";
    url.port = "1";
    const out = path.join(workDir, "unreachable.dump");
    const failed = await runScript("backup", ["--out", out], databaseEnv({ databaseUrl: url.toString() }));
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain("Cannot back up: the database DATABASE_URL names cannot be used: nothing answers");
    expect(failed.stdout + failed.stderr).not.toContain("s3cret-in-the-url");
    expect(fs.existsSync(out)).toBe(false);
  }, 60_000);
});
