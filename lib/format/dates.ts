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

const INSTANT_PARTS: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
};

/** An instant in a given IANA zone, e.g. "Nov 22, 2026, 9:14 PM HST". An unknown zone falls back to UTC. */
export function formatInstant(isoInstant: string, timeZone = "UTC"): string {
  const instant = new Date(isoInstant);
  try {
    return new Intl.DateTimeFormat(LOCALE, { ...INSTANT_PARTS, timeZone }).format(instant);
  } catch {
    return new Intl.DateTimeFormat(LOCALE, { ...INSTANT_PARTS, timeZone: "UTC" }).format(instant);
  }
}
