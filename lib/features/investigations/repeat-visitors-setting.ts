import "server-only";

import { eq, sql } from "drizzle-orm";

import { appSettings } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

import { REPEAT_VISIT_DAYS } from "./repeat-visitors";

/**
 * The days after a flag in which an arrival at another property is listed as a repeat visit: one
 * row of app_settings, set by an admin on the screen (audited by the action that sets it).
 */
export const REPEAT_VISIT_DAYS_SETTING = "investigations.repeat_visit_days";

/** A whole number of days in the setting's range, or null. */
export function validRepeatVisitDays(value: unknown): number | null {
  return typeof value === "number" &&
    Number.isInteger(value) &&
    value >= REPEAT_VISIT_DAYS.min &&
    value <= REPEAT_VISIT_DAYS.max
    ? value
    : null;
}

export interface RepeatVisitDays {
  days: number;
  /** False: no admin has chosen, and the default applies. */
  chosen: boolean;
}

export async function readRepeatVisitDays(db: Executor): Promise<RepeatVisitDays> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, REPEAT_VISIT_DAYS_SETTING));
  const days = validRepeatVisitDays(row?.value);
  return days === null ? { days: REPEAT_VISIT_DAYS.fallback, chosen: false } : { days, chosen: true };
}

export async function writeRepeatVisitDays(db: Executor, days: number, by: string | null): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: REPEAT_VISIT_DAYS_SETTING, value: days, updatedBy: by })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: days, updatedBy: by, updatedAt: sql`now()` } });
}
