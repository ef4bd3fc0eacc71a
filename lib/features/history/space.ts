/**
 * Space freed by removing guest data (the retention purge, an erasure, a policy that keeps less),
 * made reusable by the days stored next. PostgreSQL's autovacuum gets round to it in its own time;
 * the embedded database has no autovacuum at all, so without this a year of store-and-purge would
 * only ever grow. A plain VACUUM takes no lock that stops reads or writes.
 */
import { sql } from "drizzle-orm";

import type { Database } from "@/lib/server/db/types";

/**
 * VACUUMs the history's guest-level tables; outside any transaction (VACUUM cannot run in one).
 * INDEX_CLEANUP ON: one day purged from a year is under the 2 % of pages below which VACUUM would
 * otherwise leave the indexes alone, and their dead entries then grew the database by some 2.5 MB
 * every day stored and purged. The index passes are reads of the indexes, off any screen's path.
 */
export async function reclaimHistorySpace(db: Database): Promise<void> {
  await db.execute(
    sql`vacuum (index_cleanup on) stored_items, live_observations, stored_day_counts, stored_list_counts`,
  );
}
