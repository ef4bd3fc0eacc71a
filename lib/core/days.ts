/**
 * Calendar days as the API writes them (YYYY-MM-DD), and the one reader of the search parameters
 * that carry them. A local day has no zone of its own, so the arithmetic is done at UTC midnight,
 * where every day is exactly 24 hours long. Pages, routes and actions read `?day=` the same way, so
 * the same bad value gets the same answer everywhere.
 */

import { AppError } from "./errors";

/** A local day, as the API writes it. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const DAY_MS = 86_400_000;

export const INVALID_DAY_MESSAGE = "That is not a day Daybook can read; days are written YYYY-MM-DD.";

/** A real calendar day in the API's spelling: "2026-02-30" is not one. */
export function isCalendarDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && utcDay(date) === value;
}

/** A search parameter as Next.js hands it over: the first value, trimmed; empty means absent. */
export function firstParam(value: string | string[] | null | undefined, maxLength = 200): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  const trimmed = first?.trim();
  return trimmed ? trimmed.slice(0, maxLength) : undefined;
}

/** `?property=`: trimmed, at most 200 characters, empty meaning no filter. */
export function propertyFromSearchParam(value: string | string[] | null | undefined): string | undefined {
  return firstParam(value, 200);
}

/** `?day=` as a report reads it: absent for yesterday live; checked by `requireDay` where it is used. */
export function dayFromSearchParam(value: string | string[] | null | undefined): string | undefined {
  return firstParam(value, 20);
}

/** A stored day a report was asked for; anything but a calendar day is refused with one answer everywhere. */
export function requireDay(day: string): string {
  if (!isCalendarDay(day)) throw new AppError(400, "invalid_day", INVALID_DAY_MESSAGE, "invalidDay");
  return day;
}

export type DayParam = { kind: "live" } | { kind: "day"; day: string } | { kind: "invalid"; text: string };

/** `?day=`: absent or empty is yesterday live; a calendar day is a stored day; anything else is said to be wrong. */
export function parseDay(value: string | string[] | null | undefined): DayParam {
  const text = dayFromSearchParam(value);
  if (text === undefined) return { kind: "live" };
  return isCalendarDay(text) ? { kind: "day", day: text } : { kind: "invalid", text };
}

export const RANGES = [7, 30, 90, 365] as const;
export type RangeDays = (typeof RANGES)[number];
export const DEFAULT_RANGE: RangeDays = 30;

/** `?range=`: one of RANGES (a week, a month, a quarter, a year); anything else is the default. */
export function parseRange(value: string | string[] | null | undefined): RangeDays {
  const number = Number(firstParam(value));
  return (RANGES as readonly number[]).includes(number) ? (number as RangeDays) : DEFAULT_RANGE;
}

export function addDays(day: string, count: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS));
}

export function previousDay(day: string): string {
  return addDays(day, -1);
}

/** The `count` days ending with `end`, oldest first. */
export function daysEnding(end: string, count: number): string[] {
  return Array.from({ length: count }, (_, offset) => addDays(end, offset - count + 1));
}

/** The UTC calendar day of an instant. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}
