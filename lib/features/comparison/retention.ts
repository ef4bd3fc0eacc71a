/**
 * Guest personal data (arrivals, criminal arrivals) is removed once older than the retention
 * period; the day's aggregates stay. Figures drawn from guest data must say when a range reaches
 * back past it.
 */

import { addDays, utcDay } from "@/lib/core/days";
import { formatDayWithYear } from "@/lib/core/format";

/** The first day whose guest data is still kept on `now`. */
export function retentionStart(now: Date, retentionDays: number): string {
  return addDays(utcDay(now), -retentionDays);
}

/** What to say of a range starting on `from`; null when nothing in it can have been removed. */
export function retentionNote(from: string, now: Date, retentionDays: number, purgedDays: number): string | null {
  const kept = retentionStart(now, retentionDays);
  const reachesBeyond = from < kept;
  if (!reachesBeyond && purgedDays === 0) return null;
  const base = `Daybook keeps guest data for ${retentionDays} days, then removes it; the days' totals stay.`;
  const purged =
    purgedDays > 0
      ? ` The guest data of ${purgedDays} stored ${purgedDays === 1 ? "day" : "days"} in this range has been removed.`
      : "";
  const before = reachesBeyond
    ? ` This range starts before ${formatDayWithYear(kept)}, so earlier days count no alerts or lists.`
    : "";
  return `${base}${purged}${before}`;
}
