/**
 * The per property-day counts of stored guest arrivals (stored_day_counts): recounted from the
 * arrivals themselves whenever they change, so they are exact by construction, and read instead of
 * the arrivals wherever a screen only counts (screening coverage, manual share, trends).
 */
import { and, eq, inArray, sql } from "drizzle-orm";

import { SIGNAL } from "@/lib/core/match-outcomes";
import { storedDayCounts, storedItems } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

/** Any screening match at the desk: a flagged guest with none of these was flagged on staff's own judgement. */
const MATCHES = SIGNAL.banMatched | SIGNAL.criminalRecord | SIGNAL.sexOffender;

/** One property's part of one stored guests day. */
export interface DayPart {
  reportId: number;
  propertyName: string;
}

/** Recounts these parts from their kept arrivals; a part with none left has no row. */
export async function recountDays(db: Executor, parts: readonly DayPart[]): Promise<void> {
  const byReport = new Map<number, Set<string>>();
  for (const part of parts)
    byReport.set(part.reportId, (byReport.get(part.reportId) ?? new Set()).add(part.propertyName));
  for (const [reportId, names] of byReport) {
    const list = [...names];
    await db
      .delete(storedDayCounts)
      .where(and(eq(storedDayCounts.reportId, reportId), inArray(storedDayCounts.propertyName, list)));
    await db.execute(sql`
      insert into ${storedDayCounts}
        (report_id, property_name, property_time_zone, arrivals, unscreened, manual, flagged, flagged_unmatched)
      select report_id, property_name, coalesce(property_time_zone, ''), count(*)::int,
        (count(*) filter (where matched_ban_at_check_in is null))::int,
        (count(*) filter (where source <> 'scan'))::int,
        (count(*) filter (where signals & ${sql.raw(String(SIGNAL.staffFlag))} <> 0))::int,
        (count(*) filter (where signals & ${sql.raw(String(SIGNAL.staffFlag))} <> 0 and signals & ${sql.raw(String(MATCHES))} = 0))::int
      from ${storedItems}
      where report_id = ${reportId} and ${inArray(storedItems.propertyName, list)}
      group by report_id, property_name, coalesce(property_time_zone, '')`);
  }
}
