import { propertyKey } from "@/lib/core/access";
import { zoneCity } from "@/lib/core/property-names";

import { ENGLISH_REVIEW, type ReviewWords } from "./words";

/**
 * A criminal-arrival list: one property's criminal arrivals for one local day (each item's own
 * checkInDateLocal, not the report's reportedDateLocal). Properties are compared as the API compares
 * names; where several share a name, the zone Daybook placed their arrivals in keeps their lists
 * apart (`zone`, null for a name nobody shares, or an arrival Daybook could not place).
 */
export interface ListRef {
  propertyName: string;
  day: string;
  zone: string | null;
}

export function listId(list: ListRef): string {
  return JSON.stringify([propertyKey(list.propertyName), list.zone, list.day]);
}

export function isSameList(a: ListRef, b: ListRef): boolean {
  return a.day === b.day && a.zone === b.zone && propertyKey(a.propertyName) === propertyKey(b.propertyName);
}

/** The list of an arrival. */
export function listOf(item: { propertyName: string; checkInDateLocal: string; propertyTimeZone?: string }): ListRef {
  return { propertyName: item.propertyName, day: item.checkInDateLocal, zone: item.propertyTimeZone ?? null };
}

/** One property, as a list knows it: its name, and its zone where the name is shared. */
export type ListProperty = Pick<ListRef, "propertyName" | "zone">;

export function listPropertyKey(property: ListProperty): string {
  return JSON.stringify([propertyKey(property.propertyName), property.zone]);
}

/**
 * The property a list is of, as screens name it: a shared name with its zone, "Seaside Suites (New
 * York time)", in `t`'s language (English by default: a CSV's cell, the queue's filter in an address).
 */
export function listProperty(list: Pick<ListRef, "propertyName" | "zone">, t: ReviewWords = ENGLISH_REVIEW): string {
  return list.zone ? t("listProperty", { property: list.propertyName, city: zoneCity(list.zone) }) : list.propertyName;
}

/** What the audit log names as the target of a review action (the day only: never a guest). */
export function auditTarget(day: string): string {
  return `criminal arrivals ${day}`;
}

/** The lists the items belong to, in the order first met. */
export function listsOf(
  items: readonly { propertyName: string; checkInDateLocal: string; propertyTimeZone?: string }[],
): ListRef[] {
  const lists = new Map<string, ListRef>();
  for (const item of items) {
    const list = listOf(item);
    const id = listId(list);
    if (!lists.has(id)) lists.set(id, list);
  }
  return [...lists.values()];
}
