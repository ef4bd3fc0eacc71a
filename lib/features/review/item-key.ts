import { createHash } from "node:crypto";

import { crossReportKey } from "@/lib/core/property-names";
import type {
  Arrivals,
  CriminalArrival,
  CriminalArrivalsReport,
  ZonedCriminalArrival,
} from "@/lib/features/reports/types";

type KeyFields = Pick<CriminalArrival, "propertyName" | "checkInAtUtc" | "firstName" | "lastName">;

/**
 * The identity of one criminal arrival. The API has no guest identifier, so an item is known by
 * its property (compared as the API compares names: casing and spacing do not matter), check-in
 * instant and name. Only this SHA-256 is kept in review records: they name nobody, and still match
 * the item after a re-pull or when the same day is read live and stored.
 */
export function itemKeyOf(item: KeyFields): string {
  return createHash("sha256").update(crossReportKey(item)).digest("hex");
}

export const ITEM_KEY_PATTERN = /^[0-9a-f]{64}$/;

export type KeyedCriminalArrival = ZonedCriminalArrival & { itemKey: string };
export type KeyedCriminalArrivalsReport = Arrivals<CriminalArrivalsReport, KeyedCriminalArrival>;

export function withItemKey(item: ZonedCriminalArrival): KeyedCriminalArrival {
  return { ...item, itemKey: itemKeyOf(item) };
}
