/**
 * Space freed by removing guest data (the retention purge, an erasure, a policy that keeps less),
 * made reusable by the days stored next. PostgreSQL's autovacuum gets round to a table only once a
 * fifth of it is dead, which one day of a year never is; the embedded database has no autovacuum at
 * all, so without this a year of store-and-purge would only ever grow. A plain VACUUM takes no lock
 * that stops reads or writes.
 */
import { sql } from "drizzle-orm";

import type { Database } from "@/lib/server/db/types";

/** The tables of guest-level data: the retention purge empties them a day at a time, the next days fill them. */
export const GUEST_LEVEL_TABLES = ["stored_items", "live_observations", "stored_day_counts", "stored_list_counts"];

/**
 * The per property-day counts: a row per property and day, some 70,000 for a group's year. Their
 * primary keys lead with the day's report, and each day's properties arrive over more than one
 * pull (a zone's day closes after another's), so every day splits pages that the next day's report
 * already follows; with the oldest day purged each night, PostgreSQL's B-trees kept some 4 KB a day
 * of those half-filled pages. Rebuilt each night (a few MB, well under a second), they stay packed.
 */
export const COUNT_TABLES = ["stored_day_counts", "stored_list_counts"];

/**
 * The arrivals' B-trees whose pages a purged day leaves partly empty: the list index leads with
 * the property, so each night's purge thins the oldest end of every property's range while the
 * new day splits pages at the newest end, and the two partial indexes take a page of a purged day
 * back only once all of it is gone. Left alone, a year of a 200-property group grew them by some
 * pages a week and held the list index at half full (992 MB where 554 MB holds it); rebuilt each
 * night (some 40 s there, CONCURRENTLY) they stay packed. The primary key and the hash indexes
 * (their keys spread evenly) reuse what a purge frees and are left alone.
 */
export const REBUILT_INDEXES = [
  "stored_items_list_idx",
  "stored_items_criminal_list_idx",
  "stored_items_ban_candidates_idx",
];

/**
 * VACUUMs, outside any transaction (VACUUM cannot run in one):
 * - the guest-level tables, which the purge empties a day at a time. INDEX_CLEANUP ON: one day purged
 *   from a year is under the 2 % of pages below which VACUUM would otherwise leave the indexes alone,
 *   and their dead entries then grew the database by some 2.5 MB every day stored and purged;
 * - the tables a purge or an erasure updates (a day's purge time, a review's cleared notes, an audit
 *   entry's cleared check-in instant), each row's old version otherwise kept until autovacuum's turn;
 * - where no autovacuum runs (the embedded database), the whole database: every other table's
 *   deletes and updates, and the planner's statistics that each day's ANALYZE rewrites;
 * then rebuilds the count tables' indexes and REBUILT_INDEXES, CONCURRENTLY so that no read or
 * write waits for them, after dropping what an interrupted rebuild left (an invalid copy that
 * every write would otherwise keep up to date).
 */
export async function reclaimHistorySpace(db: Database): Promise<void> {
  await db.execute(sql.raw(`vacuum (index_cleanup on) ${GUEST_LEVEL_TABLES.join(", ")}`));
  const { rows } = await db.execute<{ running: boolean }>(
    sql`select exists (select 1 from pg_stat_activity where backend_type = 'autovacuum launcher') as running`,
  );
  // The whole database covers the tables a purge updates as well: one pass, not two.
  if (rows[0]?.running) {
    await db.execute(sql`vacuum stored_reports, stored_coverage, item_reviews, list_sign_offs, audit_events`);
  } else {
    await db.execute(sql`vacuum`);
  }
  await dropInterruptedRebuilds(db);
  for (const table of COUNT_TABLES) await db.execute(sql.raw(`reindex table concurrently ${table}`));
  for (const index of REBUILT_INDEXES) await db.execute(sql.raw(`reindex index concurrently ${index}`));
}

/**
 * REINDEX CONCURRENTLY builds a copy named `<index>_ccnew` and swaps it in; a process stopped
 * midway leaves that copy (or the old one, `_ccold`) invalid, never used by a read yet updated by
 * every write. Such copies of the tables rebuilt here are dropped before the next rebuild.
 */
async function dropInterruptedRebuilds(db: Database): Promise<void> {
  const { rows } = await db.execute<{ name: string }>(sql`
    select c.relname as name
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_class t on t.oid = i.indrelid
    where not i.indisvalid
      and c.relname ~ '_cc(new|old)[0-9]*$'
      and t.relname in (${sql.join(
        ["stored_items", ...COUNT_TABLES].map((name) => sql`${name}`),
        sql`, `,
      )})`);
  for (const { name } of rows) await db.execute(sql.raw(`drop index concurrently if exists "${name}"`));
}
