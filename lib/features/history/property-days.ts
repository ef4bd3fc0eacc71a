/**
 * Which local day a property reports: the API resolves "yesterday" in each property's own zone,
 * and Daybook keeps each property's day on its own. Pure.
 */
import { TZDate } from "@date-fns/tz";

import { addDays } from "@/lib/core/days";

/** A property name the key reaches, with the zones its arrivals named (several for a shared name). */
export interface PropertyZones {
  name: string;
  zones: readonly string[];
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(zone: string): Intl.DateTimeFormat | null {
  let format = dayFormats.get(zone);
  if (!format) {
    try {
      // en-CA writes dates as YYYY-MM-DD.
      format = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
    } catch {
      return null;
    }
    dayFormats.set(zone, format);
  }
  return format;
}

export function isKnownZone(zone: string): boolean {
  return zone !== "" && dayFormat(zone) !== null;
}

/** The local calendar day of an instant in a zone. */
export function localDay(instant: Date, zone: string): string {
  const format = dayFormat(zone);
  if (!format) throw new RangeError(`unknown time zone ${zone}`);
  return format.format(instant);
}

/** The instant a local day starts in a zone. */
export function startOfLocalDay(day: string, zone: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date, zone).getTime());
}

/** Identifies one property's stored day. */
export function coverageKey(day: string, name: string): string {
  return `${day}|${name}`;
}

/**
 * The day the API reports for a property at `instant`: its local yesterday. Null when the zones
 * given (properties sharing one name) do not agree, or none is known.
 */
export function reportedDayOf(zones: readonly string[], instant: Date): string | null {
  const days = new Set(zones.filter(isKnownZone).map((zone) => addDays(localDay(instant, zone), -1)));
  return days.size === 1 ? [...days][0]! : null;
}

/**
 * Which day each property's part of one answer belongs to. The items' own local dates decide when
 * there are items; otherwise the property's zones at the API's clock. A property whose zones or
 * items name two days (two properties sharing a name on either side of a midnight) gets null and
 * is not stored from this answer. A property whose zone is not known yet gets the answer's label.
 */
export function assignDays({
  names,
  zonesByName,
  itemDays,
  apiNow,
  label,
}: {
  names: Iterable<string>;
  zonesByName: ReadonlyMap<string, readonly string[]>;
  itemDays: ReadonlyMap<string, ReadonlySet<string>>;
  apiNow: Date;
  label: string;
}): Map<string, string | null> {
  const assigned = new Map<string, string | null>();
  for (const name of names) {
    const zones = (zonesByName.get(name) ?? []).filter(isKnownZone);
    const days = new Set(itemDays.get(name) ?? []);
    for (const zone of zones) days.add(addDays(localDay(apiNow, zone), -1));
    assigned.set(name, days.size === 0 ? label : days.size === 1 ? [...days][0]! : null);
  }
  return assigned;
}
