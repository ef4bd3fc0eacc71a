/** Report shapes for client code, which must not import the server-only Partner API module itself. */
export type {
  ArrivalSource,
  CriminalArrival,
  CriminalArrivalsReport,
  Gender,
  GuestArrival,
  GuestsReport,
  Metric,
  UsagePropertyRow,
  UsageReport,
} from "@/lib/partner-api/schemas";
export type { ScopedUsageReport } from "@/lib/dal/scope";
export type { PartnerApiErrorJSON } from "@/lib/partner-api/errors";
export type { StoredCopy, WithCopy } from "@/lib/history/types";
