import { TZDate } from "@date-fns/tz";

// Local calendar dates are handled as YYYY-MM-DD strings with UTC arithmetic: a calendar
// date has no zone, and this keeps day stepping free of DST surprises.

const DAY_MS = 86_400_000;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, "0");
}

export function parseDate(date: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`Not a YYYY-MM-DD date: ${date}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

export function addDays(date: string, days: number): string {
  const { year, month, day } = parseDate(date);
  return formatUtcDate(Date.UTC(year, month - 1, day) + days * DAY_MS);
}

export function formatUtcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** UTC timestamps are second precision everywhere, as the API shows them. */
export function formatUtc(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

export function localDateAt(instantMs: number, timeZone: string): string {
  const local = new TZDate(instantMs, timeZone);
  return `${pad(local.getFullYear(), 4)}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/** `YYYY-MM-DD HH:MM:SS` in the zone (the acknowledgedAtLocal shape). */
export function formatLocalDateTime(instantMs: number, timeZone: string): string {
  const local = new TZDate(instantMs, timeZone);
  return (
    `${pad(local.getFullYear(), 4)}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ` +
    `${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}`
  );
}

/** Start (inclusive) and end (exclusive) instants of a local calendar day; 23 or 25 h on DST days. */
export function localDayBounds(date: string, timeZone: string): { startMs: number; endMs: number } {
  const { year, month, day } = parseDate(date);
  const next = parseDate(addDays(date, 1));
  return {
    startMs: new TZDate(year, month - 1, day, 0, 0, 0, timeZone).getTime(),
    endMs: new TZDate(next.year, next.month - 1, next.day, 0, 0, 0, timeZone).getTime(),
  };
}

/** Whole years between a birth date and a day, both YYYY-MM-DD. */
export function ageOn(birthDate: string, onDate: string): number {
  const birth = parseDate(birthDate);
  const on = parseDate(onDate);
  const hadBirthday = on.month > birth.month || (on.month === birth.month && on.day >= birth.day);
  return on.year - birth.year - (hadBirthday ? 0 : 1);
}

export const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Parses an ISO instant that carries an explicit offset; null when it is not one. */
export function parseIsoInstant(text: string): number | null {
  if (!ISO_INSTANT.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}
