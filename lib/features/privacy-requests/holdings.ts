/**
 * Where a person is held, within the properties a request is answered in: their arrivals (certain
 * and possible), and the reviews, sign-off notes, reveals and exports that lead to them; and how an
 * outcome or an audit entry counts them, never saying who.
 */
import { canSeeProperty, propertyKey, type PropertyScope } from "@/lib/core/access";
import { policyFor, type PolicySet } from "@/lib/core/privacy";
import { crossReportKey, propertyZoneOf } from "@/lib/core/property-names";
import { findPersonArrivals, type StoredPersonArrival } from "@/lib/features/history/person";
import { readKnownProperties } from "@/lib/features/history/store";
import { itemKeyOf } from "@/lib/features/review/item-key";
import { reviewsOfItems, signOffsOfLists } from "@/lib/features/review/server";
import { arrivalExportsOf, revealsOf } from "@/lib/server/audit/person";
import type { Executor } from "@/lib/server/db/types";
import type { PersonKeys } from "@/lib/server/privacy/match-key";

import { mentionsName, nameWords } from "./mentions";
import type { PersonArrival, PersonPlaces } from "./types";

/** Everything held of a person: the places a screen lists, and what an export or an erasure acts on. */
export interface Holdings {
  places: PersonPlaces;
  arrivals: StoredPersonArrival[];
  reviews: Awaited<ReturnType<typeof reviewsOfItems>>;
  signOffs: Awaited<ReturnType<typeof signOffsOfLists>>;
  itemKeys: string[];
  names: Set<string>;
}

const text = (item: Record<string, unknown>, field: string) =>
  typeof item[field] === "string" ? (item[field] as string) : null;

/** What a page says was searched: every property, or these (sorted). */
function searchedIn(scope: PropertyScope): PersonPlaces["searched"] {
  return scope.allProperties
    ? { allProperties: true, properties: [] }
    : { allProperties: false, properties: [...new Set(scope.properties)].sort() };
}

