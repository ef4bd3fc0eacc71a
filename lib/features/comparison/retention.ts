/**
 * Guest personal data (arrivals, criminal arrivals) is removed once older than the retention
 * period; the day's aggregates stay. Figures drawn from guest data must say when a range reaches
 * back past it.
 */

import { addDays, utcDay } from "@/lib/core/days";
import type { Formatter } from "@/lib/core/format";
import type { Translate } from "@/lib/features/overview/words";

/** The first day whose guest data is still kept on `now`. */
export function retentionStart(now: Date, retentionDays: number): string {
  return addDays(utcDay(now), -retentionDays);
}

/** What a section drawn from guest data says of the retention period, as figures. */
export interface RetentionNote {
  retentionDays: number;
  /** Stored days of the range whose guest data has been removed. */
  purgedDays: number;
  /** The first day still kept, where the range starts before it; else null. */
  keptFrom: string | null;
}

/** What to say of a range starting on `from`; null when nothing in it can have been removed. */
export function retentionNote(
  from: string,
  now: Date,
  retentionDays: number,
  purgedDays: number,
): RetentionNote | null {
  const kept = retentionStart(now, retentionDays);
  const reachesBeyond = from < kept;
  if (!reachesBeyond && purgedDays === 0) return null;
  return { retentionDays, purgedDays, keptFrom: reachesBeyond ? kept : null };
}

/** The note in words. `t`: `useTranslations("properties.retention")`. */
export function describeRetentionNote(t: Translate<"note">, format: Formatter, note: RetentionNote): string {
  return t("note", {
    days: note.retentionDays,
    purged: note.purgedDays,
    before: note.keptFrom === null ? "no" : "yes",
    kept: note.keptFrom === null ? "" : format.dayWithYear(note.keptFrom),
  });
}
