import type { useTranslations } from "next-intl";

import type { CriminalArrival } from "@/lib/features/reports/types";

import { isAcknowledged } from "./acknowledgement";

/** The `criminalArrivals` namespace's translator, from `useTranslations`, `getTranslations` or `translatorFor`. */
export type CriminalArrivalWords = ReturnType<typeof useTranslations<"criminalArrivals">>;

export type CheckInOrder = "earliest" | "latest";

/** The orders the screen offers; each one's words are the catalogue's (`criminalArrivals` `orders.<value>`). */
export const CHECK_IN_ORDERS: readonly { value: CheckInOrder }[] = [{ value: "earliest" }, { value: "latest" }];

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

/** "33 matches, of which 8 not acknowledged at the desk". */
export function summaryText(summary: ArrivalsSummary, t: CriminalArrivalWords): string {
  if (summary.matches === 0) return t("summary.none");
  if (summary.notAcknowledged === 0) return t("summary.allAcknowledged", { matches: summary.matches });
  return t("summary.someNotAcknowledged", { matches: summary.matches, notAcknowledged: summary.notAcknowledged });
}

/** The flags apart, each counted in guests; a guest with both is in both figures. */
export function flagCountsText(summary: ArrivalsSummary, t: CriminalArrivalWords): string {
  return t("summary.flags", { criminalRecord: summary.criminalRecord, sexOffender: summary.sexOffender });
}

/**
 * Said only of properties whose day is stored: `place` names them when the day misses some, with
 * its preposition, and `day` says which day (lib/features/reports/day-choice.ts, emptyListPlace and emptyListDay).
 */
export function emptyStateTitle(place: string, day: string, t: CriminalArrivalWords): string {
  return t("empty.title", { day, place });
}

/**
 * Where a property's privacy policy keeps no criminal-arrival details: not "no criminal arrivals".
 * In English, for the Review screen; this screen says it through the catalogue (`notKept.title`).
 */
export function criminalNotKeptText(policy: string): string {
  return `Criminal-arrival details are not kept under ${policy}`;
}
