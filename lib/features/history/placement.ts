/**
 * Which of several same-named properties a criminal arrival belongs to. Criminal arrivals carry no
 * zone; the same guest's arrival in that day's guest arrivals as Daybook stores them does
 * (`crossReportKey`). The screens, review lists and Properties figures keep same-named properties
 * apart by that zone.
 */

import { propertyKey } from "@/lib/core/access";
import { crossReportKey, isSharedName } from "@/lib/core/property-names";
import type { Executor } from "@/lib/server/db/types";
import type { CriminalArrival } from "@/lib/server/partner-api/schemas";

import { readKnownProperties, readStoredArrivalZones } from "./store";

/** What places a criminal arrival: its identity and local day. */
export type PlaceableArrival = Pick<
  CriminalArrival,
  "propertyName" | "checkInAtUtc" | "checkInDateLocal" | "firstName" | "lastName"
>;

/** The names the key's properties share, as the zones of their arrivals tell. */
export async function readSharedNames(db: Executor): Promise<{ name: string; zones: string[] }[]> {
  const known = await readKnownProperties(db);
  return known
    .filter((property) => property.zones.length > 1)
    .map((property) => ({ name: property.name, zones: [...property.zones].sort() }));
}

/**
 * `items` with `propertyTimeZone` where their name is shared (`shared`, else read) and Daybook
 * holds the same guest's arrival; an arrival it cannot place (the day's guests not stored, a key
 * without the guests report) keeps none, and is shown as one of the properties of that name.
 */
export async function placeArrivals<T extends PlaceableArrival>(
  db: Executor,
  items: readonly T[],
  shared?: readonly string[],
): Promise<(T & { propertyTimeZone?: string })[]> {
  const names = shared ?? (await readSharedNames(db)).map((entry) => entry.name);
  const needed = items.filter((item) => isSharedName(names, item.propertyName));
  if (needed.length === 0) return [...items];
  const spellings = new Map(needed.map((item) => [propertyKey(item.propertyName), item.propertyName]));
  const zones = await readStoredArrivalZones(
    db,
    [...spellings.values()],
    [...new Set(needed.map((item) => item.checkInDateLocal))],
  );
  return items.map((item) => {
    const zone = isSharedName(names, item.propertyName) ? zones.get(crossReportKey(item)) : undefined;
    return zone ? { ...item, propertyTimeZone: zone } : item;
  });
}
