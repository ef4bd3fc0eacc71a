/**
 * Data directories (DAYBOOK_DATA_DIR) holding an embedded database, as a Daybook that started once
 * leaves them. On a new directory, PGlite's initdb (and then every migration) takes several seconds
 * of WebAssembly, paid again by each test that starts from one; here the run's files
 * (tests/support/pglite-template-global-setup.ts) are written out in a fraction of that. What is
 * tested on a directory that has never held a database (the files created, their modes, the
 * migrations applied) keeps new directories: tests/db/pglite-files.test.ts and the start-up tests.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";

import { embeddedDirectory, holdsEmbeddedDatabase } from "@/lib/server/db/pglite";

const BLOCK = 512;

/** The templates' tars (written by PGlite's dumpDataDir), each read once per test file. */
const tars = new Map<string, Buffer>();

function tar(file: string): Buffer {
  let read = tars.get(file);
  if (!read) {
    read = fs.readFileSync(file);
    tars.set(file, read);
  }
  return read;
}

function text(header: Buffer, start: number, length: number): string {
  const field = header.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
}

function octal(header: Buffer, start: number, length: number): number {
  return Number.parseInt(text(header, start, length).trim() || "0", 8);
}

/**
 * The templates were dumped from a running instance: its lock file is left out, as a Daybook that
 * closed the database leaves none.
 */
const LEFT_OUT = new Set(["postmaster.pid"]);

/**
 * Writes a tar's files and directories under `directory`. PGlite's tars are plain ustar: short
 * names (with an empty prefix), regular files and directories only.
 */
function extract(archive: Buffer, directory: string): void {
  for (let offset = 0; offset + BLOCK <= archive.length;) {
    const header = archive.subarray(offset, offset + BLOCK);
    const name = text(header, 0, 100);
    if (name === "") break;
    const prefix = text(header, 345, 131);
    const size = octal(header, 124, 12);
    const mode = octal(header, 100, 8) & 0o777;
    const type = String.fromCharCode(header[156]!);
    const target = path.join(directory, path.normalize(`/${prefix ? `${prefix}/` : ""}${name}`));
    offset += BLOCK;
    if (LEFT_OUT.has(path.relative(directory, target))) {
      // Not written.
    } else if (type === "5") {
      fs.mkdirSync(target, { recursive: true, mode });
    } else if (type === "0" || type === "\0") {
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      fs.writeFileSync(target, archive.subarray(offset, offset + size), { mode });
    } else {
      throw new Error(`the PGlite template holds an entry of tar type ${JSON.stringify(type)}: ${name}`);
    }
    offset += Math.ceil(size / BLOCK) * BLOCK;
  }
}

function addDatabase(dataDir: string, template: string): void {
  const { directory } = embeddedDirectory(dataDir);
  if (holdsEmbeddedDatabase(directory)) throw new Error(`${directory} holds a database already`);
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  extract(tar(template), directory);
  if (!holdsEmbeddedDatabase(directory)) throw new Error("the PGlite template held no database");
}

/** Gives `dataDir` (new, or empty) the run's migrated embedded database, where Daybook looks for it. */
export function addMigratedDatabase(dataDir: string): void {
  addDatabase(dataDir, inject("pgliteTemplate"));
}

/** A new data directory (under the system's temporary directory) holding a migrated embedded database. */
export function migratedDataDir(prefix: string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  addMigratedDatabase(dataDir);
  return dataDir;
}

/**
 * A new data directory holding an embedded database as initdb leaves it, before any migration: for
 * the tests that build an older schema on disk.
 */
export function unmigratedDataDir(prefix: string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  addDatabase(dataDir, inject("pgliteInitdbTemplate"));
  return dataDir;
}