export async function holdingsOf(
  db: Executor,
  keys: PersonKeys,
  policies: PolicySet,
  scope: PropertyScope,
): Promise<Holdings> {
  // A criminal arrival is at the property of its guest arrival: one filter keeps the pairs whole, and
  // reviews, notes, reveals and exports below follow from the arrivals kept.
  const found = (await findPersonArrivals(db, keys, policies)).filter((arrival) =>
    canSeeProperty(scope, arrival.propertyName),
  );
  // Only what is certainly theirs is exported, erased or restricted, and leads to reviews and notes.
  const arrivals = found.filter((arrival) => arrival.certain);
  const criminal = arrivals.filter((arrival) => arrival.endpoint === "criminal-arrivals");
  const itemKeys = [
    ...new Set(
      criminal.map((arrival) =>
        itemKeyOf({
          propertyName: arrival.propertyName,
          checkInAtUtc: arrival.checkInAtUtc,
          firstName: text(arrival.item, "firstName") ?? "",
          lastName: text(arrival.item, "lastName") ?? "",
        }),
      ),
    ),
  ];
  const names = nameWords(
    arrivals.flatMap((arrival) => [text(arrival.item, "firstName"), text(arrival.item, "lastName")]),
  );
  const lists = [
    ...new Map(
      criminal.map((arrival) => [
        JSON.stringify([arrival.propertyName, arrival.checkInDateLocal]),
        { propertyName: arrival.propertyName, listDate: arrival.checkInDateLocal },
      ]),
    ).values(),
  ];
  const checkIns = arrivals.map(({ propertyName, checkInAtUtc }) => ({ propertyName, checkInAtUtc }));
  const days = [...new Set(arrivals.flatMap((arrival) => [arrival.day, arrival.checkInDateLocal]))].sort();
  const [reviews, allSignOffs, reveals, exports] = await Promise.all([
    reviewsOfItems(db, itemKeys),
    signOffsOfLists(db, lists),
    revealsOf(db, checkIns),
    arrivalExportsOf(db, days),
  ]);
  const signOffs = allSignOffs.filter((row) => mentionsName(row.note, names) || mentionsName(row.undoneReason, names));
  // An export of a day included the person when it was not narrowed to another property.
  const propertiesOfDay = new Map<string, Set<string>>();
  for (const arrival of arrivals) {
    for (const day of [arrival.day, arrival.checkInDateLocal]) {
      propertiesOfDay.set(day, (propertiesOfDay.get(day) ?? new Set()).add(propertyKey(arrival.propertyName)));
    }
  }
  const included = exports.filter(
    (entry) =>
      entry.day !== null &&
      (entry.propertyFilter === null ||
        (propertiesOfDay.get(entry.day)?.has(propertyKey(entry.propertyFilter)) ?? false)),
  );

  // A check-in is shown in its property's zone: a guest arrival names it, its criminal arrival (which
  // carries none) takes its guest arrival's, and else the one zone Daybook knows for the name.
  const known = await readKnownProperties(db);
  const identity = (arrival: StoredPersonArrival) =>
    crossReportKey({
      propertyName: arrival.propertyName,
      checkInAtUtc: arrival.checkInAtUtc,
      firstName: text(arrival.item, "firstName"),
      lastName: text(arrival.item, "lastName"),
    });
  const arrivalZones = new Map(
    found.flatMap((arrival) => {
      const zone = text(arrival.item, "propertyTimeZone");
      return zone ? [[identity(arrival), zone] as const] : [];
    }),
  );
  const toPersonArrival = (arrival: StoredPersonArrival): PersonArrival => {
    const policy = policyFor(policies, arrival.propertyName);
    return {
      endpoint: arrival.endpoint,
      day: arrival.day,
      checkInDateLocal: arrival.checkInDateLocal,
      checkInAtUtc: arrival.checkInAtUtc,
      localZone: propertyZoneOf(known, arrival.propertyName, arrivalZones.get(identity(arrival))),
      propertyName: arrival.propertyName,
      name: [text(arrival.item, "firstName"), text(arrival.item, "middleName"), text(arrival.item, "lastName")]
        .filter(Boolean)
        .join(" "),
      matchedOn: arrival.matchedOn,
      policy: policy.name,
      legalHold: policy.legalHold,
      restricted: arrival.restrictedBy !== null,
    };
  };
  const personArrivals = arrivals.map(toPersonArrival);
  const holds = new Map<string, PersonPlaces["legalHolds"][number]>();
  for (const arrival of personArrivals) {
    if (arrival.legalHold === null) continue;
    const hold = holds.get(arrival.policy) ?? { policy: arrival.policy, reason: arrival.legalHold, properties: [] };
    if (!hold.properties.includes(arrival.propertyName)) hold.properties.push(arrival.propertyName);
    holds.set(arrival.policy, hold);
  }
  const places: PersonPlaces = {
    searched: searchedIn(scope),
    arrivals: personArrivals,
    possibleArrivals: found.filter((arrival) => !arrival.certain).map(toPersonArrival),
    days: [...new Set(arrivals.map((arrival) => arrival.day))].sort(),
    properties: [...new Set(arrivals.map((arrival) => arrival.propertyName))].sort(),
    reviews: reviews.map((row) => ({
      propertyName: row.propertyName,
      listDate: row.listDate,
      reviewerName: row.reviewerName,
      reviewedAt: row.reviewedAt.toISOString(),
      hasNote: row.note !== null,
    })),
    signOffNotes: signOffs.map((row) => ({
      propertyName: row.propertyName,
      listDate: row.listDate,
      signerName: row.signerName,
    })),
    reveals: reveals.map((row) => ({
      at: row.at.toISOString(),
      actorEmail: row.actorEmail,
      propertyName: row.propertyName,
    })),
    exports: included.map((row) => ({
      at: row.at.toISOString(),
      actorEmail: row.actorEmail,
      action: row.action,
      propertyName: row.propertyFilter,
      day: row.day,
    })),
    legalHolds: [...holds.values()],
  };
  return { places, arrivals, reviews, signOffs, itemKeys, names };
}

/** Counts for an audit entry or an outcome: never who. */
export function countsOf(places: PersonPlaces) {
  return {
    arrivals: places.arrivals.length,
    days: places.days.length,
    properties: places.properties,
  };
}

/** Where an outcome looked, unless the whole group: nothing was done elsewhere. */
function searchedNote(places: PersonPlaces): string {
  return places.searched.allProperties
    ? ""
    : `; searched ${places.searched.properties.join(", ") || "no property"} only`;
}

/** In words, for a request's outcome: "3 arrivals on 2 days at Harbour View Hotel". */
function describe(places: { arrivals: number; days: number; properties: readonly string[] }): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (places.arrivals === 0) return "no stored arrivals";
  return `${plural(places.arrivals, "arrival")} on ${plural(places.days, "day")} at ${places.properties.join(", ")}`;
}

/** A done request's outcome: "Erased 3 arrivals on 2 days at Harbour View Hotel", and where it looked. */
export function outcomeOf(step: "Exported" | "Erased" | "Restricted", places: PersonPlaces): string {
  return `${step} ${describe(countsOf(places))}${searchedNote(places)}`;
}
