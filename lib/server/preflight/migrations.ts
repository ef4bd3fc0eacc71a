/**
 * Whether a database has every migration this Daybook knows, as drizzle's migrator decides it: an
 * entry of drizzle/meta/_journal.json is applied when the newest row of the database's
 * `drizzle.__drizzle_migrations` was made at or after it.
 */
import fs from "node:fs";
import path from "node:path";

import { migrationsFolder } from "@/lib/server/db/migrations-folder";

export interface JournalEntry {
  tag: string;
  /** When the migration was generated: drizzle records it as the applied row's created_at. */
  when: number;
}

export function readJournal(folder: string = migrationsFolder()): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

export interface MigrationState {
  ok: boolean;
  known: number;
  applied: number;
  /** Tags of the migrations not applied yet. */
  pending: string[];
  /** Applied rows newer than any migration this Daybook knows: a newer Daybook ran on the database. */
  newer: number;
}

export function compareMigrations(journal: readonly JournalEntry[], appliedAt: readonly number[]): MigrationState {
  const last = appliedAt.length > 0 ? Math.max(...appliedAt) : -Infinity;
  const newest = journal.length > 0 ? Math.max(...journal.map((entry) => entry.when)) : -Infinity;
  const pending = journal.filter((entry) => entry.when > last).map((entry) => entry.tag);
  const newer = appliedAt.filter((at) => at > newest).length;
  return { ok: pending.length === 0 && newer === 0, known: journal.length, applied: appliedAt.length, pending, newer };
}

export function describeMigrations(state: MigrationState): string {
  if (state.newer > 0) {
    return (
      `the database has ${state.newer} migration${state.newer === 1 ? "" : "s"} this Daybook does not know: ` +
      "a newer version of Daybook ran on it; run that version (or restore a backup made before it)"
    );
  }
  if (state.pending.length > 0) {
    return (
      `${state.pending.length} of ${state.known} not applied yet (${state.pending.join(", ")}); ` +
      "Daybook applies them when it starts"
    );
  }
  return `all ${state.known} applied`;
}
