/**
 * The hour of the day and the weekday of an instant on a property's clock, in its own zone, across
 * changes of clocks: what the alert-response breakdowns group a year's check-ins by. Pure and
 * isomorphic.
 *
 * A year of a large group is a quarter of a million check-ins; asking Intl for each took about
 * 0.4 s. A zone's offset from UTC changes at most once in a UTC day (at a change of clocks), so the
 * offset is asked for at both ends of each UTC day and reused for every instant of a day whose two
 * ends agree; only the instants of the one or two days a year that change clocks are asked for
 * one by one.
 */

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClockOf(zone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
    wallClocks.set(zone, format);
  }
  return format;
}

/** The zone's offset from UTC at `ms`, in ms (the wall clock read as if it were UTC, minus the instant). */
function offsetAt(zone: string, ms: number): number {
  const parts: Record<string, number> = {};
  for (const part of wallClockOf(zone).formatToParts(ms))
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  // The formatter gives whole seconds: the instant's own milliseconds are not part of the offset.
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/** Each zone's offset over each UTC day, where it held all day; null for a day that changes clocks. */
const dayOffsets = new Map<string, number | null>();
const MAX_DAY_OFFSETS = 100_000;

function offsetOf(zone: string, ms: number): number {
  const day = Math.floor(ms / DAY_MS);
  const key = `${zone}|${day}`;
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    const start = offsetAt(zone, day * DAY_MS);
    // The last instant of the day, not the next day's first: its offset is this day's to keep.
    const end = offsetAt(zone, (day + 1) * DAY_MS - 1000);
    offset = start === end ? start : null;
    if (dayOffsets.size >= MAX_DAY_OFFSETS) dayOffsets.clear();
    dayOffsets.set(key, offset);
  }
  return offset ?? offsetAt(zone, ms);
}

/** Where an instant falls on a property's clock. */
export interface LocalSlot {
  /** 0–23. */
  hour: number;
  /** 0 for Monday … 6 for Sunday. */
  weekday: number;
}

/** The hour and weekday of `instant` (ISO or ms) in `zone`, an IANA zone. Throws a RangeError for an unknown zone. */
export function localSlot(instant: string | number, zone: string): LocalSlot {
  const ms = typeof instant === "number" ? instant : Date.parse(instant);
  const local = ms + offsetOf(zone, ms);
  const days = Math.floor(local / DAY_MS);
  const hour = Math.floor((local - days * DAY_MS) / HOUR_MS);
  // 1970-01-01 was a Thursday: day 0 is weekday 3 counted from Monday.
  return { hour, weekday: (((days + 3) % 7) + 7) % 7 };
}

/** Whether Intl knows the zone (a zone the API named may be one this runtime does not). */
export function isZone(zone: string): boolean {
  try {
    wallClockOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** "09:00–09:59". */
export function hourLabel(hour: number): string {
  const hh = String(hour).padStart(2, "0");
  return `${hh}:00–${hh}:59`;
}
