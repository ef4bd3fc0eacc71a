/**
 * Which of several same-named properties a criminal arrival belongs to. Criminal arrivals carry no
 * zone; the same guest's arrival in that day's guest arrivals as Daybook stores them does
 * (`crossReportKey`). The screens, review lists and Properties figures keep same-named properties
 * apart by that zone.
 */

import { crossReportKey, isSharedName } from "@/lib/core/property-names";
import type { Executor } from "@/lib/server/db/types";

import type { KeptCriminalArrival as CriminalArrival } from "./kept";
import { readKnownProperties } from "./known-properties";
import type { PropertyZones } from "./property-days";
import { readStoredArrivalZones } from "./stored-reads";

/** What places a criminal arrival: its identity and local day. */
export type PlaceableArrival = Pick<
  CriminalArrival,
  "propertyName" | "checkInAtUtc" | "checkInDateLocal" | "firstName" | "lastName"
>;

/** The names several properties share, as the zones of their arrivals tell. */
export function sharedNamesIn(known: readonly PropertyZones[]): { name: string; zones: string[] }[] {
  return known
    .filter((property) => property.zones.length > 1)
    .map((property) => ({ name: property.name, zones: [...property.zones].sort() }));
}

export async function readSharedNames(db: Executor): Promise<{ name: string; zones: string[] }[]> {
  return sharedNamesIn(await readKnownProperties(db));
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
  const zones = await readStoredArrivalZones(db, needed);
  return items.map((item) => {
    const zone = isSharedName(names, item.propertyName) ? zones.get(crossReportKey(item)) : undefined;
    return zone ? { ...item, propertyTimeZone: zone } : item;
  });
}
