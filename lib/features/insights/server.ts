import "server-only";

import { roleAllows, SCREEN_ROLES, type PropertyScope, type Viewer } from "@/lib/core/access";
import { addDays, previousDay, requireDay } from "@/lib/core/days";
import { forbidden } from "@/lib/core/errors";
import { readStoredUsage } from "@/lib/features/history/store";
import { unrecordedColumns } from "@/lib/features/overview/figures";
import { scopeUsageReport } from "@/lib/features/reports/scope";
import { getDb } from "@/lib/server/db";
import type { Executor } from "@/lib/server/db/types";

import { dayBaselines, HISTORY_DAYS, type DayBaselines } from "./unusual";

/**
 * The usual ranges a day's rates are judged against, from the stored usage days before it, cut to
 * the person's properties (as the figures on their screens are). The day's own figures come from
 * the report the screen shows, live or stored, so a refreshed live report is judged the same way.
 */
export async function unusualBaselinesFor(db: Executor, scope: PropertyScope, day: string): Promise<DayBaselines> {
  const stored = await readStoredUsage(db, addDays(day, -HISTORY_DAYS), previousDay(day));
  return dayBaselines(
    day,
    stored.map(({ report }) => {
      const scoped = scopeUsageReport(report, scope);
      return { day: report.reportedDateLocal, byProperty: scoped.byProperty, unrecorded: unrecordedColumns(scoped) };
    }),
  );
}

/** For a screen: the person's usual ranges for `day`, on the Overview (every role) or Properties. */
export async function getUnusualBaselines(
  viewer: Pick<Viewer, "role" | "allProperties" | "properties">,
  day: string,
  screen: "overview" | "properties",
): Promise<DayBaselines> {
  if (screen === "properties" && !roleAllows(viewer.role, SCREEN_ROLES.properties)) throw forbidden();
  return unusualBaselinesFor(
    await getDb(),
    { allProperties: viewer.allProperties, properties: viewer.properties },
    requireDay(day),
  );
}
