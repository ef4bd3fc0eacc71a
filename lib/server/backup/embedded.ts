/**
 * Backups of the embedded database: PGlite's own dump of its data directory (a .tar.gz), taken
 * while this process holds the directory's lock, so that no running Daybook writes to the files
 * meanwhile; a running one holds the lock, and the backup is refused naming its process. The files
 * are opened as they are, without migrating them: a backup is of the database as it was.
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

import { embeddedDirectory, holdsEmbeddedDatabase, PGLITE_OPTIONS } from "@/lib/server/db/pglite";
import { lockDataDirectory } from "@/lib/server/db/pglite-lock";
import { ensurePrivateDirectory } from "@/lib/server/db/private-directory";

import { countDaybook, type DaybookCounts, type RunQuery } from "./counts";

export class EmbeddedBackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EmbeddedBackupError";
  }
}

/** PGlite's queries as the counts (and the doctor's probe) run them. */
export function queryOn(client: PGlite): RunQuery {
  return async (text) => ({ rows: (await client.query<Record<string, unknown>>(text)).rows });
}

/** The dump of `dataDir`'s database and what it holds. Throws DatabaseInUseError while another process has it open. */
export async function dumpEmbedded(dataDir: string): Promise<{ archive: Blob; counts: DaybookCounts }> {
  const { directory, lockFile } = embeddedDirectory(dataDir);
  if (!holdsEmbeddedDatabase(directory)) {
    throw new EmbeddedBackupError(
      `there is no embedded database in ${directory} to back up (is DAYBOOK_DATA_DIR right?)`,
    );
  }
  const release = lockDataDirectory(directory, lockFile);
  try {
    const client = await PGlite.create(directory, PGLITE_OPTIONS);
    try {
      const counts = await countDaybook(queryOn(client));
      const archive = await client.dumpDataDir("gzip");
      return { archive, counts };
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/**
 * Opens a dump in memory and counts what it holds: proof that it loads, before it is kept or
 * after it is read back, without touching any data directory.
 */
export async function readEmbeddedDump(archive: Blob): Promise<DaybookCounts> {
  let client: PGlite;
  try {
    client = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: archive });
  } catch {
    throw new EmbeddedBackupError("the file is not a backup of Daybook's embedded database, or it is damaged");
  }
  try {
    return await countDaybook(queryOn(client));
  } finally {
    await client.close();
  }
}

export interface LoadOptions {
  /** Move a database already in the directory aside (to `pglite.before-restore-…`) rather than refuse. */
  force: boolean;
  now: Date;
}

/**
 * Loads a dump into `dataDir`, which must hold no database (or, with `force`, whose database is
 * moved aside, never deleted). Holds the directory's lock throughout, so a Daybook cannot start on
 * half-loaded files. Returns what the loaded database holds, and where a replaced one went.
 */
export async function loadEmbedded(
  dataDir: string,
  archive: Blob,
  { force, now }: LoadOptions,
): Promise<{ counts: DaybookCounts; movedAside: string | null }> {
  const { directory, lockFile } = embeddedDirectory(dataDir);
  ensurePrivateDirectory(path.dirname(directory));
  const release = lockDataDirectory(directory, lockFile);
  let movedAside: string | null = null;
  try {
    if (holdsEmbeddedDatabase(directory)) {
      if (!force) {
        throw new EmbeddedBackupError(
          `${directory} already holds a database: restore into an empty DAYBOOK_DATA_DIR, ` +
            "or add --force to move the database there aside (it is kept, not deleted)",
        );
      }
      movedAside = `${directory}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
      fs.renameSync(directory, movedAside);
    } else if (fs.existsSync(directory) && fs.readdirSync(directory).length > 0) {
      throw new EmbeddedBackupError(
        `${directory} holds files but no database: empty it or choose another DAYBOOK_DATA_DIR`,
      );
    }
    ensurePrivateDirectory(directory);
    try {
      const client = await PGlite.create(directory, { ...PGLITE_OPTIONS, loadDataDir: archive });
      try {
        return { counts: await countDaybook(queryOn(client)), movedAside };
      } finally {
        await client.close();
      }
    } catch (error) {
      // Half-loaded files would start as a broken database: they go, and a replaced database comes back.
      fs.rmSync(directory, { recursive: true, force: true });
      if (movedAside) {
        fs.renameSync(movedAside, directory);
        movedAside = null;
      }
      if (error instanceof EmbeddedBackupError) throw error;
      throw new EmbeddedBackupError(
        "the file could not be loaded: it is not a backup of Daybook's embedded database, or it is damaged",
      );
    }
  } finally {
    release();
  }
}
