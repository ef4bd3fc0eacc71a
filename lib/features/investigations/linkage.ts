/**
 * What the two investigations that link a guest's arrivals across the group (missed bans, repeat
 * visitors) share: which property an arrival is, how many days lie between two arrivals, and who
 * may see an entry whole. Pure and isomorphic.
 *
 * A property is its name (as the API compares names) and its zone: two properties may share a
 * name, and their arrivals tell them apart by the zone they carry.
 *
 * Days between two arrivals are counted on their local check-in days, each in its own property's
 * zone (the days staff see on their screens), never on the instants: "within 30 days" then means
 * the same whatever the clocks did in between, where 30 × 24 hours would be an hour short or long
 * across a change of clocks.
 */
import { canSeeProperty, propertyKey, type PropertyScope } from "@/lib/core/access";
import { arrivalPropertyLabel, type PropertyNameWords } from "@/lib/core/property-names";

const DAY_MS = 86_400_000;

/** A property as the investigations tell them apart. */
export interface PropertyId {
  propertyName: string;
  propertyTimeZone: string;
}

/** One key per property: the name as the API compares it, and the zone. */
export function propertyIdKey(property: PropertyId): string {
  return JSON.stringify([propertyKey(property.propertyName), property.propertyTimeZone]);
}

export function sameProperty(a: PropertyId, b: PropertyId): boolean {
  return propertyIdKey(a) === propertyIdKey(b);
}

function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/** Calendar days from local day `a` to local day `b` (negative when `b` is earlier). */
export function daysBetween(a: string, b: string): number {
  return dayNumber(b) - dayNumber(a);
}

/** Whether the person sees every one of these properties (a property is seen by its name). */
export function seesEvery(scope: PropertyScope, properties: readonly PropertyId[]): boolean {
  return properties.every((property) => canSeeProperty(scope, property.propertyName));
}

/** Whether the person sees any of these properties. */
export function seesAny(scope: PropertyScope, properties: readonly PropertyId[]): boolean {
  return properties.some((property) => canSeeProperty(scope, property.propertyName));
}

/**
 * The names several properties share, from the zones Daybook has seen each name's arrivals in (the
 * known properties), so a label says which one it is: "Seaside Suites (New York time)".
 */
export function sharedNamesOf(known: readonly { name: string; zones: readonly string[] }[]): string[] {
  const zones = new Map<string, { name: string; zones: Set<string> }>();
  for (const property of known) {
    const key = propertyKey(property.name);
    const entry = zones.get(key) ?? { name: property.name, zones: new Set<string>() };
    for (const zone of property.zones) entry.zones.add(zone);
    zones.set(key, entry);
  }
  return [...zones.values()].filter((entry) => entry.zones.size > 1).map((entry) => entry.name);
}

/** In `words` (the person's); English by default (a file's cells). */
export function propertyLabelOf(property: PropertyId, shared: readonly string[], words?: PropertyNameWords): string {
  return arrivalPropertyLabel(property, shared, words);
}

/**
 * What a name reads where the arrival holds none: the CSV's words, and the value a screen recognises
 * to say it in the person's language.
 */
export const NAME_NOT_CAPTURED = "Name not captured";

/** A guest's name as shown; NAME_NOT_CAPTURED where the arrival holds none. */
export function shownName(name: { firstName: string | null; middleName: string | null; lastName: string | null }) {
  const parts = [name.firstName, name.middleName, name.lastName].filter((part): part is string => !!part);
  return parts.length > 0 ? parts.join(" ") : NAME_NOT_CAPTURED;
}
