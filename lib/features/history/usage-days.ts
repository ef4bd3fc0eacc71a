/**
 * Which usage days Daybook stored and their property rows, read from the typed tables the
 * `stored_usage_rows_refresh` trigger keeps (drizzle/0016_usage-rows.sql): a year of trends or
 * unusual days reads its 73,000 rows as numbers, never its reports' JSON. Kept apart from store.ts,
 * and read-only.
 */
import { and, desc, eq, lte, sql } from "drizzle-orm";
import { cache } from "react";

import { addDays } from "@/lib/core/days";
import { storedReports, storedUsageDays, storedUsageRows } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";
import type { UsagePropertyRow } from "@/lib/server/partner-api/schemas";

import { ROW_FIGURES, type RowFigure } from "./assemble";

/** A stored usage day as trends and unusual days read it: its rows as the API listed them. */
export interface UsageDay {
  day: string;
  byProperty: readonly UsagePropertyRow[];
  /** The row figures whose headline the day did not record: the rows read 0 there. */
  unrecorded: ReadonlySet<RowFigure>;
}

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

const FIGURES = new Set<string>(ROW_FIGURES.map(([, figure]) => figure));

/** A row as read: the property's name, then its figures in ROW_FIGURES' order. */
type RowTuple = [string, ...number[]];

/**
 * The stored usage days in [from, to], oldest first, with every property row of each. Each day's
 * rows come as one JSON array, parsed natively: a year's 73,000 rows read as rows cost more in the
 * driver's parsing and mapping than the whole of what is built from them.
 */
export async function readStoredUsageDays(db: Executor, from: string, to: string): Promise<UsageDay[]> {
  const { rows } = await db.execute<{ day: string; unrecorded: string[]; rows: RowTuple[] | null }>(sql`
    select r.reported_date as day, d.unrecorded,
      (select json_agg(json_build_array(${sql.join(
        [
          sql`u.property_name`,
          ...ROW_FIGURES.map(([, figure]) => sql`u.${sql.identifier(storedUsageRows[figure].name)}`),
        ],
        sql`, `,
      )}) order by u.position)
        from ${storedUsageRows} u where u.report_id = r.id) as rows
    from ${storedReports} r
    join ${storedUsageDays} d on d.report_id = r.id
    where r.endpoint = 'usage' and r.reported_date between ${from} and ${to}
    order by r.reported_date`);
  return rows.map((day) => ({
    day: day.day,
    byProperty: (day.rows ?? []).map(rowOf),
    unrecorded: new Set(day.unrecorded.filter((figure): figure is RowFigure => FIGURES.has(figure))),
  }));
}

/** One object shape for every row (the figures in ROW_FIGURES' order, as selected above). */
function rowOf([
  propertyName,
  scans,
  manualEntry,
  bansAdded,
  criminalMatches,
  sexOffenderMatches,
  banMatches,
  criminal,
  sexOffender,
  ageAlert,
  localAlert,
]: RowTuple): UsagePropertyRow {
  return {
    propertyName,
    scans: scans!,
    manualEntry: manualEntry!,
    bansAdded: bansAdded!,
    criminalMatches: criminalMatches!,
    sexOffenderMatches: sexOffenderMatches!,
    banMatches: banMatches!,
    criminal: criminal!,
    sexOffender: sexOffender!,
    ageAlert: ageAlert!,
    localAlert: localAlert!,
  };
}

/**
 * The stored usage days of [from, to] with the `before` calendar days ahead of them, oldest first,
 * read once per request for the same arguments. On Properties, side by side and trends ask for the
 * range and unusual days for the range with its baseline's days before it: asking all for the
 * baseline's window makes one read of a year's rows instead of two, for a few more days of rows.
 * Outside a request (tests, scripts) each call reads again.
 */
export const readUsageWindow = cache((db: Executor, from: string, to: string, before: number): Promise<UsageDay[]> =>
  readStoredUsageDays(db, addDays(from, -before), to),
);
