import { and, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";

import { readStoredUsage } from "@/lib/features/history/stored-reads";
import { readStoredUsageDays } from "@/lib/features/history/usage-days";
import { usageDayOf } from "@/lib/features/reports/scope";
import type { Database } from "@/lib/server/db/open";
import { storedReports, storedUsageDays, storedUsageRows } from "@/lib/server/db/schema";
import { describeEachDatabase } from "@/tests/support/databases";
import { pullTime } from "@/tests/support/partner-api";
import { pullAt, simulatorPerFile } from "@/tests/support/simulator-per-file";

const sim = simulatorPerFile();

/** The same days read from the stored reports' JSON: the typed rows are not read. */
async function fromReports(db: Database, from: string, to: string) {
  return (await readStoredUsage(db, from, to)).map(({ report }) => usageDayOf(report));
}

describeEachDatabase("the stored usage days' typed rows", (db) => {
  it("stay exactly the stored reports' rows and unrecorded headlines through a store, a rewrite and a removal", async () => {
    for (const day of ["2026-11-20", "2026-11-21", "2026-11-22"]) await pullAt(db(), sim(), pullTime(day));
    await pullAt(db(), sim(), pullTime("2026-11-22", "20:00"));
    const days = await readStoredUsageDays(db(), "2026-11-01", "2026-11-30");
    expect(days.length).toBeGreaterThanOrEqual(3);
    const middle = days[1]!.day;
    expect(days.flatMap((entry) => entry.byProperty).length).toBeGreaterThan(10);
    expect(days.some((entry) => entry.unrecorded.size > 0)).toBe(true);
    expect(days).toEqual(await fromReports(db(), "2026-11-01", "2026-11-30"));
    expect(await readStoredUsageDays(db(), middle, middle)).toEqual([days[1]]);
    expect(await readStoredUsageDays(db(), "2026-11-23", "2026-11-30")).toEqual([]);

    // A day written again (as a later part of it is assembled in): its rows and headlines follow.
    const where = and(eq(storedReports.endpoint, "usage"), eq(storedReports.reportedDate, middle));
    await db()
      .update(storedReports)
      .set({
        report: sql`jsonb_set(jsonb_set(${storedReports.report}, '{byProperty,0,scans}', '4321'), '{totals,scans,value}', 'null')`,
      })
      .where(where);
    const rewritten = await readStoredUsageDays(db(), middle, middle);
    expect(rewritten[0]!.byProperty[0]!.scans).toBe(4321);
    expect(rewritten[0]!.unrecorded.has("scans")).toBe(true);
    expect(rewritten).toEqual(await fromReports(db(), middle, middle));

    // A day removed takes its rows with it.
    const [removed] = await db().delete(storedReports).where(where).returning({ id: storedReports.id });
    for (const table of [storedUsageRows, storedUsageDays]) {
      const left = await db().select().from(table).where(eq(table.reportId, removed!.id));
      expect(left).toEqual([]);
    }
    expect(await readStoredUsageDays(db(), "2026-11-01", "2026-11-30")).toEqual(
      days.filter((entry) => entry.day !== middle),
    );
  });
});
