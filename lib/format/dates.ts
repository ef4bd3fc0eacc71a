const LOCALE = "en-US";

const calendarDay = new Intl.DateTimeFormat(LOCALE, {
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/** "2026-11-22" → "Sunday, November 22, 2026". A calendar day has no zone, so it is read as UTC. */
export function formatCalendarDay(isoDate: string): string {
  return calendarDay.format(new Date(`${isoDate}T00:00:00Z`));
}

/** An instant in a given IANA zone, e.g. "Nov 22, 2026, 9:14 PM HST". Unknown zones fall back to UTC. */
export function formatInstant(isoInstant: string, timeZone = "UTC"): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };
  try {
    return new Intl.DateTimeFormat(LOCALE, { ...options, timeZone, timeZoneName: "short" }).format(new Date(isoInstant));
  } catch {
    return new Intl.DateTimeFormat(LOCALE, { ...options, timeZone: "UTC", timeZoneName: "short" }).format(
      new Date(isoInstant),
    );
  }
}
