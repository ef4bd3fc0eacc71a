import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

import { log } from "@/lib/server/log";
import { processWide } from "@/lib/server/process-state";

import { lockDataDirectory } from "./pglite-lock";
import { ensurePrivateDirectory } from "./private-directory";
import { guardQueryErrors } from "./query-errors";
import * as schema from "./schema";
import type { Database } from "./types";

export const IN_MEMORY = ":memory:";

interface OpenFiles {
  client: PGlite;
  db: Database;
  release(): void;
}

interface Shared {
  files: Promise<OpenFiles>;
  users: number;
}

// Once per process, so that a module evaluated again by dev hot reload still sees what this process holds.
const { shared, closing } = processWide("db.pglite", () => ({
  shared: new Map<string, Shared>(),
  closing: new Map<string, Promise<void>>(),
}));

let memoryTemplate: Promise<Blob> | undefined;
let memoryTemplateSource: (() => Promise<Blob>) | undefined;

/**
 * Where in-memory databases start from before this process has made its own template: the files
 * of a migrated in-memory database made elsewhere (a test run makes them once, for the many test
 * processes that would each run initdb again). Migrations still run on every copy, so files older
 * than the migrations are brought up to date, not trusted.
 */
export function startMemoryDatabasesFrom(load: () => Promise<Blob>): void {
  memoryTemplateSource = load;
}

/** The migrated files in-memory databases start from, once one has been opened in this process. */
export function memoryDatabaseFiles(): Promise<Blob> | undefined {
  return memoryTemplate;
}

/**
 * Postgres's defaults suit a server with a machine of its own; PGlite runs inside Daybook's
 * process, and its WebAssembly memory never shrinks. Postgres touches all of shared_buffers as it
 * starts, so the default 128 MB was resident in every server, busy or idle. 16 MB keeps the indexes
 * and small tables read most; other pages come back from the operating system's file cache, and a
 * scan of a large table (the stored items) reads through a small ring of buffers whatever the
 * setting. maintenance_work_mem caps what a migration's index build may take (the default 64 MB
 * would stay in the WebAssembly memory once used). In memory (tests) the settings are the same, so
 * that tests run what production runs.
 */
const STARTUP_SETTINGS = ["shared_buffers=16MB", "maintenance_work_mem=16MB"];

const OPTIONS: PGliteOptions = {
  startParams: [...PGlite.defaultStartParams, ...STARTUP_SETTINGS.flatMap((setting) => ["-c", setting])],
};

/**
 * Creates the database files of a new directory in a short-lived Node process. PGlite's initdb runs
 * beside a second, temporary instance and copies of its memory, several hundred MB that a
 * long-running process would keep (until a garbage collection that an idle server may not run
 * for a long time, and some of it for good), whereas a process that exits gives all of it back.
 * The child loads PGlite from the node_modules this module sees, or the working directory's.
 */
const CREATE_FILES = `
import { createRequire } from "node:module";
import path from "node:path";
const [directory, options, ...starts] = process.argv.slice(1);
let pglite;
for (const start of starts) {
  try {
    pglite = createRequire(path.join(start, "noop.js"))("@electric-sql/pglite");
    break;
  } catch {}
}
if (!pglite) process.exit(3);
const client = await pglite.PGlite.create(directory, JSON.parse(options));
await client.close();
`;

function moduleDirectory(): string | undefined {
  try {
    return path.dirname(fileURLToPath(import.meta.url));
  } catch {
    return undefined;
  }
}

/** Where PGlite keeps its files under DAYBOOK_DATA_DIR, and the lock file beside them. */
export function embeddedDirectory(dataDir: string): { directory: string; lockFile: string } {
  const directory = path.resolve(dataDir, "pglite");
  return { directory, lockFile: `${directory}.lock` };
}

/** Whether `directory` holds a database's files (initdb has run there). */
export function holdsEmbeddedDatabase(directory: string): boolean {
  return fs.existsSync(path.join(directory, "PG_VERSION"));
}

