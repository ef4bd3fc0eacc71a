import { propertyKey } from "@/lib/core/access";

/**
 * A criminal-arrival list: one property's criminal arrivals for one local day (each item's own
 * checkInDateLocal, not the report's reportedDateLocal). Properties are compared as the API compares
 * names, so two properties sharing a name share one list, as they share one access grant.
 */
export interface ListRef {
  propertyName: string;
  day: string;
}

export function listId(list: ListRef): string {
  return JSON.stringify([propertyKey(list.propertyName), list.day]);
}

export function isSameList(a: ListRef, b: ListRef): boolean {
  return a.day === b.day && propertyKey(a.propertyName) === propertyKey(b.propertyName);
}

/** What the audit log names as the target of a review action (the day only: never a guest). */
export function auditTarget(day: string): string {
  return `criminal arrivals ${day}`;
}

/** The lists the items belong to, in the order first met. */
export function listsOf(items: readonly { propertyName: string; checkInDateLocal: string }[]): ListRef[] {
  const lists = new Map<string, ListRef>();
  for (const item of items) {
    const list = { propertyName: item.propertyName, day: item.checkInDateLocal };
    const id = listId(list);
    if (!lists.has(id)) lists.set(id, list);
  }
  return [...lists.values()];
}
