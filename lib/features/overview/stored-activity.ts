/**
 * Daily activity from Daybook's stored days: the scans of a person's properties per stored usage
 * day. Each stored usage day holds every property's own local day of that date, so a property in
 * Honolulu and one in Tokyo each count their own yesterday. A day Daybook has not stored is a gap
 * (null), never 0; so is a day whose scans were not recorded for one of the person's properties.
 */

import type { PropertyScope } from "@/lib/core/access";
import { daysEnding } from "@/lib/core/days";
import { readStoredUsage } from "@/lib/features/history/store";
import { scopeUsageReport } from "@/lib/features/reports/scope";
import type { Executor } from "@/lib/server/db/types";

export interface StoredScansDay {
  day: string;
  /** null: not stored, or not recorded for one of the person's properties. */
  scans: number | null;
  stored: boolean;
}

/** The `count` days ending with `end`, oldest first, each with the person's stored scans. */
export async function readStoredScans(
  db: Executor,
  scope: PropertyScope,
  end: string,
  count: number,
): Promise<StoredScansDay[]> {
  const days = daysEnding(end, count);
  const stored = await readStoredUsage(db, days[0]!, end);
  const byDay = new Map(stored.map(({ report }) => [report.reportedDateLocal, report]));
  return days.map((day) => {
    const report = byDay.get(day);
    if (!report) return { day, scans: null, stored: false };
    const scoped = scopeUsageReport(report, scope);
    return { day, scans: scoped.byProperty.length === 0 ? null : scoped.totals.scans.value, stored: true };
  });
}
