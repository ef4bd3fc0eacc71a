import fs from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";

import { POLICY_FIELDS } from "@/lib/core/privacy";
import { decodeItem } from "@/lib/features/history/item-codec";
import { msOf, readListWaits, readStoredListCounts, readWaitSummaries } from "@/lib/features/history/list-counts";
import { eraseArrivals, liftArrivals, restrictArrivals } from "@/lib/features/history/person";
import { purgePersonalData } from "@/lib/features/history/purge";
import { applyStoredPolicies } from "@/lib/features/privacy/server";
import type { Database } from "@/lib/server/db/open";
import {
  privacyPolicies,
  privacyRequests,
  storedCoverage,
  storedItems,
  storedListCounts,
  storedReports,
} from "@/lib/server/db/schema";
import { describeEachDatabase } from "@/tests/support/databases";
import { pullTime } from "@/tests/support/partner-api";
import { pullAt, simulatorPerFile } from "@/tests/support/simulator-per-file";
import { firstStoredArrivals } from "@/tests/support/stored-arrivals";

const sim = simulatorPerFile();

type Count = { reportId: number; propertyName: string; listDate: string; arrivals: number; waitsMs: number[] };
const order = (a: Count, b: Count) =>
  a.reportId - b.reportId || a.propertyName.localeCompare(b.propertyName) || a.listDate.localeCompare(b.listDate);

/** The counts as the triggers keep them. */
async function kept(db: Database): Promise<Count[]> {
  const rows = await db.select().from(storedListCounts);
  return rows.map((row) => ({ ...row, waitsMs: row.waitsMs.map(Number) })).sort(order);
}

/** The same counts made here from the stored items, decoded, with the waits as Date.parse gives them. */
async function recount(db: Database): Promise<Count[]> {
  const rows = await db
    .select({ reportId: storedItems.reportId, item: storedItems.item, restrictedBy: storedItems.restrictedBy })
    .from(storedItems)
    .innerJoin(storedReports, eq(storedReports.id, storedItems.reportId))
    .where(eq(storedReports.endpoint, "criminal-arrivals"))
    .orderBy(asc(storedItems.reportId), asc(storedItems.position));
  const counts = new Map<string, Count>();
  for (const row of rows) {
    if (row.restrictedBy !== null) continue;
    const item = decodeItem<{
      propertyName: string;
      checkInDateLocal: string;
      checkInAtUtc: string;
      acknowledgedAtUtc: string | null;
    }>(row.item);
    const key = JSON.stringify([row.reportId, item.propertyName, item.checkInDateLocal]);
    const count = counts.get(key) ?? {
      reportId: row.reportId,
      propertyName: item.propertyName,
      listDate: item.checkInDateLocal,
      arrivals: 0,
      waitsMs: [],
    };
    count.arrivals += 1;
    if (item.acknowledgedAtUtc !== null)
      count.waitsMs.push(Date.parse(item.acknowledgedAtUtc) - Date.parse(item.checkInAtUtc));
    counts.set(key, count);
  }
  return [...counts.values()].map((count) => ({ ...count, waitsMs: count.waitsMs.sort((a, b) => a - b) })).sort(order);
}

