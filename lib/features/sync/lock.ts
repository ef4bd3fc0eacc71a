/**
 * Only one pull at a time, across every instance on one database (an advisory lock, see
 * lib/server/db/advisory-lock.ts), and within this process.
 */

import { withAdvisoryLock, type Locked } from "@/lib/server/db/advisory-lock";
import type { Database } from "@/lib/server/db/types";
import { processWide } from "@/lib/server/process-state";

const LOCK = "daybook sync";

// Once per process: dev hot reload evaluates this module again while a pull of the old one may still run.
const pulling = processWide("sync.pulling", () => new WeakSet<object>());

export type { Locked } from "@/lib/server/db/advisory-lock";

export async function withPullLock<T>(db: Database, work: () => Promise<T>): Promise<Locked<T>> {
  if (pulling.has(db)) return { acquired: false };
  pulling.add(db);
  try {
    return await withAdvisoryLock(db, LOCK, work, { wait: false });
  } finally {
    pulling.delete(db);
  }
}
