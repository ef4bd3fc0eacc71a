import { count, sql } from "drizzle-orm";
import { expect, it } from "vitest";

import { COUNT_TABLES, GUEST_LEVEL_TABLES, REBUILT_INDEXES, reclaimHistorySpace } from "@/lib/features/history/space";
import { runHousekeeping } from "@/lib/features/sync/housekeeping";
import { runSync } from "@/lib/features/sync/run";
import { storedItems } from "@/lib/server/db/schema";
import type { Database } from "@/lib/server/db/types";
import { describeEachDatabase } from "@/tests/support/databases";
import { apiFor, pullTime } from "@/tests/support/partner-api";
import { simulatorPerFile } from "@/tests/support/simulator-per-file";

const sim = simulatorPerFile();

/** The stored arrivals' table on disk (its heap, where the arrivals themselves are). */
async function heapBytes(db: Database): Promise<number> {
  const { rows } = await db.execute<{ bytes: string }>(sql`select pg_relation_size('stored_items') as bytes`);
  return Number(rows[0]!.bytes);
}

async function pullKeepingAll(db: Database, day: string) {
  await sim().setClock(pullTime(day));
  await runSync(db, apiFor(sim()), { now: new Date(pullTime(day)), trigger: "command", retentionDays: 3650 });
  const [row] = await db.select({ n: count() }).from(storedItems);
  return row!.n;
}

describeEachDatabase("the space of purged guest data", (db) => {
  it("is reused by the next day stored, once housekeeping has run", async () => {
    const first = await pullKeepingAll(db(), "2026-11-20");
    const firstBytes = await heapBytes(db());
    expect(first).toBeGreaterThan(100);

    // A day's retention: housekeeping two days later removes that day, then makes its space reusable.
    const done = await runHousekeeping(db(), {
      now: new Date("2026-11-22T12:00:00Z"),
      retentionDays: 1,
      auditRetentionDays: 365,
      session: { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 },
    });
    expect(done).toMatchObject({ status: "done", run: { removed: { guestDays: 1 } } });
    const [left] = await db().select({ n: count() }).from(storedItems);
    expect(left!.n).toBe(0);
    // And the planner has statistics of what is stored (the embedded database gathers none itself).
    const { rows: analyzed } = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stats where tablename in ('stored_reports', 'stored_coverage')`,
    );
    expect(analyzed[0]!.n).toBeGreaterThan(0);

    const second = await pullKeepingAll(db(), "2026-11-22");
    // The second day went into the first one's space: the table is about one day large, not two.
    expect(await heapBytes(db())).toBeLessThanOrEqual(firstBytes * (second / first) * 1.2);
  });

  it("vacuums the tables a purge empties or updates, and every table where no autovacuum runs", async () => {
    await reclaimHistorySpace(db());
    const { rows } = await db().execute<{ relname: string; vacuumed: boolean }>(
      sql`select relname, vacuum_count > 0 as vacuumed from pg_stat_user_tables`,
    );
    const vacuumed = new Set(rows.filter((row) => row.vacuumed).map((row) => row.relname));
    const purged = [...GUEST_LEVEL_TABLES, "stored_reports", "stored_coverage", "item_reviews", "list_sign_offs"];
    expect(purged.filter((name) => !vacuumed.has(name))).toEqual([]);
    const { rows: launcher } = await db().execute<{ running: boolean }>(
      sql`select exists (select 1 from pg_stat_activity where backend_type = 'autovacuum launcher') as running`,
    );
    // The embedded database has none: there, what sessions, throttles and settings leave behind too.
    const others = ["users", "user_sessions", "sign_in_throttle", "app_settings"];
    expect(others.filter((name) => vacuumed.has(name))).toEqual(launcher[0]!.running ? [] : others);
  });

  it("rebuilds the count tables' and the arrivals' thinned indexes each time, and leaves no half-built one behind", async () => {
    await pullKeepingAll(db(), "2026-11-20");
    const indexes = async () =>
      (
        await db().execute<{ name: string; node: string; valid: boolean }>(sql`
          select i.indexrelid::regclass::text as name, pg_relation_filenode(i.indexrelid)::text as node,
            i.indisvalid as valid
          from pg_index i join pg_class t on t.oid = i.indrelid
          where t.relname in (${sql.join(
            [...COUNT_TABLES, "stored_items"].map((name) => sql`${name}`),
            sql`, `,
          )})
          order by 1`)
      ).rows;
    // What a rebuild stopped midway leaves: an invalid copy named as REINDEX CONCURRENTLY names it
    // (a concurrent build that fails is left exactly so).
    await expect(
      db().execute(sql`create unique index concurrently stored_items_list_idx_ccnew on stored_items ((true))`),
    ).rejects.toThrow();
    const before = await indexes();
    expect(before.find((index) => index.name === "stored_items_list_idx_ccnew")).toMatchObject({ valid: false });

    await reclaimHistorySpace(db());
    const after = await indexes();
    const kept = before.filter((index) => index.name !== "stored_items_list_idx_ccnew");
    expect(after.map(({ name, valid }) => ({ name, valid }))).toEqual(kept.map(({ name }) => ({ name, valid: true })));
    // New files for each index rebuilt; the arrivals' others (primary key, hash indexes) untouched.
    const rebuilt = after.filter((index, k) => index.node !== kept[k]!.node).map((index) => index.name);
    const counts = kept.filter((index) => !index.name.startsWith("stored_items")).map((index) => index.name);
    expect(rebuilt.sort()).toEqual([...counts, ...REBUILT_INDEXES].sort());
  });
});
