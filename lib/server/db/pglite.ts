import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

import { processWide } from "@/lib/server/process-state";

import { lockDataDirectory } from "./pglite-lock";
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
  const template = memoryTemplate;
  const client = template ? await PGlite.create({ loadDataDir: await template }) : await PGlite.create();
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

async function openFiles(directory: string, migrationsFolder: string): Promise<OpenFiles> {
  fs.mkdirSync(directory, { recursive: true });
  const release = lockDataDirectory(directory, `${directory}.lock`);
  try {
    const client = await PGlite.create(directory);
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
async function openOnDisk(directory: string, migrationsFolder: string) {
  while (!shared.has(directory) && closing.has(directory)) await closing.get(directory);
  let entry = shared.get(directory);
  if (!entry) {
    const created: Shared = { files: openFiles(directory, migrationsFolder), users: 0 };
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
  if (dataDir === IN_MEMORY) return openInMemory(migrationsFolder);
  return openOnDisk(path.resolve(dataDir, "pglite"), migrationsFolder);
}
