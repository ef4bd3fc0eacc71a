/**
 * Space freed by removing guest data (the retention purge, an erasure, a policy that keeps less),
 * made reusable by the days stored next. PostgreSQL's autovacuum gets round to it in its own time;
 * the embedded database has no autovacuum at all, so without this a year of store-and-purge would
 * only ever grow. A plain VACUUM takes no lock that stops reads or writes.
 */
import { sql } from "drizzle-orm";

import type { Database } from "@/lib/server/db/types";

/** VACUUMs the history's guest-level tables; outside any transaction (VACUUM cannot run in one). */
export async function reclaimHistorySpace(db: Database): Promise<void> {
  await db.execute(sql`vacuum stored_items, live_observations, stored_day_counts`);
}
