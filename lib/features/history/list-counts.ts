/**
 * The stored criminal-arrival lists of a range, counted: per report, property and local day, its
 * arrivals and its acknowledgement waits (stored_list_counts, kept exact by the database's triggers
 * on stored_items). What Properties' acknowledgement and sign-off figures read for a year, where the
 * arrivals themselves are a quarter of a million rows. Read-only.
 */
import { inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";

import { addDays } from "@/lib/core/days";
import { storedCoverage, storedListCounts, storedReports } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

/**
 * An instant in whole milliseconds since the epoch, as JavaScript's Date holds it (the microseconds
 * cut off). date_part's double is within a quarter of a microsecond of the instant, and a stored
 * instant is a whole number of microseconds, so half a microsecond added before the floor always
 * lands in the right millisecond; extract(epoch)'s exact numeric took a fifth of a year's sign-off
 * summary.
 */
export function msOf(instant: SQL | SQLWrapper): SQL {
  return sql`floor(date_part('epoch', ${instant}) * 1000 + 0.0005)`;
}

/** One property's part of one list, as one pull stored it. */
export interface StoredListCount {
  propertyName: string;
  listDate: string;
  /** When the part was stored (its property's pull), in ms. */
  pulledMs: number;
  arrivals: number;
}

/** A part's acknowledged arrivals: acknowledgedAtUtc − checkInAtUtc of each, in ms, ascending. */
export interface StoredListWaits {
  propertyName: string;
  arrivals: number;
  waitsMs: number[];
}

/** A range's acknowledgements under one spelling of a property name, summed up by the database. */
export interface StoredWaitSummary {
  propertyName: string;
  arrivals: number;
  acknowledged: number;
  /** The median wait in ms (the mean of the middle two for an even count); null when none was acknowledged. */
  medianMs: number | null;
}

/**
 * The list parts whose local day lies in [from, to], from the criminal-arrival reports that can
 * hold those days (a property's day may differ from the report's by one each side), then each
 * report's counts by the primary key.
 */
const partsIn = (from: string, to: string) => sql`
  ${storedReports}
  join ${storedListCounts} c on c.report_id = ${storedReports.id}
  where ${storedReports.endpoint} = 'criminal-arrivals'
    and ${storedReports.reportedDate} between ${addDays(from, -1)} and ${addDays(to, 1)}
    and c.list_date between ${from} and ${to}`;

/** The spellings of property names the lists of [from, to] hold. */
export async function readListSpellings(db: Executor, from: string, to: string): Promise<string[]> {
  const { rows } = await db.execute<{ property_name: string }>(
    sql`select distinct c.property_name from ${partsIn(from, to)}`,
  );
  return rows.map((row) => row.property_name);
}

/**
 * The list parts of [from, to] with when each was stored: what sign-off timeliness reads. A year
 * is some 70,000 parts: they come as one JSON array, which the driver parses natively, several
 * times faster than as as many rows.
 */
export async function readStoredListCounts(db: Executor, from: string, to: string): Promise<StoredListCount[]> {
  const { rows } = await db.execute<{ parts: [string, string, number, number][] | string }>(sql`
    select coalesce(json_agg(json_build_array(p.property_name, p.list_date, p.pulled_ms, p.arrivals)
      order by p.list_date, p.property_name), '[]') as parts
    from (
      select q.property_name, q.list_date, q.arrivals,
        ${msOf(storedCoverage.pulledAt)} as pulled_ms
      from (select c.report_id, c.property_name, c.list_date, c.arrivals from ${partsIn(from, to)}) q
      join ${storedCoverage} on ${storedCoverage.reportId} = q.report_id and ${storedCoverage.propertyName} = q.property_name
    ) p`);
  const parts = rows[0]?.parts ?? [];
  return (typeof parts === "string" ? (JSON.parse(parts) as [string, string, number, number][]) : parts).map(
    ([propertyName, listDate, pulledMs, arrivals]) => ({ propertyName, listDate, pulledMs, arrivals }),
  );
}

/**
 * Per spelling of a property name, its arrivals of [from, to], how many were acknowledged and the
 * median wait: counted by the database, so a year's quarter million waits never leave it.
 */
export async function readWaitSummaries(db: Executor, from: string, to: string): Promise<StoredWaitSummary[]> {
  const { rows } = await db.execute<{
    property_name: string;
    arrivals: number | string;
    acknowledged: number | string | null;
    median_ms: number | string | null;
  }>(sql`
    with parts as (select c.property_name, c.arrivals, c.waits_ms from ${partsIn(from, to)}),
    waits as (
      select property_name, count(*) as acknowledged,
        percentile_cont(0.5) within group (order by wait) as median_ms
      from parts, unnest(waits_ms) as wait
      group by property_name)
    select p.property_name, p.arrivals, w.acknowledged, w.median_ms
    from (select property_name, sum(arrivals) as arrivals from parts group by property_name) p
    left join waits w on w.property_name = p.property_name
    order by p.property_name`);
  return rows.map((row) => ({
    propertyName: row.property_name,
    arrivals: Number(row.arrivals),
    acknowledged: Number(row.acknowledged ?? 0),
    medianMs: row.median_ms === null ? null : Number(row.median_ms),
  }));
}

/** bigint[] as the drivers give it: an array of numbers or strings, or PostgreSQL's '{1,2}' text. */
function waitsOf(value: (number | string)[] | string): number[] {
  const list =
    typeof value === "string"
      ? value
          .replace(/^\{|\}$/g, "")
          .split(",")
          .filter(Boolean)
      : value;
  return list.map(Number);
}

/** The parts of [from, to] under these spellings, each with its waits: where spellings must be taken together. */
export async function readListWaits(
  db: Executor,
  from: string,
  to: string,
  names: readonly string[],
): Promise<StoredListWaits[]> {
  if (names.length === 0) return [];
  const { rows } = await db.execute<{
    property_name: string;
    arrivals: number;
    waits_ms: (number | string)[] | string;
  }>(
    sql`
      select c.property_name, c.arrivals, c.waits_ms from ${partsIn(from, to)}
        and ${inArray(sql`c.property_name`, [...names])}`,
  );
  return rows.map((row) => ({
    propertyName: row.property_name,
    arrivals: Number(row.arrivals),
    waitsMs: waitsOf(row.waits_ms),
  }));
}

/** A range's lists under one spelling of a property name, their sign-offs summed up by the database. */
export interface StoredSignOffSummary {
  propertyName: string;
  lists: number;
  signedOff: number;
  onTime: number;
  open: number;
  openOverdue: number;
  /** From stored to signed off, the median over the lists signed off, in ms; null when none is. */
  medianMs: number | null;
}

/**
 * Per spelling among `names`, the lists of [from, to] (each stored at its earliest part's pull) and
 * their sign-offs, as sign-off timeliness counts them (comparison/sign-off.ts): a list is due
 * `deadlineMs` after it was stored, on time when signed off by then, and a sign-off before it was
 * stored took no time. `signOffs`: the standing sign-offs of lists without a zone (the review
 * feature's table: property_name, list_date, signed_off_at). For names no other spelling shares:
 * lists and sign-offs are matched by the name as spelled.
 */
export async function readSignOffSummaries(
  db: Executor,
  from: string,
  to: string,
  names: readonly string[],
  signOffs: SQL,
  { nowMs, deadlineMs }: { nowMs: number; deadlineMs: number },
): Promise<StoredSignOffSummary[]> {
  if (names.length === 0) return [];
  const took = sql`greatest(0, signed_ms - stored_ms)`;
  const { rows } = await db.execute<{
    property_name: string;
    lists: number | string;
    signed_off: number | string;
    on_time: number | string;
    open: number | string;
    open_overdue: number | string;
    median_ms: number | string | null;
  }>(sql`
    with reports as (
      select ${storedReports.id} as id from ${storedReports}
      where ${storedReports.endpoint} = 'criminal-arrivals'
        and ${storedReports.reportedDate} between ${addDays(from, -1)} and ${addDays(to, 1)}
    ),
    lists as (
      select c.property_name, c.list_date, ${msOf(sql`min(cov.pulled_at)`)} as stored_ms
      from ${storedListCounts} c
      join (
        select ${storedCoverage.reportId} as report_id, ${storedCoverage.propertyName} as property_name,
          ${storedCoverage.pulledAt} as pulled_at
        from ${storedCoverage} where ${storedCoverage.reportId} in (select id from reports)
      ) cov on cov.report_id = c.report_id and cov.property_name = c.property_name
      where c.report_id in (select id from reports)
        and c.list_date between ${from} and ${to}
        and ${inArray(sql`c.property_name`, [...names])}
      group by c.property_name, c.list_date
    ),
    judged as (
      select l.property_name, l.stored_ms, ${msOf(sql`s.signed_off_at`)} as signed_ms
      from lists l
      left join ${signOffs} s on s.property_name = l.property_name and s.list_date = l.list_date
    )
    select property_name,
      count(*) as lists,
      count(signed_ms) as signed_off,
      count(*) filter (where signed_ms is not null and ${took} <= ${deadlineMs}::float8) as on_time,
      count(*) filter (where signed_ms is null) as open,
      count(*) filter (where signed_ms is null and ${nowMs}::float8 - stored_ms > ${deadlineMs}::float8) as open_overdue,
      percentile_cont(0.5) within group (order by ${took}) filter (where signed_ms is not null) as median_ms
    from judged
    group by property_name`);
  return rows.map((row) => ({
    propertyName: row.property_name,
    lists: Number(row.lists),
    signedOff: Number(row.signed_off),
    onTime: Number(row.on_time),
    open: Number(row.open),
    openOverdue: Number(row.open_overdue),
    medianMs: row.median_ms === null ? null : Number(row.median_ms),
  }));
}
