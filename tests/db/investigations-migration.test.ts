/**
 * The migrations that gave stored guest arrivals their signals and stored days their staff-flag
 * counts (0020), then the spread mark (0021), on a database that holds history stored before them:
 * every arrival gets the signals, and every day the flag counts, that a database storing the same
 * days after them has.
 */
import { asc, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { addDays } from "@/lib/core/days";
import { SIGNAL } from "@/lib/core/match-outcomes";
import { readFlagCounts } from "@/lib/features/history/flag-counts";
import { storeReport } from "@/lib/features/history/store";
import { readStorePrivacy } from "@/lib/features/privacy/server";
import type { Database } from "@/lib/server/db/open";
import { storedDayCounts, storedItems } from "@/lib/server/db/schema";
import { DATABASE_KINDS } from "@/tests/support/databases";
import { acrossMigration, copyHistory } from "@/tests/support/migration-before";
import { pullTime } from "@/tests/support/partner-api";
import { guestItem, guestsReport } from "@/tests/support/report-fixtures";
import { pullAt, simulatorPerFile } from "@/tests/support/simulator-per-file";

const MIGRATION = "0020_investigations";
/** The history's tables, parents first; the per-list counts are kept by the arrivals' own triggers. */
const HISTORY_TABLES = [
  "sync_runs",
  "known_properties",
  "stored_reports",
  "stored_coverage",
  "stored_items",
  "stored_day_counts",
  "live_observations",
];
const FROM = "2026-11-01";
const TO = "2026-11-30";

const sim = simulatorPerFile();

/** Every arrival's signals and every day's counts, in a fixed order, and the flag counts as the screen reads them. */
async function figures(db: Database) {
  const byDay = (a: { day: string; propertyName: string }, b: typeof a) =>
    a.day.localeCompare(b.day) || a.propertyName.localeCompare(b.propertyName);
  return {
    signals: await db
      .select({ reportId: storedItems.reportId, position: storedItems.position, signals: storedItems.signals })
      .from(storedItems)
      .orderBy(asc(storedItems.reportId), asc(storedItems.position)),
    dayCounts: await db
      .select()
      .from(storedDayCounts)
      .orderBy(asc(storedDayCounts.reportId), asc(storedDayCounts.propertyName), asc(storedDayCounts.propertyTimeZone)),
    flagCounts: (await readFlagCounts(db, FROM, TO)).sort(byDay),
  };
}

describe("the migration to stored signals and staff-flag counts", () => {
  for (const kind of DATABASE_KINDS) {
    it(
      `gives the arrivals and days stored before it their signals and flag counts (${kind})`,
      { timeout: 90_000 },
      async () => {
        await acrossMigration(kind, MIGRATION, async ({ current, older }) => {
          for (const day of ["2026-11-20", "2026-11-21", "2026-11-22"]) await pullAt(current.db, sim(), pullTime(day));
          // A document at two properties two days apart, for the spread mark.
          const traveller = (propertyName: string, propertyTimeZone: string, day: string) =>
            guestItem({
              propertyName,
              propertyTimeZone,
              checkInDateLocal: day,
              checkInAtUtc: `${day}T20:00:00Z`,
              identificationNumber: "TRAVEL-1",
            });
          for (const item of [
            traveller("Harbour View Hotel", "Pacific/Honolulu", "2026-11-10"),
            traveller("Grand Hotel Zürich", "Europe/Zurich", "2026-11-12"),
          ])
            await storeReport(
              current.db,
              "guests",
              guestsReport([item], { reportedDateLocal: item.checkInDateLocal }) as never,
              {
                pulledAt: new Date(`${addDays(item.checkInDateLocal, 1)}T11:30:00Z`),
                privacy: await readStorePrivacy(current.db),
              },
            );
          const expected = await figures(current.db);
          // Every kind of signal is there to be backfilled, criminal arrivals keep none, and some flags follow a match.
          for (const bit of [
            SIGNAL.staffFlag,
            SIGNAL.banMatched,
            SIGNAL.criminalRecord,
            SIGNAL.sexOffender,
            SIGNAL.bannedWhenPulled,
            SIGNAL.spread,
          ]) {
            expect(
              expected.signals.some((row) => (row.signals & bit) !== 0),
              `signal ${bit}`,
            ).toBe(true);
          }
          expect(expected.dayCounts.some((row) => row.flagged > 0)).toBe(true);
          expect(expected.dayCounts.some((row) => row.flaggedUnmatched > 0)).toBe(true);
          expect(expected.dayCounts.some((row) => row.flaggedUnmatched < row.flagged)).toBe(true);
          expect(expected.flagCounts.length).toBe(expected.dayCounts.length);

          const before = await older.openBefore();
          try {
            await copyHistory(current.db, before.db, HISTORY_TABLES);
            // The shape before: neither the signals nor the flag counts exist yet.
            const { rows } = await before.db.execute<{ n: number }>(sql`
            select count(*)::int as n from information_schema.columns
            where (table_name = 'stored_items' and column_name = 'signals')
              or (table_name = 'stored_day_counts' and column_name in ('flagged', 'flagged_unmatched'))`);
            expect(Number(rows[0]!.n)).toBe(0);
            const { rows: copied } = await before.db.execute<{ items: number; days: number }>(sql`
            select (select count(*)::int from stored_items) as items, (select count(*)::int from stored_day_counts) as days`);
            expect(copied[0]).toEqual({ items: expected.signals.length, days: expected.dayCounts.length });
          } finally {
            await before.close();
          }
          const after = await older.openNow();
          try {
            expect(await figures(after.db)).toEqual(expected);
          } finally {
            await after.close();
          }
        });
      },
    );
  }
});
