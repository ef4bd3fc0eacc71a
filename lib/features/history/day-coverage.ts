/**
 * Which of a set of properties each stored day of one report covers: a count per day for every day
 * (one grouped read), and the names only for the days that miss some of them (few: the newest,
 * before every property's day has closed, and days a pull missed). A year of a 200-property group
 * is about 73,000 coverage rows per report; the picker needs a few hundred numbers.
 */

import { and, eq, inArray, sql } from "drizzle-orm";

import { storedCoverage, storedReports, type StoredEndpoint } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

/** For each stored day of `endpoint`, the properties of `names` it covers (by name, sorted). */
export async function coveredByDay(
  db: Executor,
  endpoint: StoredEndpoint,
  names: readonly string[],
): Promise<Map<string, string[] | number>> {
  const covered = new Map<string, string[] | number>();
  if (names.length === 0) return covered;
  const counts = await db
    .select({
      day: storedReports.reportedDate,
      count: sql<number>`count(distinct ${storedCoverage.propertyName})::int`,
    })
    .from(storedCoverage)
    .innerJoin(storedReports, eq(storedReports.id, storedCoverage.reportId))
    .where(and(eq(storedReports.endpoint, endpoint), inArray(storedCoverage.propertyName, [...names])))
    .groupBy(storedReports.reportedDate);
  const partial: string[] = [];
  for (const row of counts) {
    const count = Number(row.count);
    covered.set(row.day, count);
    if (count < names.length) partial.push(row.day);
  }
  if (partial.length === 0) return covered;
  const rows = await db
    .select({ day: storedReports.reportedDate, name: storedCoverage.propertyName })
    .from(storedCoverage)
    .innerJoin(storedReports, eq(storedReports.id, storedCoverage.reportId))
    .where(
      and(
        eq(storedReports.endpoint, endpoint),
        inArray(storedReports.reportedDate, partial),
        inArray(storedCoverage.propertyName, [...names]),
      ),
    );
  for (const day of partial) covered.set(day, []);
  for (const row of rows) (covered.get(row.day) as string[]).push(row.name);
  for (const day of partial) (covered.get(day) as string[]).sort();
  return covered;
}
