/**
 * Banned after the stay: guests not banned when they checked in (screened clear, or with no
 * screening record) whose live `isCurrentlyBanned` now reads true. Pure, so every edge is
 * unit-tested; the readings come from Daybook's own history (the value as first pulled, then each
 * change kept as an observation with the time it was seen).
 */

import type { BanReading, StayReadings, StayRef } from "@/lib/features/history/screening";

export type { BanReading, StayReadings, StayRef };

export type CheckInScreening = "clear" | "no screening record";

export interface BannedAfterStay {
  propertyName: string;
  propertyTimeZone: string;
  day: string;
  checkInAtUtc: string;
  /** The stored arrival: its name is read for the page that shows it. */
  ref: StayRef;
  /** What the check-in said: screened clear, or no screening record (never read as clear). */
  atCheckIn: CheckInScreening;
  /** When Daybook first saw the ban that stands now. */
  bannedSeenAt: Date;
  /** True when the day was stored already banned: the ban came between check-in and the pull. */
  seenAtPull: boolean;
}

/**
 * What a name reads where the arrival holds none: the CSV's words, and the value the screen
 * recognises to say it in the person's language.
 */
export const NAME_NOT_CAPTURED = "Name not captured";

export function guestName(stay: {
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
}): string {
  const parts = [stay.firstName, stay.middleName, stay.lastName].filter((part): part is string => !!part);
  return parts.length > 0 ? parts.join(" ") : NAME_NOT_CAPTURED;
}

/**
 * The stay, if its guest was banned after it: not matched against a ban at check-in, and banned at
 * the latest reading. A ban lifted since (the latest reading false) leaves the list; a ban lifted
 * and imposed again counts from when the standing one was first seen.
 */
export function bannedAfterStay(stay: StayReadings): BannedAfterStay | null {
  if (stay.matchedBanAtCheckIn === true) return null;
  const readings = [stay.pulled, ...[...stay.observations].sort((a, b) => a.at.getTime() - b.at.getTime())];
  let since: BanReading | null = null;
  for (const reading of readings) {
    if (!reading.value) since = null;
    else since ??= reading;
  }
  if (since === null) return null;
  return {
    propertyName: stay.propertyName,
    propertyTimeZone: stay.propertyTimeZone,
    day: stay.day,
    checkInAtUtc: stay.checkInAtUtc,
    ref: stay.ref,
    atCheckIn: stay.matchedBanAtCheckIn === null ? "no screening record" : "clear",
    bannedSeenAt: since.at,
    seenAtPull: since === stay.pulled,
  };
}

/**
 * Every stay whose guest was banned after it, newest change first; ties by the later stay, then
 * property name and check-in instant, so the order never depends on how the rows were read. The same
 * guest on several days is listed once per stay: the API has no guest identifier to join them.
 */
export function bannedAfterStays(stays: readonly StayReadings[]): BannedAfterStay[] {
  return stays
    .map(bannedAfterStay)
    .filter((entry): entry is BannedAfterStay => entry !== null)
    .sort(
      (a, b) =>
        b.bannedSeenAt.getTime() - a.bannedSeenAt.getTime() ||
        b.day.localeCompare(a.day) ||
        a.propertyName.localeCompare(b.propertyName) ||
        a.checkInAtUtc.localeCompare(b.checkInAtUtc),
    );
}

export const SINCE_YESTERDAY_MS = 24 * 3_600_000;

/** The bans first seen in the 24 hours before `now` (the Overview's "since yesterday"). */
export function seenSince(list: readonly BannedAfterStay[], now: Date): BannedAfterStay[] {
  const since = now.getTime() - SINCE_YESTERDAY_MS;
  return list.filter((entry) => entry.bannedSeenAt.getTime() > since && entry.bannedSeenAt.getTime() <= now.getTime());
}

/**
 * What the list cannot cover: how many stored guest days retention emptied, and the last of them, so
 * no stay of theirs can be listed. Null when none was removed.
 */
export function purgedSpan(purgedDays: readonly string[]): { days: number; last: string } | null {
  if (purgedDays.length === 0) return null;
  return { days: purgedDays.length, last: [...purgedDays].sort().at(-1)! };
}

/** The guests screen on the stay's stored day, filtered to its property. */
export function stayHref(entry: Pick<BannedAfterStay, "day" | "propertyName">): string {
  const params = new URLSearchParams({ day: entry.day, property: entry.propertyName });
  return `/guests?${params.toString()}`;
}
