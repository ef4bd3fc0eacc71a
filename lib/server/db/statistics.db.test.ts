import { sql } from "drizzle-orm";
import { expect, it } from "vitest";

import { storedReports } from "@/lib/server/db/schema";
import { describeEachDatabase } from "@/tests/support/databases";

import { refreshStatisticsIfNone } from "./statistics";

describeEachDatabase("the planner's statistics at start-up", (db) => {
  it("are gathered once for a database that holds history and has none, and left alone after", async () => {
    const analyzed = async () => {
      const { rows } = await db().execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stats where tablename = 'stored_reports'`,
      );
      return rows[0]!.n;
    };
    // Nothing stored: nothing to gather.
    expect(await refreshStatisticsIfNone(db())).toBe(false);
    await db()
      .insert(storedReports)
      .values(
        ["2026-11-20", "2026-11-21", "2026-11-22"].map((day) => ({
          endpoint: "criminal-arrivals" as const,
          reportedDate: day,
          pulledAt: new Date(`${day}T12:00:00Z`),
          report: { reportedDateLocal: day, message: null },
        })),
      );
    expect(await analyzed()).toBe(0);
    expect(await refreshStatisticsIfNone(db())).toBe(true);
    expect(await analyzed()).toBeGreaterThan(0);
    expect(await refreshStatisticsIfNone(db())).toBe(false);
  });
});
