/**
 * Stored criminal arrivals of a range of local days: the review of a day, its sign-off record and
 * the Properties figures read them. Read-only.
 *
 * Criminal arrivals share `stored_items` with the guests, about thirty times as many, and the planner
 * cannot tell from the date range alone that the criminal-arrival days hold few items: it scanned
 * the whole table for a week. So each range first finds its days' reports (by their index) and then
 * reads each report's items by the primary key, in a lateral join: one short index range per day,
 * whatever the year holds.
 */
import { inArray, sql, type SQL } from "drizzle-orm";

import { addDays } from "@/lib/core/days";
import { storedCoverage, storedItems, storedReports } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

import { decodeItem, itemText } from "./item-codec";
import { keptCriminalArrivalSchema, type KeptCriminalArrival } from "./kept";

/** What the Properties figures read of a criminal arrival: where, when, who (to place it), its acknowledgement. */
export interface CriminalArrivalTimes {
  propertyName: string;
  checkInDateLocal: string;
  checkInAtUtc: string;
  firstName: string;
  lastName: string;
  acknowledgedAtUtc: string | null;
}

// Column names as the database gives them: the read is written in SQL (see below).
type RangeRow = {
  property_name: string;
  check_in_date_local: string;
  check_in_at_utc: string;
  pulled_at: Date | string;
};

/**
 * The rows of [from, to] with `fields` of each item: the criminal-arrival reports that can hold
 * those local days (a property's day may differ from the report's by one, so a day's margin each
 * side), then each one's items by the primary key. The `offset 0` keeps the lateral subquery from
 * being folded into a plain join, which the planner would answer with a scan of every item.
 */
async function readRange<T extends Record<string, unknown>>(
  db: Executor,
  from: string,
  to: string,
  fields: SQL,
): Promise<(RangeRow & T)[]> {
  const { rows } = await db.execute<RangeRow & T>(sql`
    select item.*, ${storedCoverage.pulledAt}
    from ${storedReports}
    cross join lateral (
      select ${storedItems.reportId}, ${storedItems.position}, ${storedItems.propertyName},
        ${storedItems.checkInDateLocal}, ${storedItems.checkInAtUtc}, ${fields}
      from ${storedItems}
      where ${storedItems.reportId} = ${storedReports.id}
        and ${storedItems.checkInDateLocal} between ${from} and ${to}
        and ${storedItems.restrictedBy} is null
      offset 0
    ) item
    join ${storedCoverage} on ${storedCoverage.reportId} = item.report_id and ${storedCoverage.propertyName} = item.property_name
    where ${storedReports.endpoint} = 'criminal-arrivals'
      and ${storedReports.reportedDate} between ${addDays(from, -1)} and ${addDays(to, 1)}
    order by item.check_in_date_local, item.position`);
  return rows as (RangeRow & T)[];
}

/**
 * The rows of [from, to] of a few property names (exactly as stored) with `fields` of each item:
 * from the partial index of criminal arrivals by property and day (the only items without a zone),
 * so a name's year is its own few hundred arrivals, not every report's.
 */
async function readNamesRange<T extends Record<string, unknown>>(
  db: Executor,
  from: string,
  to: string,
  fields: SQL,
  names: readonly string[],
): Promise<(RangeRow & T)[]> {
  const { rows } = await db.execute<RangeRow & T>(sql`
    select ${storedItems.reportId}, ${storedItems.position}, ${storedItems.propertyName},
      ${storedItems.checkInDateLocal}, ${storedItems.checkInAtUtc}, ${fields}, ${storedCoverage.pulledAt}
    from ${storedItems}
    join ${storedReports} on ${storedReports.id} = ${storedItems.reportId}
    join ${storedCoverage} on ${storedCoverage.reportId} = ${storedItems.reportId} and ${storedCoverage.propertyName} = ${storedItems.propertyName}
    where ${storedItems.propertyTimeZone} is null
      and ${inArray(storedItems.propertyName, [...names])}
      and ${storedItems.checkInDateLocal} between ${from} and ${to}
      and ${storedItems.restrictedBy} is null
      and ${storedReports.endpoint} = 'criminal-arrivals'
    order by ${storedItems.checkInDateLocal}, ${storedItems.position}`);
  return rows as (RangeRow & T)[];
}

/** Stored criminal-arrival items whose local check-in day lies in [from, to], by day then in the API's order. */
export async function readStoredCriminalArrivals(
  db: Executor,
  from: string,
  to: string,
): Promise<{ item: KeptCriminalArrival; pulledAt: Date }[]> {
  const rows = await readRange<{ item: Record<string, unknown> }>(db, from, to, sql`${storedItems.item}`);
  return rows.map((row) => ({
    item: keptCriminalArrivalSchema.parse(decodeItem(row.item)),
    pulledAt: new Date(row.pulled_at),
  }));
}

/**
 * The stored criminal arrivals of [from, to], lean: only what acknowledgement and sign-off figures
 * count, read out of the items in the database, so a year's range never parses its whole items.
 * Same rows and order as `readStoredCriminalArrivals`.
 */
export async function readStoredCriminalArrivalTimes(
  db: Executor,
  from: string,
  to: string,
  /** Only these property names, exactly as stored (say, those several properties share); all when absent. */
  names?: readonly string[],
): Promise<{ item: CriminalArrivalTimes; pulledAt: Date }[]> {
  const fields = sql`${itemText("firstName")} as first_name, ${itemText("lastName")} as last_name, ${itemText("acknowledgedAtUtc")} as acknowledged_at_utc`;
  type Fields = { first_name: string; last_name: string; acknowledged_at_utc: string | null };
  const rows = names
    ? names.length === 0
      ? []
      : await readNamesRange<Fields>(db, from, to, fields, names)
    : await readRange<Fields>(db, from, to, fields);
  return rows.map((row) => ({
    item: {
      propertyName: row.property_name,
      checkInDateLocal: row.check_in_date_local,
      checkInAtUtc: row.check_in_at_utc,
      firstName: row.first_name,
      lastName: row.last_name,
      acknowledgedAtUtc: row.acknowledged_at_utc,
    },
    pulledAt: new Date(row.pulled_at),
  }));
}
