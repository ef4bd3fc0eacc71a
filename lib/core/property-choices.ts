/**
 * The property filter's choices: the person's own properties, matched as the API matches a name
 * (casing and spacing aside, `propertyKey`), so "hôtel élysée" finds "Hôtel Élysée Montréal".
 * Pure and isomorphic.
 */

import { propertyKey, type PropertyScope } from "./access";
import { zoneTimeWords, type PropertyNameWords } from "./property-names";

export interface PropertyChoice {
  name: string;
  /** The zones Daybook has seen its arrivals in: several when several properties share the name. */
  zones: string[];
}

/**
 * A person's properties as choices: every property the key reaches for a person with every property,
 * else their own, each once (as the API compares names) with the zones Daybook knows for it, by name.
 */
export function propertyChoicesOf(
  known: readonly { name: string; zones: readonly string[] }[],
  scope: PropertyScope,
): PropertyChoice[] {
  const zonesOf = new Map(known.map((property) => [propertyKey(property.name), [...property.zones].sort()]));
  const names = scope.allProperties ? known.map((property) => property.name) : scope.properties;
  const choices = new Map<string, PropertyChoice>();
  for (const name of names) {
    const key = propertyKey(name);
    if (!choices.has(key)) choices.set(key, { name, zones: zonesOf.get(key) ?? [] });
  }
  return [...choices.values()].sort((a, b) => a.name.localeCompare(b.name, "en"));
}

/** The choices whose name holds what was typed, those it begins first; every choice for nothing typed. */
export function matchPropertyChoices(choices: readonly PropertyChoice[], typed: string): PropertyChoice[] {
  const wanted = propertyKey(typed);
  if (wanted === "") return [...choices];
  const starting: PropertyChoice[] = [];
  const holding: PropertyChoice[] = [];
  for (const choice of choices) {
    const key = propertyKey(choice.name);
    if (key.startsWith(wanted)) starting.push(choice);
    else if (key.includes(wanted)) holding.push(choice);
  }
  return [...starting, ...holding];
}

/** The choice a typed name is, as the API would read it; undefined when none is. */
export function choiceNamed(choices: readonly PropertyChoice[], typed: string): PropertyChoice | undefined {
  const wanted = propertyKey(typed);
  return choices.find((choice) => propertyKey(choice.name) === wanted);
}

/** A name several properties share; the API refuses it as a filter. */
export function isSharedChoice(choice: PropertyChoice): boolean {
  return choice.zones.length > 1;
}

/**
 * A shared name's zones as its arrivals are labelled on a page: "Los Angeles time, New York time",
 * in `words`' language (English by default).
 */
export function choiceZonesWords(choice: PropertyChoice, words?: PropertyNameWords): string {
  return choice.zones.map((zone) => zoneTimeWords(zone, words)).join(", ");
}

/**
 * What the filter lists: the name, and for a shared name the zones of the properties carrying it,
 * in the words the page's rows use for them ("Seaside Suites — Los Angeles time, New York time").
 */
export function propertyChoiceLabel(choice: PropertyChoice, words?: PropertyNameWords): string {
  return isSharedChoice(choice) ? `${choice.name} — ${choiceZonesWords(choice, words)}` : choice.name;
}

/**
 * The one property a person has, when there is just one: a filter, a Property column or a
 * breakdown by property would only repeat it. A single name shared by several properties is
 * not one property.
 */
export function soleProperty(choices: readonly PropertyChoice[]): string | null {
  return choices.length === 1 && !isSharedChoice(choices[0]!) ? choices[0]!.name : null;
}
