import { asc, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";

import { POLICY_FIELDS } from "@/lib/core/privacy";
import { ITEM_FIELD_CODES } from "@/lib/features/history/item-codec";
import { eraseArrivals } from "@/lib/features/history/person";
import { purgePersonalData } from "@/lib/features/history/purge";
import { readCoverageCounts } from "@/lib/features/history/screening";
import { applyStoredPolicies } from "@/lib/features/privacy/server";
import type { Database } from "@/lib/server/db/open";
import { privacyPolicies, storedDayCounts, storedItems, storedReports } from "@/lib/server/db/schema";
import { describeEachDatabase } from "@/tests/support/databases";
import { pullTime } from "@/tests/support/partner-api";
import { pullAt, simulatorPerFile } from "@/tests/support/simulator-per-file";
import { firstStoredArrivals } from "@/tests/support/stored-arrivals";

const sim = simulatorPerFile();

/** The counts as kept, in one order. */
async function kept(db: Database) {
  return db
    .select({
      reportId: storedDayCounts.reportId,
      propertyName: storedDayCounts.propertyName,
      propertyTimeZone: storedDayCounts.propertyTimeZone,
      arrivals: storedDayCounts.arrivals,
      unscreened: storedDayCounts.unscreened,
      manual: storedDayCounts.manual,
    })
    .from(storedDayCounts)
    .orderBy(asc(storedDayCounts.reportId), asc(storedDayCounts.propertyName), asc(storedDayCounts.propertyTimeZone));
}

/** The same counts made again from the arrivals' JSON as the API sent them: the typed columns are not read. */
async function recount(db: Database) {
  const { rows } = await db.execute<{
    reportId: string;
    propertyName: string;
    propertyTimeZone: string;
    arrivals: number;
    unscreened: number;
    manual: number;
  }>(sql`
    select i.report_id as "reportId", i.property_name as "propertyName",
      coalesce(i.item->>${ITEM_FIELD_CODES.propertyTimeZone}, '') as "propertyTimeZone", count(*)::int as arrivals,
      (count(*) filter (where i.item->${ITEM_FIELD_CODES.matchedBanAtCheckIn} = 'null'::jsonb))::int as unscreened,
      (count(*) filter (where i.item->>${ITEM_FIELD_CODES.source} <> 'scan'))::int as manual
    from ${storedItems} i join ${storedReports} r on r.id = i.report_id
    where r.endpoint = 'guests'
    group by 1, 2, 3 order by 1, 2, 3`);
  return rows.map((row) => ({ ...row, reportId: Number(row.reportId) }));
}

describeEachDatabase("the per property-day counts", (db) => {
  it("stay exactly a recount of the arrivals through a store, an erasure, a policy change and a purge", async () => {
    for (const day of ["2026-11-20", "2026-11-21", "2026-11-22"]) await pullAt(db(), sim(), pullTime(day));
    // A later pull of a stored day only reads its live fields again: the counts stay.
    await pullAt(db(), sim(), pullTime("2026-11-22", "18:00"));
    const stored = await kept(db());
    expect(stored.length).toBeGreaterThan(10);
    expect(stored.some((row) => row.unscreened > 0)).toBe(true);
    expect(stored.some((row) => row.manual > 0)).toBe(true);
    expect(stored).toEqual(await recount(db()));

    // Erasure: three arrivals of one property day go, and so do they from its count.
    const victims = await firstStoredArrivals(db(), "guests", 3);
    const before = stored.find(
      (row) => row.reportId === victims[0]!.reportId && row.propertyName === victims[0]!.propertyName,
    )!;
    await db().transaction((tx) => eraseArrivals(tx, victims, new Date(pullTime("2026-11-23"))));
    const afterErasure = await kept(db());
    expect(afterErasure).toEqual(await recount(db()));
    const part = afterErasure.find(
      (row) => row.reportId === before.reportId && row.propertyName === before.propertyName,
    )!;
    expect(part.arrivals).toBe(before.arrivals - victims.filter((v) => v.propertyName === before.propertyName).length);

    // A stricter policy removes fields, never arrivals: the counts stay as they were.
    const strict = Object.fromEntries(POLICY_FIELDS.map((field) => [field, false]));
    await db().update(privacyPolicies).set({ kept: strict }).where(eq(privacyPolicies.isDefault, true));
    await applyStoredPolicies(db(), new Date(pullTime("2026-11-23")));
    expect(await kept(db())).toEqual(afterErasure);
    expect(afterErasure).toEqual(await recount(db()));

    // The retention purge of the oldest day: its counts go with its arrivals, the others stay.
    await purgePersonalData(db(), "2026-11-20", new Date(pullTime("2026-11-23")));
    const afterPurge = await kept(db());
    expect(afterPurge).toEqual(await recount(db()));
    expect(await readCoverageCounts(db(), "2026-11-19", "2026-11-19")).toEqual([]);
    expect((await readCoverageCounts(db(), "2026-11-20", "2026-11-21")).length).toBeGreaterThan(5);
    expect(afterPurge.length).toBeLessThan(afterErasure.length);
  });
});
