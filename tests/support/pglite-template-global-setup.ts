import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

import { IN_MEMORY, openDatabase } from "@/lib/server/db/open";
import { memoryDatabaseFiles } from "@/lib/server/db/pglite";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated in-memory PGlite database's files; see tests/support/databases.ts. */
    pgliteTemplate: string;
  }
}

/**
 * PGlite's initdb and the migrations, once for the whole run: every test file runs in a process of
 * its own, and each used to spend seconds of WebAssembly on them before its first test.
 */
export default async function setup(project: TestProject) {
  const opened = await openDatabase({ dataDir: IN_MEMORY });
  await opened.close();
  const files = await memoryDatabaseFiles()!;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "daybook-pglite-template-"));
  const file = path.join(directory, "migrated.tar");
  fs.writeFileSync(file, Buffer.from(await files.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(directory, { recursive: true, force: true });
}
