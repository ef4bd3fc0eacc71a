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

/** What sorting looks at: the arrival, its check-in instant and whether any part of the name was captured. */
export type SortableRow = Pick<GuestRow, "item" | "checkInMs" | "nameCaptured">;

function byCheckIn(a: SortableRow, b: SortableRow) {
  return a.checkInMs - b.checkInMs;
}

const COMPARE: Record<SortKey, (a: SortableRow, b: SortableRow) => number> = {
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

/**
 * The positions of the rows in sorted order; ties fall back to check-in time, then the position
 * given, so the order is stable. The screen (on the server) and the CSV export sort alike.
 */
export function sortedPositions(rows: readonly SortableRow[], sort: GuestSort): Int32Array {
  const compare = COMPARE[sort.key];
  const sign = sort.direction === "asc" ? 1 : -1;
  const positions = Int32Array.from(rows.keys());
  positions.sort((i, j) => {
    const a = rows[i]!;
    const b = rows[j]!;
    if (sort.key === "name" && a.nameCaptured !== b.nameCaptured) return a.nameCaptured ? -1 : 1;
    return sign * compare(a, b) || byCheckIn(a, b) || i - j;
  });
  return positions;
}

/** A new sorted array (see `sortedPositions`). */
export function sortRows<R extends SortableRow>(rows: readonly R[], sort: GuestSort): R[] {
  return Array.from(sortedPositions(rows, sort), (position) => rows[position]!);
}

/** Clicking the sorted column flips it; another column starts ascending. */
export function nextSort(current: GuestSort, key: SortKey): GuestSort {
  if (current.key === key) return { key, direction: current.direction === "asc" ? "desc" : "asc" };
  return { key, direction: "asc" };
}

export function isSortKey(value: unknown): value is SortKey {
  return typeof value === "string" && (SORT_KEYS as readonly string[]).includes(value);
}

export function isSortDirection(value: unknown): value is SortDirection {
  return value === "asc" || value === "desc";
}

export function sameSort(a: GuestSort, b: GuestSort): boolean {
  return a.key === b.key && a.direction === b.direction;
}