async function createFilesInChild(directory: string): Promise<void> {
  if (holdsEmbeddedDatabase(directory)) return;
  const starts = [moduleDirectory(), process.cwd()].filter((dir): dir is string => dir !== undefined);
  const outcome = await new Promise<string | undefined>((resolve) => {
    execFile(
      process.execPath,
      ["--input-type=module", "--eval", CREATE_FILES, directory, JSON.stringify(OPTIONS), ...starts],
      // An environment of its own: the child needs none of the server's (its secrets included), and
      // NODE_OPTIONS may preload what belongs to the server (a monitoring preload, an inspector port).
      { env: { NODE_ENV: "production" }, maxBuffer: 16 * 1024 * 1024 },
      (error) => resolve(error ? `code ${String(error.code ?? error.signal ?? "unknown")}` : undefined),
    );
  });
  if (outcome === undefined) return;
  // Nothing written yet: PGlite.create() here runs initdb itself, as it always did, at the higher memory cost.
  if (!holdsEmbeddedDatabase(directory)) {
    log.warn(`db: creating the embedded database in a child process failed (${outcome}); creating it here`);
    return;
  }
  throw new Error(
    `Daybook could not create the embedded database in ${directory} (${outcome}); remove the directory and start again`,
  );
}

async function migrated(client: PGlite, migrationsFolder: string): Promise<Database> {
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder });
  return db;
}

/**
 * PGlite's initdb takes seconds in WebAssembly, and tests open many in-memory databases: the first
 * one's freshly migrated files are kept, and later ones start from a copy in well under a second.
 */
async function openInMemory(migrationsFolder: string) {
  memoryTemplate ??= memoryTemplateSource?.();
  const template = memoryTemplate;
  const client = await PGlite.create(template ? { ...OPTIONS, loadDataDir: await template } : OPTIONS);
  try {
    const db = await migrated(client, migrationsFolder);
    if (!memoryTemplate) {
      const dump = client.dumpDataDir("none");
      memoryTemplate = dump;
      await dump.catch((error: unknown) => {
        if (memoryTemplate === dump) memoryTemplate = undefined;
        throw error;
      });
    }
    return { db, close: () => client.close() };
  } catch (error) {
    await client.close();
    throw error;
  }
}

async function openFiles(directory: string, lockFile: string, migrationsFolder: string): Promise<OpenFiles> {
  // The data directory (which also holds the demo's secret and the simulator's log), then PGlite's own.
  ensurePrivateDirectory(path.dirname(directory));
  ensurePrivateDirectory(directory);
  const release = lockDataDirectory(directory, lockFile);
  try {
    await createFilesInChild(directory);
    const client = await PGlite.create(directory, OPTIONS);
    try {
      return { client, db: await migrated(client, migrationsFolder), release };
    } catch (error) {
      await client.close();
      throw error;
    }
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * One PGlite per data directory in this process, shared by every caller until the last one closes:
 * two instances on the same files would corrupt them just as two processes would.
 */
async function openOnDisk(directory: string, lockFile: string, migrationsFolder: string) {
  while (!shared.has(directory) && closing.has(directory)) await closing.get(directory);
  let entry = shared.get(directory);
  if (!entry) {
    const created: Shared = { files: openFiles(directory, lockFile, migrationsFolder), users: 0 };
    created.files.catch(() => {
      if (shared.get(directory) === created) shared.delete(directory);
    });
    shared.set(directory, created);
    entry = created;
  }
  const used = entry;
  used.users++;
  let files: OpenFiles;
  try {
    files = await used.files;
  } catch (error) {
    used.users--;
    throw error;
  }
  let closed = false;
  return {
    db: files.db,
    close: async () => {
      if (closed) return;
      closed = true;
      if (--used.users > 0) return;
      shared.delete(directory);
      const done = files.client.close().finally(files.release);
      const settled: Promise<void> = done
        .catch(() => undefined)
        .finally(() => {
          if (closing.get(directory) === settled) closing.delete(directory);
        });
      closing.set(directory, settled);
      await done;
    },
  };
}

export function openPglite(dataDir: string, migrationsFolder: string) {
  guardQueryErrors();
  if (dataDir === IN_MEMORY) return openInMemory(migrationsFolder);
  const { directory, lockFile } = embeddedDirectory(dataDir);
  return openOnDisk(directory, lockFile, migrationsFolder);
}

/** Daybook's start-up settings, for the backup commands, which open the files without migrating them. */
export const PGLITE_OPTIONS: PGliteOptions = OPTIONS;
