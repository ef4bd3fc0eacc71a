import { arrivalPropertyLabel, type PropertyNameWords } from "@/lib/core/property-names";
import type { GuestArrival } from "@/lib/features/reports/types";

import { fullName } from "./fields";

/** One arrival as the table draws it: the item, a stable key and its name in words. */
export interface DisplayRow {
  key: string;
  item: GuestArrival;
  /** The display name; "Name not captured" (English) when no part was captured: the screen words that itself. */
  name: string;
  nameCaptured: boolean;
  /** The property as shown: a name several properties share carries its zone, "Seaside Suites (Los Angeles time)". */
  property: string;
}

/** A row with what search and sort need as well, computed once. */
export interface GuestRow extends DisplayRow {
  /** Lower-cased names, room, the visible last characters of the ID number and e-mail, for search. */
  search: string;
  checkInMs: number;
}

/** The characters of a masked identification number that are visible (its last 4); none when fully masked. */
export function visibleIdentification(masked: string): string {
  return masked.replace(/[•*]/g, "");
}

export function searchText(item: GuestArrival): string {
  return [
    item.firstName,
    item.middleName,
    item.lastName,
    item.roomNumber,
    item.identificationNumber === undefined ? null : visibleIdentification(item.identificationNumber),
    item.email,
  ]
    .filter((part): part is string => !!part)
    .join("\u0000")
    .toLowerCase();
}

/**
 * The API gives no guest id: the position in the report plus the identifying fields. A refreshed
 * report that reorders arrivals gives them new keys, so per-row state (a revealed number) never
 * lands on another guest.
 */
export function rowKey(item: GuestArrival, index: number): string {
  return JSON.stringify([index, item.propertyName, item.checkInAtUtc, item.firstName, item.lastName]);
}

export function nameCaptured(item: Pick<GuestArrival, "firstName" | "middleName" | "lastName">): boolean {
  return [item.firstName, item.middleName, item.lastName].some((part) => !!part && part.trim() !== "");
}

/** The row drawn for the arrival at `position` in the day's report; its property in `words` (English by default). */
export function displayRow(
  item: GuestArrival,
  position: number,
  sharedNames: readonly string[] = [],
  words?: PropertyNameWords,
): DisplayRow {
  return {
    key: rowKey(item, position),
    item,
    name: fullName(item),
    nameCaptured: nameCaptured(item),
    property: arrivalPropertyLabel(item, sharedNames, words),
  };
}

export function buildRows(items: readonly GuestArrival[]): GuestRow[] {
  return items.map((item, index) => ({
    ...displayRow(item, index),
    search: searchText(item),
    checkInMs: Date.parse(item.checkInAtUtc),
  }));
}

/** Terms split on spaces; a row matches when it contains every term (so "smith 1234" works). */
export function searchTerms(query: string): string[] {
  return query.toLowerCase().trim().split(/\s+/).filter(Boolean);
}

export function filterRows(rows: readonly GuestRow[], query: string): readonly GuestRow[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return rows;
  if (terms.length === 1) {
    const term = terms[0]!;
    return rows.filter((row) => row.search.includes(term));
  }
  return rows.filter((row) => terms.every((term) => row.search.includes(term)));
}

/** Property names in the rows, once each, sorted: the choices offered by the property filter. */
export function propertyNames(items: readonly { propertyName: string }[], extra: readonly string[] = []): string[] {
  const names = new Set<string>(extra);
  for (const item of items) names.add(item.propertyName);
  return [...names].sort((a, b) => a.localeCompare(b));
}
