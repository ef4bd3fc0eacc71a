import { createTranslator } from "use-intl/core";

import type { Messages, translatorFor } from "./catalogue";
import { DEFAULT_LOCALE_CHOICE, type Habits } from "./locale";
import enErrors from "./messages/en/errors.json";

/** "Nov 22, 2026": the UTC calendar day of an instant. */
export function formatUtcDate(instant: Date | string): string {
  return formatDayWithYear(new Date(instant).toISOString().slice(0, 10));
}

/**
 * The errors namespace's words, as `getTranslations("errors")`, `useTranslations("errors")` or
 * `translatorFor(language, "errors")` give them.
 */
export type ErrorWords = ReturnType<typeof translatorFor<"errors">>;

/** English where no translator is at hand: a class's `toJSON`, a report held for everyone. */
const ENGLISH_ERRORS: ErrorWords = createTranslator({
  locale: "en",
  messages: { errors: enErrors } as Messages,
  namespace: "errors",
});

type UpstreamTitled = keyof Messages["errors"]["upstream"]["title"];
type UpstreamSentenced = keyof Messages["errors"]["upstream"]["sentence"];

const isTitled = (code: string): code is UpstreamTitled => Object.hasOwn(enErrors.upstream.title, code);
const isSentenced = (code: string): code is UpstreamSentenced => Object.hasOwn(enErrors.upstream.sentence, code);

/** An upstream failure's title, by its code (the catalogue's `errors.upstream.title`). */
export function describeApiErrorCode(code: string, t: ErrorWords = ENGLISH_ERRORS): string {
  return t(`upstream.title.${isTitled(code) ? code : "other"}`);
}

/**
 * One sentence per failure, in Daybook's own words: what a browser is told instead of the API's
 * `detail`, which may echo anything a gateway saw (a header, the key).
 */
export function describeUpstreamFailure(code: string, t: ErrorWords = ENGLISH_ERRORS): string {
  return t(`upstream.sentence.${isSentenced(code) ? code : "other"}`);
}

/**
 * Dates, times, numbers and percentages in a person's habits (lib/core/locale.ts): one formatter for
 * pages, PDFs and mail. Times of a property's day stay in the property's zone, named; a calendar day
 * has no zone and is read as UTC.
 */
export interface Formatter {
  habits: Habits;
  /** "2026-11-22" → "Sunday, November 22, 2026". */
  calendarDay(isoDate: string): string;
  /** "2026-11-21" → "Nov 21". */
  shortDay(day: string): string;
  /** "2026-11-21" → "Nov 21, 2026" ("21.11.2026" in de-CH). */
  dayWithYear(day: string): string;
  /** The UTC calendar day of an instant, as `dayWithYear`. */
  utcDate(instant: Date | string): string;
  /** The zone as a reader knows it at that instant (see `zoneName`). */
  zoneName(isoInstant: string, timeZone: string): string;
  /** An instant in a zone, named: "Nov 22, 2026, 9:14 PM HST"; an unknown zone falls back to UTC. */
  instant(isoInstant: string, timeZone?: string): string;
  /**
   * The zone Daybook's own events are drawn in: the person's (`habits.timeZone`), or UTC where they
   * never chose one or this runtime does not know it.
   */
  eventZone: string;
  /**
   * A time of Daybook's own (an audit entry, a mail sent, a pull) in the person's zone, named, as
   * `instant` writes it: "Nov 23, 2026, 8:14 AM Europe/Zurich"; "… 7:14 AM UTC" by default.
   */
  event(instant: Date | string): string;
  /** The calendar day of one of Daybook's own events in the person's zone, as `dayWithYear`. */
  eventDay(instant: Date | string): string;
  /** The time of day alone, zone named: "4:54 PM HST"; in UTC where the zone is not known. */
  clock(isoInstant: string, timeZone?: string | null): string;
  propertyTime(isoInstant: string, timeZone?: string | null): PropertyTime;
  /** For paper, where nothing hovers: "Nov 24, 2026, 4:54 PM HST (Nov 25, 2026, 2:54 AM UTC)". */
  propertyTimeWithUtc(isoInstant: string, timeZone?: string | null): string;
  /** An hour of the day on the person's clock: "7 AM", "07:00". */
  hour(hour: number): string;
  /** 12345.6 → "12,345.6" ("12 345,6" in fr-CA). */
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /** A fraction as a percentage, one decimal at most: 0.184 → "18.4%" ("18,4 %" in fr-CA). */
  percent(fraction: number, maximumFractionDigits?: number): string;
  /** ISO weekdays (1 Monday … 7 Sunday) in the order of the person's week. */
  weekOrder(): number[];
  /** An ISO weekday's name in the region's words: "Monday", "lundi". */
  weekday(isoWeekday: number, width?: "long" | "short"): string;
}

/** A time of a property's day: in its zone where Daybook knows it, named, with UTC beside it for a hover. */
export interface PropertyTime {
  /** "Nov 24, 2026, 4:54 PM HST"; in UTC where the zone is not known. */
  text: string;
  /** "Nov 25, 2026, 2:54 AM UTC". */
  utc: string;
  /** Whether `text` is in the property's zone (false: it is in UTC). */
  zoned: boolean;
}

// Formatters are costly to build and a CSV formats thousands of times: one per habits, zone and shape.
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function dateFormat(habits: Habits, shape: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${habits.region}|${habits.hourCycle}|${shape}|${options.timeZone ?? ""}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(habits.region, options);
    cache.set(key, format);
  }
  return format;
}

