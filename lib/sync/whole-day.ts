import type { GuestsReport } from "@/lib/partner-api/schemas";
import { addDays, isKnownZone, localDay } from "./schedule";

/**
 * Whether a pull at `now` gives one whole day: the API reports each property's own yesterday, so
 * outside the daily window (say 07:00 UTC, when Honolulu still reports the day before) one answer
 * mixes two days under the label most properties share. Such a day is not kept: the scheduled pull
 * inside the window keeps it whole.
 */
export function isWholeDay(
  reportedDate: string,
  now: Date,
  zones: readonly string[],
  items: readonly { checkInDateLocal: string }[],
): boolean {
  const everyZone = zones.filter(isKnownZone).every((zone) => addDays(localDay(now, zone), -1) === reportedDate);
  return everyZone && items.every((item) => item.checkInDateLocal === reportedDate);
}

/** The zones a guests answer names, to add to those of the stored days. */
export function zonesOf(report: GuestsReport | undefined): string[] {
  return report ? [...new Set(report.items.map((item) => item.propertyTimeZone))] : [];
}
