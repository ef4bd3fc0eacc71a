import type { CriminalArrival } from "@/lib/features/reports/types";

import { isAcknowledged } from "./acknowledgement";

export type CheckInOrder = "earliest" | "latest";

export const CHECK_IN_ORDERS: readonly { value: CheckInOrder; label: string }[] = [
  { value: "earliest", label: "Check-in time, earliest first" },
  { value: "latest", label: "Check-in time, latest first" },
];

export function isCheckInOrder(value: string): value is CheckInOrder {
  return value === "earliest" || value === "latest";
}

/** By check-in instant; ties keep the API's order, whichever direction. Never mutates its input. */
export function sortByCheckIn<T extends Pick<CriminalArrival, "checkInAtUtc">>(
  items: readonly T[],
  order: CheckInOrder,
): T[] {
  const sign = order === "earliest" ? 1 : -1;
  return items
    .map((item, index) => ({ item, index, at: Date.parse(item.checkInAtUtc) }))
    .sort((a, b) => {
      const byTime = Number.isNaN(a.at) || Number.isNaN(b.at) ? 0 : (a.at - b.at) * sign;
      return byTime !== 0 ? byTime : a.index - b.index;
    })
    .map(({ item }) => item);
}

export function visibleArrivals<T extends Pick<CriminalArrival, "checkInAtUtc" | "acknowledgedAtUtc">>(
  items: readonly T[],
  options: { onlyNotAcknowledged: boolean; order: CheckInOrder },
): T[] {
  const kept = options.onlyNotAcknowledged ? items.filter((item) => !isAcknowledged(item)) : items;
  return sortByCheckIn(kept, options.order);
}

export interface ArrivalsSummary {
  /** Guests, one item each however many matches they triggered. */
  matches: number;
  notAcknowledged: number;
  /** Guests with each flag; a guest may carry both, so these two are never added together. */
  criminalRecord: number;
  sexOffender: number;
}

export function summarize(
  items: readonly Pick<CriminalArrival, "acknowledgedAtUtc" | "hasCriminalRecord" | "isSexualOffender">[],
): ArrivalsSummary {
  return {
    matches: items.length,
    notAcknowledged: items.filter((item) => !isAcknowledged(item)).length,
    criminalRecord: items.filter((item) => item.hasCriminalRecord).length,
    sexOffender: items.filter((item) => item.isSexualOffender).length,
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "33 matches, of which 8 not acknowledged at the desk". */
export function summaryText(summary: ArrivalsSummary): string {
  const matches = plural(summary.matches, "match", "matches");
  if (summary.matches === 0) return "No matches";
  if (summary.notAcknowledged === 0) return `${matches}, all acknowledged at the desk`;
  return `${matches}, of which ${summary.notAcknowledged} not acknowledged at the desk`;
}

/** The flags apart, each counted in guests; a guest with both is in both figures. */
export function flagCountsText(summary: ArrivalsSummary): string {
  return `${plural(summary.criminalRecord, "guest", "guests")} with a criminal-record match · ${plural(
    summary.sexOffender,
    "guest",
    "guests",
  )} with a sex-offender match (a guest can have both)`;
}

/** Said only of properties whose day is stored: `place` names them when the day misses some. */
export function emptyStateTitle(place: string, dayWords = "yesterday"): string {
  return `No criminal arrivals ${dayWords} at ${place}`;
}

/** Where a property's privacy policy keeps no criminal-arrival details: not "no criminal arrivals". */
export function criminalNotKeptText(policy: string): string {
  return `Criminal-arrival details are not kept under ${policy}`;
}

/** Shown when the filter hides every row while the report has some. */
export const ALL_ACKNOWLEDGED_TITLE = "Every alert was acknowledged at the desk";
