/**
 * How a stored arrival's item is written in stored_items.item: the API's item, whole and unchanged
 * in its values, with each field's name replaced by a short code. jsonb keeps every key's text in
 * every row, and the contract's names ("documentExpirationDate", "matchedBanAtCheckIn", …) were
 * about 190 of an arrival's 675 bytes: a sixth of a year's history spent on repeating them. Only
 * this module knows the codes; the history's reads give back the API's names.
 *
 * The codes are part of the stored data: never change or reuse one. A field the table does not
 * know is kept under its own name (and read back under it), so nothing the API adds is lost.
 */
import { sql, type SQL } from "drizzle-orm";

import { storedItems } from "@/lib/server/db/schema";

/** Field name → code, for guest and criminal arrivals and what a privacy policy notes. */
export const ITEM_FIELD_CODES = {
  propertyName: "p",
  propertyTimeZone: "z",
  checkInAtUtc: "c",
  checkInDateLocal: "d",
  firstName: "f",
  middleName: "m",
  lastName: "l",
  dateOfBirth: "b",
  gender: "g",
  identificationNumber: "i",
  documentExpirationDate: "x",
  address: "a",
  city: "ct",
  state: "st",
  zipCode: "zp",
  roomNumber: "r",
  email: "e",
  phone: "ph",
  isFlagged: "fl",
  hasCriminalRecord: "cr",
  isSexualOffender: "so",
  matchedBanAtCheckIn: "mb",
  isCurrentlyBanned: "cb",
  source: "s",
  crimeTypes: "ty",
  offenseDescriptions: "od",
  acknowledgedAtUtc: "au",
  acknowledgedAtLocal: "al",
  notKept: "nk",
} as const;

export type ItemField = keyof typeof ITEM_FIELD_CODES;

const NAMES: ReadonlyMap<string, string> = new Map(
  Object.entries(ITEM_FIELD_CODES).map(([name, code]) => [code, name]),
);
const CODES: ReadonlyMap<string, string> = new Map(Object.entries(ITEM_FIELD_CODES));

/** The code a field is stored under (its own name when the table does not know it). */
export function fieldCode(field: string): string {
  return CODES.get(field) ?? field;
}

/** An item as it is written to stored_items.item. */
export function encodeItem(item: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).map(([field, value]) => [fieldCode(field), value]));
}

/** An item as read from stored_items.item, under the API's names again. */
export function decodeItem<T = Record<string, unknown>>(stored: Record<string, unknown>): T {
  return Object.fromEntries(Object.entries(stored).map(([code, value]) => [NAMES.get(code) ?? code, value])) as T;
}

/** One field of the stored item as text, in SQL (`item->>code`). */
export function itemText(field: ItemField): SQL<string | null> {
  return sql<string | null>`${storedItems.item}->>${ITEM_FIELD_CODES[field]}`;
}
