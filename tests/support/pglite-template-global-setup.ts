import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";

import { migrationsFolder } from "@/lib/server/db/migrations-folder";
import { PGLITE_OPTIONS } from "@/lib/server/db/pglite";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated in-memory PGlite database's files; see tests/support/databases.ts. */
    pgliteTemplate: string;
    /** The same database's files before any migration, as initdb left them; see tests/support/data-directory.ts. */
    pgliteInitdbTemplate: string;
  }
}

/**
 * PGlite's initdb and the migrations, once for the whole run: every test file runs in a process of
 * its own, and each used to spend seconds of WebAssembly on them before its first test. The files
 * are kept twice: as initdb left them (for the tests that migrate an older schema), then with every
 * migration applied, by Daybook's start-up settings and drizzle's migrator as Daybook opens a
 * database (which runs the migrations again on every copy, finding nothing to do).
 */
export default async function setup(project: TestProject) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "daybook-pglite-template-"));
  const keep = async (client: PGlite, name: string) => {
    const file = path.join(directory, name);
    fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
    return file;
  };
  try {
    const client = await PGlite.create(PGLITE_OPTIONS);
    try {
      project.provide("pgliteInitdbTemplate", await keep(client, "initdb.tar"));
      await migrate(drizzle({ client }), { migrationsFolder: migrationsFolder() });
      project.provide("pgliteTemplate", await keep(client, "migrated.tar"));
    } finally {
      await client.close();
    }
  } catch (error) {
    fs.rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  return () => fs.rmSync(directory, { recursive: true, force: true });
}
