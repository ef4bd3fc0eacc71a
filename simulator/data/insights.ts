import { parseDate } from "./local-time";
import type { Property } from "./properties";

/**
 * What the demo's history needs beyond the everyday randomness, as pure functions of the property
 * and the local date like the rest of the data, so that any 30 days the demo pulls show them.
 */

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a local date: the calendar the patterns below repeat on. */
export function dayNumber(date: string): number {
  const { year, month, day } = parseDate(date);
  return Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);
}

/**
 * Guests banned after their stay, pinned so a 30-day history always holds a few at the demo
 * supervisor's properties and one other: every 14th day at each (on different days), one arrival,
 * not banned at check-in (screened clean, or with no screening record), banned an hour after the
 * property's local day closed, so the daily pull already reads `isCurrentlyBanned: true`.
 */
export const LATE_BAN_PINS: readonly {
  propertyId: string;
  index: number;
  offset: number;
  matchedBan: false | null;
}[] = [
  // Arrival index 4 and up: 0–3 pin the genders, and Riverside's showcase uses 4–12.
  { propertyId: "harbour-view", index: 4, offset: 3, matchedBan: null },
  { propertyId: "riverside-co", index: 13, offset: 8, matchedBan: false },
  { propertyId: "grand-zurich", index: 4, offset: 12, matchedBan: false },
];
export const LATE_BAN_EVERY_DAYS = 14;
export const LATE_BAN_AFTER_CLOSE_MS = 3_600_000;

export function lateBanPin(property: Property, date: string, index: number): { matchedBan: false | null } | null {
  const pin = LATE_BAN_PINS.find((entry) => entry.propertyId === property.id && entry.index === index);
  if (!pin || dayNumber(date) % LATE_BAN_EVERY_DAYS !== pin.offset) return null;
  return { matchedBan: pin.matchedBan };
}

/**
 * Screening coverage that falls: at Hôtel Élysée Montréal about 2 % of arrivals have no screening
 * record (`matchedBanAtCheckIn: null`), except for 6 days in every 20, the first of them
 * 2026-11-17, when about 35 % have none. Everywhere else the share stays at about 10 %. Any 30 days
 * (the demo's history, whatever day it starts) hold a whole drop, and a drop is never most of the
 * 28 days a share is judged against, so each drop day stands out from its property's history.
 */
export const COVERAGE_DROP = {
  propertyId: "elysee-montreal",
  cycleDays: 20,
  badDays: 6,
  firstBadDay: "2026-11-17",
  usualShare: 0.02,
  droppedShare: 0.35,
} as const;
export const DEFAULT_NO_SCREENING_SHARE = 0.1;

export function inCoverageDrop(date: string): boolean {
  const { cycleDays, badDays, firstBadDay } = COVERAGE_DROP;
  const sinceFirst = dayNumber(date) - dayNumber(firstBadDay);
  return ((sinceFirst % cycleDays) + cycleDays) % cycleDays < badDays;
}

/** The chance that an arrival at this property on this day has no screening record. */
export function noScreeningShare(property: Property, date: string): number {
  if (property.id !== COVERAGE_DROP.propertyId) return DEFAULT_NO_SCREENING_SHARE;
  return inCoverageDrop(date) ? COVERAGE_DROP.droppedShare : COVERAGE_DROP.usualShare;
}
