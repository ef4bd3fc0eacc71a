/**
 * Which property is which. The API names properties and nothing else, and two the key reaches may
 * share a name (as the API compares names: casing and spaces aside). Usage rows carry no zone, so
 * same-named rows are told apart only by their order among the rows of that name, which the API
 * keeps from day to day; arrivals carry their property's zone, so there the zone tells them apart.
 * Pure and isomorphic.
 */

import { createTranslator } from "use-intl/core";

import { propertyKey } from "./access";
import type { Messages, translatorFor } from "./catalogue";
import enCommon from "./messages/en/common.json";

/**
 * The words a property's label is said in (`common` `propertyNames.*`), as `getTranslations("common")`,
 * `useTranslations("common")` or `translatorFor(language, "common")` give them.
 */
export type PropertyNameWords = ReturnType<typeof translatorFor<"common">>;

/** What a label asks of its words: one of the `common` `propertyNames.*` messages, filled in. */
type LabelWords = (
  key: `propertyNames.${keyof Messages["common"]["propertyNames"]}`,
  values: Record<string, string | number>,
) => string;

/**
 * English where no person is asked (a CSV's cells, a test). Made from the common namespace alone, so
 * a browser bundle that labels properties does not carry the whole catalogue.
 */
const ENGLISH_COMMON: PropertyNameWords = createTranslator({
  locale: "en",
  messages: { common: enCommon } as Messages,
  namespace: "common",
});

export interface Identified<T> {
  row: T;
  /** Stable across days: the name and the row's place among rows of that name. */
  key: string;
  name: string;
  /** 0 for the first row of its name, 1 for the second… */
  occurrence: number;
}

export function propertyRowKey(name: string, occurrence: number): string {
  return JSON.stringify([propertyKey(name), occurrence]);
}

export function identifyRows<T extends { propertyName: string }>(rows: readonly T[]): Identified<T>[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const name = propertyKey(row.propertyName);
    const occurrence = seen.get(name) ?? 0;
    seen.set(name, occurrence + 1);
    return { row, key: propertyRowKey(row.propertyName, occurrence), name: row.propertyName, occurrence };
  });
}

/**
 * How many rows carry each name, by `propertyKey` (the most seen in any one report, when several
 * reports are given: a property does not stop sharing its name on a day another is missing).
 */
export function nameCounts(reports: readonly (readonly { propertyName: string }[])[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const rows of reports) {
    const inThis = new Map<string, number>();
    for (const row of rows) {
      const name = propertyKey(row.propertyName);
      inThis.set(name, (inThis.get(name) ?? 0) + 1);
    }
    for (const [name, count] of inThis) counts.set(name, Math.max(counts.get(name) ?? 0, count));
  }
  return counts;
}

export function countOf(counts: ReadonlyMap<string, number>, name: string): number {
  return counts.get(propertyKey(name)) ?? 1;
}

/**
 * The name as shown; a shared name is followed by which of them it is: its zone where Daybook knows
 * it (`zone`, from `matchRowZones`), the label its arrivals carry on the same page, "Seaside Suites
 * (Los Angeles time)"; else its place among rows of that name, "Seaside Suites (2 of 2)". In
 * `words`' language; English by default (the CSV exports).
 */
export function propertyLabel(
  name: string,
  occurrence: number,
  sameNamed: number,
  zone?: string,
  words: PropertyNameWords = ENGLISH_COMMON,
): string {
  if (sameNamed <= 1) return name;
  return zone
    ? words("propertyNames.zoned", { name, city: zoneCity(zone) })
    : words("propertyNames.numbered", { name, position: occurrence + 1, count: sameNamed });
}

/** Each usage row's label, in the rows' order: a shared name says which of them the row is. */
export function rowLabels(
  rows: readonly { propertyName: string }[],
  zones?: RowZones,
  words: PropertyNameWords = ENGLISH_COMMON,
): string[] {
  const counts = nameCounts([rows]);
  return identifyRows(rows).map((entry) =>
    propertyLabel(entry.name, entry.occurrence, countOf(counts, entry.name), zones?.[entry.key], words),
  );
}

