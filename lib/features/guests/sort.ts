import type { GuestRow } from "./rows";

export const SORT_KEYS = ["name", "property", "checkIn", "room"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = "asc" | "desc";
export interface GuestSort {
  key: SortKey;
  direction: SortDirection;
}

export const DEFAULT_SORT: GuestSort = { key: "checkIn", direction: "asc" };

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

function byCheckIn(a: GuestRow, b: GuestRow) {
  return a.checkInMs - b.checkInMs;
}

const COMPARE: Record<SortKey, (a: GuestRow, b: GuestRow) => number> = {
  name: (a, b) =>
    // A name that was not captured goes last either way round (handled in sortRows).
    collator.compare(a.item.lastName ?? "", b.item.lastName ?? "") ||
    collator.compare(a.item.firstName ?? "", b.item.firstName ?? "") ||
    collator.compare(a.item.middleName ?? "", b.item.middleName ?? ""),
  property: (a, b) => collator.compare(a.item.propertyName, b.item.propertyName),
  checkIn: byCheckIn,
  // "12" before "101": rooms compare as numbers where they are numbers.
  room: (a, b) => collator.compare(a.item.roomNumber, b.item.roomNumber),
};

/** A new sorted array; ties fall back to check-in time, then report order, so the order is stable. */
export function sortRows(rows: readonly GuestRow[], sort: GuestSort): GuestRow[] {
  const compare = COMPARE[sort.key];
  const sign = sort.direction === "asc" ? 1 : -1;
  const indexed = rows.map((row, index) => ({ row, index }));
  indexed.sort((a, b) => {
    if (sort.key === "name" && a.row.nameCaptured !== b.row.nameCaptured) return a.row.nameCaptured ? -1 : 1;
    return sign * compare(a.row, b.row) || byCheckIn(a.row, b.row) || a.index - b.index;
  });
  return indexed.map((entry) => entry.row);
}

/** Clicking the sorted column flips it; another column starts ascending. */
export function nextSort(current: GuestSort, key: SortKey): GuestSort {
  if (current.key === key) return { key, direction: current.direction === "asc" ? "desc" : "asc" };
  return { key, direction: "asc" };
}

export function isSortKey(value: string): value is SortKey {
  return (SORT_KEYS as readonly string[]).includes(value);
}
