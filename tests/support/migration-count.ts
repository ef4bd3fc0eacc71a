import fs from "node:fs";
import path from "node:path";

import { migrationsFolder } from "@/lib/server/db/migrations-folder";

/** How many migrations drizzle/ holds: an up-to-date database has applied exactly these. */
export function migrationCount(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}
