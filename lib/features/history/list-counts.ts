/**
 * The stored criminal-arrival lists of a range, counted: per report, property and local day, its
 * arrivals and its acknowledgement waits (stored_list_counts, kept exact by the database's triggers
 * on stored_items). What Properties' acknowledgement and sign-off figures read for a year, where the
 * arrivals themselves are a quarter of a million rows. Read-only.
 */
import { sql } from "drizzle-orm";

import { addDays } from "@/lib/core/days";
import { storedCoverage, storedListCounts, storedReports } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

/** One property's part of one list, as one pull stored it. */
export interface StoredListCount {
  propertyName: string;
  listDate: string;
  /** When the part was stored (its property's pull). */
  pulledAt: Date;
  arrivals: number;
  /** acknowledgedAtUtc − checkInAtUtc of each acknowledged arrival, in ms, ascending. */
  waitsMs: number[];
}

type Row = {
  property_name: string;
  list_date: string;
  pulled_at: Date | string;
  arrivals: number;
  waits_ms: (number | string)[] | string;
};

/** bigint[] as the drivers give it: an array of numbers or strings, or PostgreSQL's '{1,2}' text. */
function waitsOf(value: Row["waits_ms"]): number[] {
  const list =
    typeof value === "string"
      ? value
          .replace(/^\{|\}$/g, "")
          .split(",")
          .filter(Boolean)
      : value;
  return list.map(Number);
}

/**
 * The list parts whose local day lies in [from, to]: from the criminal-arrival reports that can
 * hold those days (a property's day may differ from the report's by one each side), then each
 * report's counts by the primary key.
 */
export async function readStoredListCounts(db: Executor, from: string, to: string): Promise<StoredListCount[]> {
  const { rows } = await db.execute<Row>(sql`
    select c.property_name, c.list_date, ${storedCoverage.pulledAt} as pulled_at, c.arrivals, c.waits_ms
    from ${storedReports}
    join ${storedListCounts} c on c.report_id = ${storedReports.id}
    join ${storedCoverage} on ${storedCoverage.reportId} = c.report_id and ${storedCoverage.propertyName} = c.property_name
    where ${storedReports.endpoint} = 'criminal-arrivals'
      and ${storedReports.reportedDate} between ${addDays(from, -1)} and ${addDays(to, 1)}
      and c.list_date between ${from} and ${to}
    order by c.list_date, c.property_name`);
  return rows.map((row) => ({
    propertyName: row.property_name,
    listDate: row.list_date,
    pulledAt: new Date(row.pulled_at),
    arrivals: Number(row.arrivals),
    waitsMs: waitsOf(row.waits_ms),
  }));
}
