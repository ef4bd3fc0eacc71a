/** "Nov 22, 2026": the UTC calendar day of an instant. */
export function formatUtcDate(instant: Date | string): string {
  return formatDayWithYear(new Date(instant).toISOString().slice(0, 10));
}

/** Words for each upstream failure, by code. Plain data so server and client components share it. */
const TITLES: Record<string, string> = {
  invalid_api_key: "The Partner API rejected Daybook's key",
  insufficient_scope: "This report is not enabled for Daybook's key",
  property_not_found: "No property by that name",
  property_name_ambiguous: "Several properties share that name",
  parameter_not_supported: "The Partner API refused a parameter",
  invalid_request: "The request was not valid",
  not_found: "The Partner API does not know that address",
  rate_limit_exceeded: "The Partner API is busy",
  internal_error: "The Partner API had a fault",
  network_error: "Could not reach the Partner API",
  timeout: "The Partner API did not answer in time",
  malformed_body: "The Partner API sent an answer Daybook cannot read",
  contract_violation: "The Partner API sent a report that breaks its contract",
  redirect_refused: "The Partner API tried to send Daybook elsewhere",
  aborted: "The request was cancelled",
  upstream_unavailable: "The Partner API is unavailable for now; Daybook will try again shortly",
  response_too_large: "The Partner API sent a report larger than Daybook accepts",
};

export function describeApiErrorCode(code: string): string {
  return TITLES[code] ?? "The Partner API answered with an error";
}

/**
 * One sentence per failure, in Daybook's own words: what a browser is told instead of the API's
 * `detail`, which may echo anything a gateway saw (a header, the key).
 */
const SENTENCES: Record<string, string> = {
  invalid_api_key: "The Partner API did not accept the key Daybook sent.",
  insufficient_scope: "Daybook's key is not enabled for this report.",
  property_not_found: "No property by that name is available to you.",
  property_name_ambiguous: "Several of your properties share that name.",
  parameter_not_supported: "The Partner API refused a parameter of Daybook's request.",
  invalid_request: "The Partner API found Daybook's request malformed.",
  not_found: "The Partner API does not know the address Daybook asked for.",
  rate_limit_exceeded: "The Partner API had too many requests at once.",
  internal_error: "The Partner API failed while answering.",
  network_error: "Daybook could not reach the Partner API.",
  timeout: "The Partner API did not answer in time.",
  malformed_body: "The Partner API's answer could not be read.",
  contract_violation: "The Partner API's answer does not follow its contract.",
  redirect_refused: "The Partner API tried to redirect Daybook to another address.",
  unexpected_status: "The Partner API answered with a status its contract does not list.",
  aborted: "The request was cancelled.",
  upstream_unavailable: "Daybook has paused calls to the Partner API after several failures in a row.",
  response_too_large: "The Partner API's answer was larger than Daybook accepts.",
};

export function describeUpstreamFailure(code: string): string {
  return SENTENCES[code] ?? "The Partner API answered with an error.";
}

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
};

// Formatters are costly to build and a CSV formats thousands of times: one per zone and shape.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string, named: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${named}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(
      LOCALE,
      named ? { timeZone, timeZoneName: "short" } : { ...INSTANT_PARTS, timeZone },
    );
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The zone as a reader knows it at that instant: "HST", "PDT" then "PST" across a change of clocks.
 * Where the locale has no abbreviation and gives a bare offset ("GMT+9"), the IANA name ("Asia/Tokyo")
 * says more: a property's zone is a place, and an offset alone hides which one.
 */
export function zoneName(isoInstant: string, timeZone: string): string {
  const part = formatterOf(timeZone, true)
    .formatToParts(new Date(isoInstant))
    .find((entry) => entry.type === "timeZoneName")?.value;
  return !part || /^(GMT|UTC)[+-−]/.test(part) ? timeZone : part;
}

function knownZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone, false);
    return true;
  } catch {
    return false;
  }
}

/** An instant in a given IANA zone, e.g. "Nov 22, 2026, 9:14 PM HST". An unknown zone falls back to UTC. */
export function formatInstant(isoInstant: string, timeZone = "UTC"): string {
  const zone = knownZone(timeZone) ? timeZone : "UTC";
  const wallClock = formatterOf(zone, false).format(new Date(isoInstant));
  return `${wallClock} ${zoneName(isoInstant, zone)}`;
}

/** The time of day alone, zone named: "4:54 PM HST"; in UTC where the zone is not known. */
export function formatClock(isoInstant: string, timeZone?: string | null): string {
  const zone = timeZone && knownZone(timeZone) ? timeZone : "UTC";
  const clock = new Intl.DateTimeFormat(LOCALE, { hour: "numeric", minute: "2-digit", timeZone: zone });
  return `${clock.format(new Date(isoInstant))} ${zoneName(isoInstant, zone)}`;
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

export function propertyTime(isoInstant: string, timeZone?: string | null): PropertyTime {
  const utc = formatInstant(isoInstant, "UTC");
  if (!timeZone || !knownZone(timeZone)) return { text: utc, utc, zoned: false };
  return { text: formatInstant(isoInstant, timeZone), utc, zoned: true };
}

/** For paper, where nothing hovers: "Nov 24, 2026, 4:54 PM HST (Nov 25, 2026, 2:54 AM UTC)". */
export function formatPropertyTimeWithUtc(isoInstant: string, timeZone?: string | null): string {
  const time = propertyTime(isoInstant, timeZone);
  return time.zoned ? `${time.text} (${time.utc})` : time.utc;
}

const shortDay = new Intl.DateTimeFormat(LOCALE, { month: "short", day: "numeric", timeZone: "UTC" });
const shortDayWithYear = new Intl.DateTimeFormat(LOCALE, {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** "2026-11-21" → "Nov 21". */
export function formatShortDay(day: string): string {
  return shortDay.format(new Date(`${day}T00:00:00Z`));
}

/** "2026-11-21" → "Nov 21, 2026". */
export function formatDayWithYear(day: string): string {
  return shortDayWithYear.format(new Date(`${day}T00:00:00Z`));
}

/** Identification numbers leave the server masked to their last 4 characters, unless a person reveals one (audited). */
export function maskIdentification(value: string): string {
  const visible = value.slice(-4);
  return value.length <= 4 ? "•".repeat(value.length) : `${"•".repeat(Math.min(value.length - 4, 6))}${visible}`;
}
