import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const JOURNAL = path.join("drizzle", "meta", "_journal.json");

function findUpwards(start: string): string | undefined {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, JOURNAL))) return path.join(dir, "drizzle");
    if (path.dirname(dir) === dir) return undefined;
  }
}

function moduleDirectory(): string | undefined {
  try {
    return path.dirname(fileURLToPath(import.meta.url));
  } catch {
    return undefined;
  }
}

/**
 * The project's drizzle/ folder. Searched upwards from this module first (lib/server/db/ under tsx and
 * Vitest, a chunk inside .next/ under `next start`), then from the working directory, so it is found
 * whichever of the three runs us and wherever it was started from.
 */
export function migrationsFolder(): string {
  const starts = [moduleDirectory(), process.cwd()].filter((dir): dir is string => dir !== undefined);
  for (const start of starts) {
    const found = findUpwards(start);
    if (found) return found;
  }
  throw new Error(`Daybook cannot find its database migrations (${JOURNAL}) above ${starts.join(" or ")}`);
}