describeEachDatabase("the per-list counts of criminal arrivals", (db) => {
  it("stay exactly a recount of the arrivals through a store, an erasure, a restriction, a purge and a policy change", async () => {
    for (const day of ["2026-11-20", "2026-11-21", "2026-11-22"]) await pullAt(db(), sim(), pullTime(day));
    await pullAt(db(), sim(), pullTime("2026-11-22", "18:00"));
    const stored = await kept(db());
    expect(stored.length).toBeGreaterThan(5);
    expect(stored.some((count) => count.waitsMs.length > 0)).toBe(true);
    expect(stored.some((count) => count.waitsMs.length < count.arrivals)).toBe(true);
    expect(stored).toEqual(await recount(db()));
    const now = new Date(pullTime("2026-11-23"));

    // The migration's own count of an install's existing history (its last statement) gives the same.
    const migration = fs.readFileSync(path.join(__dirname, "../../../drizzle/0013_list-counts.sql"), "utf8");
    const backfill = migration.split("--> statement-breakpoint").at(-1)!;
    expect(backfill).toMatch(/^\s*INSERT INTO "stored_list_counts"/);
    await db().delete(storedListCounts);
    await db().execute(sql.raw(backfill));
    expect(await kept(db())).toEqual(stored);

    // The range read gives the same parts, with their pull.
    const read = await readStoredListCounts(db(), "2026-11-19", "2026-11-22");
    expect(read.reduce((sum, part) => sum + part.arrivals, 0)).toBe(
      stored.filter((count) => count.listDate <= "2026-11-22").reduce((sum, count) => sum + count.arrivals, 0),
    );
    // Each part's pull to the ms, as its property's part of the day holds it.
    const pulls = await db()
      .select({ propertyName: storedCoverage.propertyName, pulledAt: storedCoverage.pulledAt })
      .from(storedCoverage);
    expect(read.length).toBeGreaterThan(0);
    for (const part of read) {
      expect(
        pulls.some((pull) => pull.propertyName === part.propertyName && pull.pulledAt.getTime() === part.pulledMs),
      ).toBe(true);
    }

    // Per spelling, the database's sums and median wait are the ones taken from the waits here.
    const inRange = stored.filter((count) => count.listDate >= "2026-11-19" && count.listDate <= "2026-11-22");
    const names = [...new Set(inRange.map((count) => count.propertyName))].sort();
    const summaries = await readWaitSummaries(db(), "2026-11-19", "2026-11-22");
    expect(summaries.map((summary) => summary.propertyName).sort()).toEqual(names);
    const middle = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const at = Math.floor(sorted.length / 2);
      if (sorted.length === 0) return null;
      return sorted.length % 2 === 1 ? sorted[at]! : (sorted[at - 1]! + sorted[at]!) / 2;
    };
    for (const name of names) {
      const parts = inRange.filter((count) => count.propertyName === name);
      const waits = parts.flatMap((count) => count.waitsMs);
      expect(summaries.find((summary) => summary.propertyName === name)).toEqual({
        propertyName: name,
        arrivals: parts.reduce((sum, count) => sum + count.arrivals, 0),
        acknowledged: waits.length,
        medianMs: middle(waits),
      });
    }
    expect(summaries.some((summary) => summary.acknowledged % 2 === 0 && summary.acknowledged > 0)).toBe(true);
    expect(summaries.some((summary) => summary.acknowledged % 2 === 1)).toBe(true);
    // The parts of named spellings, each with its waits.
    const asked = names.slice(0, 2);
    const waits = await readListWaits(db(), "2026-11-19", "2026-11-22", asked);
    const byPart = (a: { propertyName: string; arrivals: number; waitsMs: number[] }, b: typeof a) =>
      a.propertyName.localeCompare(b.propertyName) ||
      a.arrivals - b.arrivals ||
      a.waitsMs.join().localeCompare(b.waitsMs.join());
    expect([...waits].sort(byPart)).toEqual(
      inRange
        .filter((count) => asked.includes(count.propertyName))
        .map(({ propertyName, arrivals, waitsMs }) => ({ propertyName, arrivals, waitsMs }))
        .sort(byPart),
    );

    // Erasure.
    const [first, second, third] = await firstStoredArrivals(db(), "criminal-arrivals", 3);
    await db().transaction((tx) => eraseArrivals(tx, [first!], now));
    const afterErasure = await kept(db());
    expect(afterErasure).toEqual(await recount(db()));
    expect(afterErasure.reduce((sum, c) => sum + c.arrivals, 0)).toBe(
      stored.reduce((sum, c) => sum + c.arrivals, 0) - 1,
    );

    // A restriction leaves its arrivals out; lifting it brings them back.
    const [request] = await db()
      .insert(privacyRequests)
      .values({ kind: "restriction", reference: null, receivedAt: now, dueAt: now })
      .returning({ id: privacyRequests.id });
    await restrictArrivals(db(), [second!, third!], request!.id, now);
    const restricted = await kept(db());
    expect(restricted).toEqual(await recount(db()));
    expect(restricted.reduce((sum, c) => sum + c.arrivals, 0)).toBe(
      afterErasure.reduce((sum, c) => sum + c.arrivals, 0) - 2,
    );
    await liftArrivals(db(), request!.id, now);
    expect(await kept(db())).toEqual(afterErasure);

    // The retention purge of the oldest day: its counts go with its arrivals, the others stay.
    await purgePersonalData(db(), "2026-11-20", now);
    const afterPurge = await kept(db());
    expect(afterPurge).toEqual(await recount(db()));
    expect(afterPurge.length).toBeLessThan(afterErasure.length);
    expect(afterPurge.length).toBeGreaterThan(0);
    // Nothing counted is left of a report whose arrivals are gone.
    const { rows } = await db().execute<{ n: number }>(sql`
      select count(*)::int as n from ${storedListCounts} c
      where not exists (select 1 from ${storedItems} i where i.report_id = c.report_id and i.property_name = c.property_name)`);
    expect(Number(rows[0]!.n)).toBe(0);

    // A policy that keeps no criminal details removes the criminal arrivals, and their counts with them.
    const strict = Object.fromEntries(POLICY_FIELDS.map((field) => [field, false]));
    await db()
      .update(privacyPolicies)
      .set({ kept: strict, criminalDetails: false })
      .where(eq(privacyPolicies.isDefault, true));
    await applyStoredPolicies(db(), now);
    const afterPolicy = await kept(db());
    expect(afterPolicy).toEqual(await recount(db()));
    expect(afterPolicy).toEqual([]);
  });
});

describeEachDatabase("an instant in whole milliseconds", (db) => {
  it("is the exact millisecond the instant falls in, as extract's numeric gives it, whatever its microseconds", async () => {
    // Whole milliseconds (as Daybook writes them) and every microsecond next to a millisecond's edge,
    // across the years a history spans, and a spread of others.
    const { rows } = await db().execute<{ instants: number; differ: number }>(sql`
      with instants as (
        select timestamptz '2020-01-01 00:00:00+00' + make_interval(secs => s.n * 7919.0) + make_interval(secs => u.us / 1e6) as t
        from generate_series(0, 4000) as s(n)
        cross join unnest(array[0, 1, 499, 500, 501, 998, 999, 1000, 1001, 123456, 999000, 999998, 999999]) as u(us)
      )
      select count(*)::int as instants,
        (count(*) filter (where floor(extract(epoch from t) * 1000) <> ${msOf(sql`t`)}))::int as differ
      from instants`);
    expect(rows[0]).toEqual({ instants: 4001 * 13, differ: 0 });
  });
});
