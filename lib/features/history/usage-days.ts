/**
 * Which usage days Daybook stored and their property rows, read from the typed tables the
 * `stored_usage_rows_refresh` trigger keeps (drizzle/0016_usage-rows.sql): a year of trends or
 * unusual days reads its 73,000 rows as numbers, never its reports' JSON. Kept apart from store.ts,
 * and read-only.
 */
import { and, asc, desc, eq, getTableColumns, inArray, lte } from "drizzle-orm";

import { storedReports, storedUsageDays, storedUsageRows } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";
import type { UsagePropertyRow } from "@/lib/server/partner-api/schemas";

import { ROW_FIGURES, type RowFigure } from "./assemble";
import { storedDaysBetween } from "./day-range";

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

/** The stored usage days in [from, to], oldest first, with every property row of each. */
export async function readStoredUsageDays(db: Executor, from: string, to: string): Promise<UsageDay[]> {
  const days = await db
    .select({ id: storedReports.id, day: storedReports.reportedDate, unrecorded: storedUsageDays.unrecorded })
    .from(storedReports)
    .innerJoin(storedUsageDays, eq(storedUsageDays.reportId, storedReports.id))
    .where(storedDaysBetween("usage", from, to))
    .orderBy(asc(storedReports.reportedDate));
  if (days.length === 0) return [];
  // Every column but the position, which only orders them.
  const { position, ...columns } = getTableColumns(storedUsageRows);
  const rows = await db
    .select(columns)
    .from(storedUsageRows)
    .where(
      inArray(
        storedUsageRows.reportId,
        days.map((day) => day.id),
      ),
    )
    .orderBy(asc(storedUsageRows.reportId), asc(position));
  const byReport = new Map<number, UsagePropertyRow[]>(days.map((day) => [day.id, []]));
  for (const { reportId: id, ...row } of rows) byReport.get(id)!.push(row);
  return days.map((day) => ({
    day: day.day,
    byProperty: byReport.get(day.id)!,
    unrecorded: new Set(day.unrecorded.filter((figure): figure is RowFigure => FIGURES.has(figure))),
  }));
}