/**
 * Words for a file drawn from the rows a screen shows: the rows are labelled in `words` (so that a
 * property chosen by the label the screen offered is found), and `english` says any label so made
 * again in English, for the file's cells. A label of an unshared name is the name in any language.
 */
export function labelsInEnglishToo(words: PropertyNameWords): {
  words: PropertyNameWords;
  english: (label: string) => string;
} {
  // A translator's types tie each key to its own values; a label's words are asked only the
  // `propertyNames.*` keys, with their values (propertyLabel, arrivalPropertyLabel).
  const person = words as unknown as LabelWords;
  const english = ENGLISH_COMMON as unknown as LabelWords;
  const inEnglish = new Map<string, string>();
  const say: LabelWords = (key, values) => {
    const said = person(key, values);
    inEnglish.set(said, english(key, values));
    return said;
  };
  return {
    words: say as unknown as PropertyNameWords,
    english: (label) => inEnglish.get(label) ?? label,
  };
}

/** The zone of usage rows of a shared name, by their `propertyRowKey`, where Daybook can tell it. */
export type RowZones = Readonly<Record<string, string>>;

/** A shared name on one stored day: every zone its properties are known in, with that day's stored arrivals. */
export interface NameDayArrivals {
  name: string;
  arrivals: readonly { zone: string; count: number }[];
}

/**
 * Which zone each usage row of a shared name is, where one day tells it for certain. Usage rows carry
 * no zone, but a row's scans are its guests checked in, one per person, and that day's stored guest
 * arrivals carry their zone. A name's rows are matched only when the name is known in as many zones as
 * it has rows, every zone's count of arrivals equals exactly one row's scans, and no two rows have the
 * same scans; otherwise its rows keep their place ("1 of 2"), never a guess.
 */
export function matchRowZones(
  rows: readonly { propertyName: string; scans: number }[],
  days: readonly NameDayArrivals[],
): Record<string, string> {
  const byName = new Map<string, { key: string; scans: number }[]>();
  for (const { row, key } of identifyRows(rows)) {
    const name = propertyKey(row.propertyName);
    byName.set(name, [...(byName.get(name) ?? []), { key, scans: row.scans }]);
  }
  const matched: Record<string, string> = {};
  for (const day of days) {
    const named = byName.get(propertyKey(day.name)) ?? [];
    if (named.length < 2 || named.length !== day.arrivals.length) continue;
    const zoneOf = new Map(day.arrivals.map((entry) => [entry.count, entry.zone]));
    const scans = new Set(named.map((entry) => entry.scans));
    if (zoneOf.size !== named.length || scans.size !== named.length) continue;
    if (!named.every((entry) => zoneOf.has(entry.scans))) continue;
    for (const entry of named) matched[entry.key] = zoneOf.get(entry.scans)!;
  }
  return matched;
}

/** The names (as first spelled) carried by more than one row: "Seaside Suites". */
export function sharedRowNames(rows: readonly { propertyName: string }[]): string[] {
  const counts = nameCounts([rows]);
  const shared = new Map<string, string>();
  for (const row of rows) {
    const key = propertyKey(row.propertyName);
    if ((counts.get(key) ?? 1) > 1 && !shared.has(key)) shared.set(key, row.propertyName);
  }
  return [...shared.values()];
}

/** What the usage rows of shared names come to, said once under a table (`common.sharedRows`). */
export interface SharedRows {
  names: { name: string; count: number }[];
  /** Whether Daybook could name each row's zone: for none, all or some of the shared rows. */
  placed: "none" | "all" | "some";
}

/** The shared names among usage rows and how far Daybook placed them; null when no name is shared. */
export function sharedRows(rows: readonly { propertyName: string }[], zones?: RowZones): SharedRows | null {
  const names = sharedRowNames(rows);
  if (names.length === 0) return null;
  const counts = nameCounts([rows]);
  const keys = identifyRows(rows).filter((entry) => isSharedName(names, entry.name));
  const placed = keys.filter((entry) => zones?.[entry.key]).length;
  return {
    names: names.map((name) => ({ name, count: countOf(counts, name) })),
    placed: placed === 0 ? "none" : placed === keys.length ? "all" : "some",
  };
}

