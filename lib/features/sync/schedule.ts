/**
 * When the daily pull is due. The API reports each property's previous local day and computes it
 * shortly after that day closes, so day D can be pulled once the last zone (the westernmost) has
 * passed midnight of D+1 by the grace period, and while every zone still calls D "yesterday": from
 * then until the first zone (the easternmost) passes midnight of D+2. Zones spanning more than 24 h
 * have no such common window; then D is pulled from the westernmost zone's close of D until its
 * close of D+1, and the eastern properties' items are those of their own later day.
 *
 * Pure: the caller reads the zones and the stored days from the database.
 */

import { TZDate } from "@date-fns/tz";

import { addDays } from "@/lib/core/days";
import type { GuestsReport } from "@/lib/server/partner-api/schemas";

export interface ScheduleInput {
  now: Date;
  /** IANA zones of the properties the key reaches (from stored guest arrivals); unknown names are ignored. */
  zones: readonly string[];
  graceMinutes: number;
  /** Days already kept for every endpoint the key reaches. */
  completeDays: ReadonlySet<string>;
  /** When the last pull started: used only while no zone is known. */
  lastPullAt: Date | null;
}

export type PullDecision =
  { due: true; day: string | null; reason: string } | { due: false; day: string | null; nextAt: Date; reason: string };

/** With no zone known there is no window to wait for: pull, but not more than once an hour. */
export const NO_ZONE_RETRY_MS = 60 * 60_000;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(zone: string): Intl.DateTimeFormat | null {
  let format = dayFormats.get(zone);
  if (!format) {
    try {
      // en-CA writes dates as YYYY-MM-DD.
      format = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
    } catch {
      return null;
    }
    dayFormats.set(zone, format);
  }
  return format;
}

export function isKnownZone(zone: string): boolean {
  return dayFormat(zone) !== null;
}

/** The local calendar day of an instant in a zone. */
export function localDay(instant: Date, zone: string): string {
  const format = dayFormat(zone);
  if (!format) throw new RangeError(`unknown time zone ${zone}`);
  return format.format(instant);
}

/** The instant a local day starts in a zone. */
export function startOfLocalDay(day: string, zone: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date, zone).getTime());
}

export interface PullWindow {
  day: string;
  /** The westernmost zone's close of the day plus the grace period. */
  opensAt: Date;
  /** The first zone's close of the next day; later, some property no longer reports `day`. */
  closesAt: Date;
  /** Whether every zone calls `day` "yesterday" throughout the window. */
  common: boolean;
}

export function pullWindow(day: string, zones: readonly string[], graceMinutes: number): PullWindow {
  const next = addDays(day, 1);
  const after = addDays(day, 2);
  const lastClose = Math.max(...zones.map((zone) => startOfLocalDay(next, zone).getTime()));
  const opensAt = lastClose + graceMinutes * 60_000;
  const firstMoveOn = Math.min(...zones.map((zone) => startOfLocalDay(after, zone).getTime()));
  if (firstMoveOn > opensAt) return { day, opensAt: new Date(opensAt), closesAt: new Date(firstMoveOn), common: true };
  const westMoveOn = Math.max(...zones.map((zone) => startOfLocalDay(after, zone).getTime()));
  return { day, opensAt: new Date(opensAt), closesAt: new Date(westMoveOn), common: false };
}

export function decidePull(input: ScheduleInput): PullDecision {
  const { now, graceMinutes, completeDays, lastPullAt } = input;
  const zones = [...new Set(input.zones)].filter(isKnownZone);
  if (zones.length === 0) {
    if (!lastPullAt || now.getTime() - lastPullAt.getTime() >= NO_ZONE_RETRY_MS) {
      return {
        due: true,
        day: null,
        reason: "No property time zone is known yet, so Daybook pulls now to learn them.",
      };
    }
    return {
      due: false,
      day: null,
      nextAt: new Date(lastPullAt.getTime() + NO_ZONE_RETRY_MS),
      reason: "No property time zone is known yet (no guest arrival stored), so Daybook pulls once an hour.",
    };
  }

  // The westernmost zone's yesterday: the oldest day any property still reports.
  const day = zones.map((zone) => addDays(localDay(now, zone), -1)).sort()[0]!;
  const window = pullWindow(day, zones, graceMinutes);
  const following = pullWindow(addDays(day, 1), zones, graceMinutes);
  if (completeDays.has(day)) {
    return {
      due: false,
      day: following.day,
      nextAt: following.opensAt,
      reason: `${day} is stored; ${following.day} is next.`,
    };
  }
  if (now < window.opensAt) {
    return {
      due: false,
      day,
      nextAt: window.opensAt,
      reason: `${day} is pulled once every property's day has closed and ${graceMinutes} minutes have passed.`,
    };
  }
  if (now < window.closesAt) {
    return {
      due: true,
      day,
      reason: window.common
        ? `Every property reports ${day}, and it is not stored for every report yet.`
        : `The properties' zones span more than a day: ${day} is pulled once the westernmost property's day has closed.`,
    };
  }
  return {
    due: false,
    day: following.day,
    nextAt: following.opensAt,
    reason: `${day} can no longer be pulled whole: some properties already report the next day. ${following.day} is next.`,
  };
}

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
