import { DAY_PATTERN } from "@/lib/history/types";

/**
 * Calendar days as the API writes them (YYYY-MM-DD). A local day has no zone of its own, so the
 * arithmetic is done at UTC midnight, where every day is exactly 24 hours long.
 */

export const RANGES = [7, 30, 90] as const;
export type RangeDays = (typeof RANGES)[number];
export const DEFAULT_RANGE: RangeDays = 30;

const DAY_MS = 86_400_000;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** A real calendar day in the API's spelling: "2026-02-30" is not one. */
export function isCalendarDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** `?range=`: 7, 30 or 90; anything else is the default. */
export function parseRange(value: string | string[] | undefined): RangeDays {
  const number = Number(first(value));
  return (RANGES as readonly number[]).includes(number) ? (number as RangeDays) : DEFAULT_RANGE;
}

export type DayParam = { kind: "live" } | { kind: "day"; day: string } | { kind: "invalid"; text: string };

/** `?day=`: absent or empty is yesterday live; a calendar day is a stored day; anything else is said to be wrong. */
export function parseDay(value: string | string[] | undefined): DayParam {
  const text = first(value)?.trim() ?? "";
  if (text === "") return { kind: "live" };
  return isCalendarDay(text) ? { kind: "day", day: text } : { kind: "invalid", text };
}

export function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);
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

const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const shortDayWithYear = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** "2026-11-21" → "Nov 21". */
export function formatShortDay(day: string): string {
  return shortDay.format(new Date(`${day}T00:00:00Z`));
}

/** "2026-11-21" → "Nov 21, 2026". */
export function formatDayWithYear(day: string): string {
  return shortDayWithYear.format(new Date(`${day}T00:00:00Z`));
}
