/**
 * The migration that gave stored usage days their typed property rows (0016), on a database that
 * holds usage days stored before it: every day read back from the typed rows is the day the
 * stored report holds, as on a database that stored the same days after it.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { readStoredUsage } from "@/lib/features/history/store";
import { readStoredUsageDays } from "@/lib/features/history/usage-days";
import { usageDayOf } from "@/lib/features/reports/scope";
import { DATABASE_KINDS } from "@/tests/support/databases";
import { acrossMigration, copyHistory } from "@/tests/support/migration-before";
import { pullTime } from "@/tests/support/partner-api";
import { pullAt, simulatorPerFile } from "@/tests/support/simulator-per-file";

const MIGRATION = "0016_usage-rows";
const FROM = "2026-11-01";
const TO = "2026-11-30";

const sim = simulatorPerFile();

describe("the migration to typed usage rows", () => {
  for (const kind of DATABASE_KINDS) {
    it(`gives every usage day stored before it the rows its report holds (${kind})`, { timeout: 90_000 }, async () => {
      await acrossMigration(kind, MIGRATION, async ({ current, older }) => {
        for (const day of ["2026-11-20", "2026-11-21"]) await pullAt(current.db, sim(), pullTime(day));
        await pullAt(current.db, sim(), pullTime("2026-11-21", "20:00"));
        const expected = await readStoredUsageDays(current.db, FROM, TO);
        expect(expected.length).toBeGreaterThanOrEqual(2);

        const before = await older.openBefore();
        try {
          await copyHistory(current.db, before.db, ["sync_runs", "stored_reports"]);
          // The shape before: no typed rows to read yet.
          const { rows } = await before.db.execute<{ n: number }>(
            sql`select count(*)::int as n from information_schema.tables where table_name = 'stored_usage_rows'`,
          );
          expect(rows[0]!.n).toBe(0);
        } finally {
          await before.close();
        }
        const after = await older.openNow();
        try {
          expect(await readStoredUsageDays(after.db, FROM, TO)).toEqual(expected);
          const reports = await readStoredUsage(after.db, FROM, TO);
          expect(expected).toEqual(reports.map(({ report }) => usageDayOf(report)));
        } finally {
          await after.close();
        }
      });
    });
  }
});