/**
 * One arrival as the API identifies it, which has no guest identifier: its property (as the API
 * compares names), check-in instant and name. The same guest in the guests and the criminal
 * arrivals reports of a day has the same identity.
 */
export function crossReportKey(item: {
  propertyName: string;
  checkInAtUtc: string;
  firstName: string | null;
  lastName: string | null;
}): string {
  return JSON.stringify([propertyKey(item.propertyName), item.checkInAtUtc, item.firstName, item.lastName]);
}

/** A zone as a shared name's labels say it, "Los Angeles time", in `words`' language (English by default). */
export function zoneTimeWords(zone: string, words: PropertyNameWords = ENGLISH_COMMON): string {
  return words("propertyNames.zone", { city: zoneCity(zone) });
}

/** "America/Los_Angeles" → "Los Angeles", "America/Argentina/Buenos_Aires" → "Buenos Aires". */
export function zoneCity(timeZone: string): string {
  const last = timeZone.split("/").at(-1) ?? timeZone;
  return last.replace(/_/g, " ");
}

/** Arrivals' property names that more than one zone reports: the same name, several properties. */
export function namesInSeveralZones(items: readonly { propertyName: string; propertyTimeZone: string }[]): string[] {
  const zones = new Map<string, { name: string; zones: Set<string> }>();
  for (const item of items) {
    const key = propertyKey(item.propertyName);
    const entry = zones.get(key) ?? { name: item.propertyName, zones: new Set<string>() };
    entry.zones.add(item.propertyTimeZone);
    zones.set(key, entry);
  }
  return [...zones.values()].filter((entry) => entry.zones.size > 1).map((entry) => entry.name);
}

/** Whether `name` is one of `shared` (as the API compares names). */
export function isSharedName(shared: readonly string[], name: string): boolean {
  const key = propertyKey(name);
  return shared.some((entry) => propertyKey(entry) === key);
}

/**
 * An arrival's property as shown: a name several properties share is followed by the zone it keeps,
 * "Seaside Suites (Los Angeles time)", since the zone is what tells them apart. The zone's city is
 * not the property's town (the API gives none), hence "time". Without a zone (criminal arrivals
 * carry none, and Daybook may not have matched the guest) it says that it is one of several.
 * In `words`' language; English by default (the CSV exports).
 */
export function arrivalPropertyLabel(
  item: { propertyName: string; propertyTimeZone?: string },
  shared: readonly string[],
  words: PropertyNameWords = ENGLISH_COMMON,
): string {
  const name = item.propertyName;
  if (!isSharedName(shared, name)) return name;
  return item.propertyTimeZone
    ? words("propertyNames.zoned", { name, city: zoneCity(item.propertyTimeZone) })
    : words("propertyNames.oneOfSeveral", { name });
}

/**
 * The zone a property's times are shown in: the zone its arrival was placed in (a name several
 * properties share, lib/features/history/placement.ts), else the one zone its arrivals have named.
 * Null where Daybook knows none, or cannot tell which of a shared name's zones it is: then UTC, said so.
 */
export function propertyZoneOf(
  known: readonly { name: string; zones: readonly string[] }[],
  name: string,
  placed?: string | null,
): string | null {
  if (placed) return placed;
  const zones = known.find((property) => propertyKey(property.name) === propertyKey(name))?.zones ?? [];
  return zones.length === 1 ? zones[0]! : null;
}

/**
 * `items` with `localZone`, the zone their times are shown in, wherever `propertyZoneOf` knows it. A
 * field of its own: `propertyTimeZone` tells same-named properties' lists apart and is set only there.
 */
export function withLocalZones<T extends { propertyName: string; propertyTimeZone?: string }>(
  items: readonly T[],
  known: readonly { name: string; zones: readonly string[] }[],
): (T & { localZone?: string })[] {
  return items.map((item) => {
    const zone = propertyZoneOf(known, item.propertyName, item.propertyTimeZone);
    return zone ? { ...item, localZone: zone } : item;
  });
}
