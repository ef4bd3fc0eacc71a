/**
 * Staff flags per stored guest property day (stored_day_counts.flagged and flagged_unmatched, counted
 * with the day's other figures whenever its arrivals change), as Investigations → Staff flags reads
 * them: a year is a row per property day, never its millions of arrivals. Read-only.
 */
import { sql } from "drizzle-orm";

import { storedDayCounts, storedReports } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

/** One property's stored guests of one day, and the staff flags among them. */
export interface PropertyDayFlags {
  /** The property's local day the part was stored under. */
  day: string;
  propertyName: string;
  /** The zone its arrivals named; null when they named none. */
  propertyTimeZone: string | null;
  arrivals: number;
  /** Arrivals staff flagged (isFlagged). */
  flagged: number;
  /** Of those, the ones screening matched nothing about: no ban, criminal-record or sex-offender match. */
  flaggedUnmatched: number;
}

/**
 * Per stored guests day in [from, to] and property (and zone, which tells apart properties sharing a
 * name): its arrivals and staff flags. A day whose guest data retention removed has no counts left,
 * and a day Daybook did not store has none either: neither is ever read as a day without flags.
 */
export async function readFlagCounts(db: Executor, from: string, to: string): Promise<PropertyDayFlags[]> {
  // One JSON array a day, as the coverage counts are read: a year's 72,000 counts as rows cost more
  // in the driver's parsing than in the database.
  const { rows } = await db.execute<{
    day: string;
    counts: [string, string, number, number, number][] | string | null;
  }>(sql`
    select r.reported_date as day,
      (select json_agg(json_build_array(d.property_name, d.property_time_zone, d.arrivals, d.flagged, d.flagged_unmatched))
        from ${storedDayCounts} d where d.report_id = r.id) as counts
    from ${storedReports} r
    where r.endpoint = 'guests' and r.reported_date between ${from} and ${to}`);
  return rows.flatMap(({ day, counts }) =>
    (typeof counts === "string"
      ? (JSON.parse(counts) as [string, string, number, number, number][])
      : (counts ?? [])
    ).map(([propertyName, zone, arrivals, flagged, flaggedUnmatched]) => ({
      day,
      propertyName,
      propertyTimeZone: zone || null,
      arrivals,
      flagged,
      flaggedUnmatched,
    })),
  );
}
