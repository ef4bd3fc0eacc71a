/**
 * Which usage days Daybook stored, by date alone: for a listing over "the last N stored days"
 * (unusual days), which then reads those days' reports in one range read. Kept apart from store.ts,
 * and read-only.
 */
import { and, desc, eq, lte } from "drizzle-orm";

import { storedReports } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

/** The `count` newest stored usage days on or before `to` (any, when not given), newest first. */
export async function readNewestUsageDays(db: Executor, count: number, to?: string): Promise<string[]> {
  const rows = await db
    .select({ day: storedReports.reportedDate })
    .from(storedReports)
    .where(and(eq(storedReports.endpoint, "usage"), to === undefined ? undefined : lte(storedReports.reportedDate, to)))
    .orderBy(desc(storedReports.reportedDate))
    .limit(count);
  return rows.map((row) => row.day);
}
