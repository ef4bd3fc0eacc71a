/**
 * The desk's acknowledgements of a range's criminal arrivals, as Investigations → Alert response
 * reads them: per spelling of a property name, the 50th and 90th percentile waits summed up by the
 * database from the per-list counts (stored_list_counts), and, for the hour and weekday breakdowns,
 * each arrival's check-in and acknowledgement alone, read out of its item in the database. Read-only.
 */
import { inArray, notInArray, sql, type SQL } from "drizzle-orm";

import { addDays } from "@/lib/core/days";
import { storedItems, storedListCounts, storedReports } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

import { itemText } from "./item-codec";

/** A range's alerts under one spelling of a property name, with the percentiles of their waits. */
export interface WaitPercentiles {
  propertyName: string;
  arrivals: number;
  acknowledged: number;
  /** acknowledgedAtUtc − checkInAtUtc, in ms, as percentile_cont takes them; null without any acknowledged. */
  p50Ms: number | null;
  p90Ms: number | null;
}

/**
 * Per spelling of a property name (among `names` when given), its criminal arrivals of [from, to],
 * how many the desk acknowledged and the 50th and 90th percentile of their waits: counted by the
 * database from the lists' sorted waits, so a year's quarter million arrivals never leave it.
 */
export async function readWaitPercentiles(
  db: Executor,
  from: string,
  to: string,
  names?: readonly string[],
): Promise<WaitPercentiles[]> {
  if (names?.length === 0) return [];
  const { rows } = await db.execute<{
    property_name: string;
    arrivals: number | string;
    acknowledged: number | string | null;
    p50: number | string | null;
    p90: number | string | null;
  }>(sql`
    with parts as (
      select c.property_name, c.arrivals, c.waits_ms
      from ${storedReports}
      join ${storedListCounts} c on c.report_id = ${storedReports.id}
      where ${storedReports.endpoint} = 'criminal-arrivals'
        and ${storedReports.reportedDate} between ${addDays(from, -1)} and ${addDays(to, 1)}
        and c.list_date between ${from} and ${to}
        ${names === undefined ? sql`` : sql`and ${inArray(sql`c.property_name`, [...names])}`}),
    waits as (
      select property_name, count(*) as acknowledged,
        percentile_cont(0.5) within group (order by wait) as p50,
        percentile_cont(0.9) within group (order by wait) as p90
      from parts, unnest(waits_ms) as wait
      group by property_name)
    select p.property_name, p.arrivals, w.acknowledged, w.p50, w.p90
    from (select property_name, sum(arrivals) as arrivals from parts group by property_name) p
    left join waits w on w.property_name = p.property_name
    order by p.property_name`);
  return rows.map((row) => ({
    propertyName: row.property_name,
    arrivals: Number(row.arrivals),
    acknowledged: Number(row.acknowledged ?? 0),
    p50Ms: row.p50 === null ? null : Number(row.p50),
    p90Ms: row.p90 === null ? null : Number(row.p90),
  }));
}

/** One criminal arrival's check-in and the desk's acknowledgement (null: not acknowledged). */
export interface AlertTime {
  propertyName: string;
  /** The list's day (the arrival's local check-in day). */
  day: string;
  checkInAtUtc: string;
  acknowledgedAtUtc: string | null;
}

/**
 * The criminal arrivals of [from, to], lean: property, day, check-in and acknowledgement only, read
 * out of the items in the database. `only`: these spellings alone; `except`: all but these (the
 * names several properties share, which are read with the guest's name to be placed). Restricted
 * arrivals are left out, as the list counts leave them out. One JSON array per stored report: a
 * year's quarter million arrivals as rows cost more in the driver than in the database.
 */
export async function readAlertTimes(
  db: Executor,
  from: string,
  to: string,
  { only, except = [] }: { only?: readonly string[]; except?: readonly string[] } = {},
): Promise<AlertTime[]> {
  if (only?.length === 0) return [];
  const names: SQL[] = [];
  if (only !== undefined) names.push(sql`and ${inArray(storedItems.propertyName, [...only])}`);
  if (except.length > 0) names.push(sql`and ${notInArray(storedItems.propertyName, [...except])}`);
  const { rows } = await db.execute<{ alerts: [string, string, string, string | null][] | string | null }>(sql`
    select (
      select json_agg(json_build_array(${storedItems.propertyName}, ${storedItems.checkInDateLocal},
        ${storedItems.checkInAtUtc}, ${itemText("acknowledgedAtUtc")}))
      from ${storedItems}
      where ${storedItems.reportId} = r.id
        and ${storedItems.checkInDateLocal} between ${from} and ${to}
        and ${storedItems.restrictedBy} is null
        ${sql.join(names, sql` `)}
    ) as alerts
    from ${storedReports} r
    where r.endpoint = 'criminal-arrivals' and r.reported_date between ${addDays(from, -1)} and ${addDays(to, 1)}`);
  return rows.flatMap(({ alerts }) =>
    (typeof alerts === "string"
      ? (JSON.parse(alerts) as [string, string, string, string | null][])
      : (alerts ?? [])
    ).map(([propertyName, day, checkInAtUtc, acknowledgedAtUtc]) => ({
      propertyName,
      day,
      checkInAtUtc,
      acknowledgedAtUtc,
    })),
  );
}
