import { DayStore } from "./data/day-store";
import type { StoredGuest } from "./data/guests";
import { catalogue } from "./data/properties";

/** What `GET /__simulator/days` answers: the seed, the catalogue and the property days made. */
export interface MadeDays {
  seed: number;
  large: boolean;
  days: readonly { propertyId: string; date: string }[];
}

/**
 * The arrivals of the days a simulator made, generated again: the data is a pure function of the
 * seed, the property and the day. Tests use it to know every identification number and date of
 * birth that was served, without the simulator ever writing them down. Unknown properties are
 * skipped.
 */
export function* servedGuests(made: MadeDays): Generator<StoredGuest> {
  const properties = new Map(catalogue(made.large).map((property) => [property.id, property]));
  const store = new DayStore(made.seed);
  for (const { propertyId, date } of made.days) {
    const property = properties.get(propertyId);
    if (property) yield* store.day(property, date).guests;
  }
}