function numberFormat(habits: Habits, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${habits.region}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(habits.region, options);
    cache.set(key, format);
  }
  return format;
}

function knownZone(timeZone: string): boolean {
  try {
    dateFormat(DEFAULT_HABITS, "probe", { timeZone });
    return true;
  } catch {
    return false;
  }
}

const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

export function createFormatter(habits: Habits): Formatter {
  const { hourCycle } = habits;
  const zoneName = (isoInstant: string, timeZone: string): string => {
    const part = dateFormat(habits, "zone", { timeZone, timeZoneName: "short" })
      .formatToParts(new Date(isoInstant))
      .find((entry) => entry.type === "timeZoneName")?.value;
    // Where the locale has no abbreviation and gives a bare offset ("GMT+9"), the IANA name says
    // more: a property's zone is a place, and an offset alone hides which one.
    return !part || /^(GMT|UTC)[+-−]/.test(part) ? timeZone : part;
  };
  const instant = (isoInstant: string, timeZone = "UTC"): string => {
    const zone = knownZone(timeZone) ? timeZone : "UTC";
    const wallClock = dateFormat(habits, "instant", {
      dateStyle: "medium",
      timeStyle: "short",
      hourCycle,
      timeZone: zone,
    }).format(new Date(isoInstant));
    return `${wallClock} ${zoneName(isoInstant, zone)}`;
  };
  const eventZone = habits.timeZone && knownZone(habits.timeZone) ? habits.timeZone : "UTC";
  const propertyTime = (isoInstant: string, timeZone?: string | null): PropertyTime => {
    const utc = instant(isoInstant, "UTC");
    if (!timeZone || !knownZone(timeZone)) return { text: utc, utc, zoned: false };
    return { text: instant(isoInstant, timeZone), utc, zoned: true };
  };
  const dayWithYear = (day: string) =>
    dateFormat(habits, "dayWithYear", { dateStyle: "medium", timeZone: "UTC" }).format(utcDay(day));
  const weekday = (isoWeekday: number, width: "long" | "short" = "long") =>
    // 2026-11-23 is a Monday: ISO weekday n is n − 1 days later.
    dateFormat(habits, `weekday-${width}`, { weekday: width, timeZone: "UTC" }).format(
      new Date(Date.UTC(2026, 10, 22 + isoWeekday)),
    );
  return {
    habits,
    calendarDay: (isoDate) =>
      dateFormat(habits, "calendarDay", { dateStyle: "full", timeZone: "UTC" }).format(utcDay(isoDate)),
    shortDay: (day) =>
      dateFormat(habits, "shortDay", { month: "short", day: "numeric", timeZone: "UTC" }).format(utcDay(day)),
    dayWithYear,
    utcDate: (value) => dayWithYear(new Date(value).toISOString().slice(0, 10)),
    zoneName,
    instant,
    eventZone,
    event: (at) => instant(new Date(at).toISOString(), eventZone),
    eventDay: (at) =>
      dateFormat(habits, "dayWithYear", { dateStyle: "medium", timeZone: eventZone }).format(new Date(at)),
    clock: (isoInstant, timeZone) => {
      const zone = timeZone && knownZone(timeZone) ? timeZone : "UTC";
      const clock = dateFormat(habits, "clock", { timeStyle: "short", hourCycle, timeZone: zone });
      return `${clock.format(new Date(isoInstant))} ${zoneName(isoInstant, zone)}`;
    },
    propertyTime,
    propertyTimeWithUtc: (isoInstant, timeZone) => {
      const time = propertyTime(isoInstant, timeZone);
      return time.zoned ? `${time.text} (${time.utc})` : time.utc;
    },
    hour: (hour) =>
      dateFormat(habits, "hour", {
        // On a 24-hour clock an hour alone reads as a time only with its minutes: "07:00".
        ...(hourCycle === "h23" ? { hour: "2-digit", minute: "2-digit" } : { hour: "numeric" }),
        hourCycle,
        timeZone: "UTC",
      }).format(new Date(Date.UTC(2026, 0, 1, hour))),
    number: (value, options = {}) => numberFormat(habits, options).format(value),
    percent: (fraction, maximumFractionDigits = 1) =>
      numberFormat(habits, { style: "percent", maximumFractionDigits }).format(fraction),
    weekOrder: () => Array.from({ length: 7 }, (_, index) => ((habits.weekStart - 1 + index) % 7) + 1),
    weekday,
  };
}

export const DEFAULT_HABITS: Habits = {
  region: DEFAULT_LOCALE_CHOICE.region,
  hourCycle: DEFAULT_LOCALE_CHOICE.hourCycle,
  weekStart: DEFAULT_LOCALE_CHOICE.weekStart,
};

/** Daybook's formats where no person is asked (US English, 12-hour clock): the existing call sites. */
const standard = createFormatter(DEFAULT_HABITS);

export const formatCalendarDay = standard.calendarDay;
export const zoneName = standard.zoneName;
export const formatInstant = standard.instant;
export const formatClock = standard.clock;
export const propertyTime = standard.propertyTime;
export const formatPropertyTimeWithUtc = standard.propertyTimeWithUtc;
export const formatShortDay = standard.shortDay;
export const formatDayWithYear = standard.dayWithYear;

/** Identification numbers leave the server masked to their last 4 characters, unless a person reveals one (audited). */
export function maskIdentification(value: string): string {
  const visible = value.slice(-4);
  return value.length <= 4 ? "•".repeat(value.length) : `${"•".repeat(Math.min(value.length - 4, 6))}${visible}`;
}
