import "server-only";

import type { PropertyScope } from "@/lib/core/access";
import { isCalendarDay, previousDay } from "@/lib/core/days";
import { readStoredReport } from "@/lib/features/history/store";
import { readStoredScans, type StoredScansDay } from "@/lib/features/overview/stored-activity";
import { scopeUsageReport } from "@/lib/features/reports/scope";
import { getDb } from "@/lib/server/db";
import type { Executor } from "@/lib/server/db/types";

import type { StoredDayBefore } from "./baseline";

/** How many days the Overview's daily activity from stored days covers. */
export const ACTIVITY_DAYS = 30;

/** What the Overview adds from Daybook's stored days to the shown day's usage summary. */
export interface OverviewHistory {
  /** The day before the shown one, and Daybook's stored copy of it cut to the person's properties. */
  dayBefore: string;
  stored: StoredDayBefore | null;
  /** Scans per day of the person's properties from stored days; null where the API's series applies. */
  activity: StoredScansDay[] | null;
}

export async function overviewHistoryFor(
  db: Executor,
  scope: PropertyScope,
  day: string,
  narrowed: boolean,
): Promise<OverviewHistory> {
  const dayBefore = previousDay(day);
  const [before, activity] = await Promise.all([
    readStoredReport(db, "usage", dayBefore),
    // The API's own series covers the whole group; a person who sees part of it gets theirs from stored days.
    narrowed ? readStoredScans(db, scope, day, ACTIVITY_DAYS) : Promise.resolve(null),
  ]);
  return {
    dayBefore,
    stored: before ? { day: dayBefore, report: scopeUsageReport(before.report, scope) } : null,
    activity,
  };
}

/** The signed-in person's stored day before and daily activity for the shown day. */
export async function getOverviewHistory(scope: PropertyScope, day: string, narrowed: boolean) {
  if (!isCalendarDay(day)) return null;
  return overviewHistoryFor(await getDb(), scope, day, narrowed);
}
