import "server-only";

import { PartnerApiError } from "./errors";
import { partnerFetch, type PartnerApiOptions } from "./request";
import {
  criminalArrivalsReportSchema,
  guestsReportSchema,
  propertyFilterSchema,
  usageReportSchema,
  type CriminalArrivalsReport,
  type GuestsReport,
  type PropertyFilter,
  type UsageReport,
} from "./schemas";

export interface CallOptions {
  signal?: AbortSignal;
}

/** Only the parameters each endpoint allows can be expressed: a filter for two, nothing for usage. */
export interface PartnerApiClient {
  guests(filter?: PropertyFilter, call?: CallOptions): Promise<GuestsReport>;
  criminalArrivals(filter?: PropertyFilter, call?: CallOptions): Promise<CriminalArrivalsReport>;
  usage(call?: CallOptions): Promise<UsageReport>;
}

export function createPartnerApiClient(options: PartnerApiOptions): PartnerApiClient {
  return {
    guests: async (filter, call) =>
      partnerFetch(options, "guests", propertyQuery("guests", filter), guestsReportSchema, call?.signal),
    criminalArrivals: async (filter, call) =>
      partnerFetch(
        options,
        "criminal-arrivals",
        propertyQuery("criminal-arrivals", filter),
        criminalArrivalsReportSchema,
        call?.signal,
      ),
    usage: (call) => partnerFetch(options, "usage/dashboard", {}, usageReportSchema, call?.signal),
  };
}

function propertyQuery(endpoint: "guests" | "criminal-arrivals", filter: PropertyFilter = {}) {
  const parsed = propertyFilterSchema.safeParse(filter);
  if (!parsed.success) {
    throw new PartnerApiError({
      endpoint,
      status: null,
      code: "invalid_request",
      detail: parsed.error.issues[0]?.message ?? "invalid property filter",
      correlationId: null,
      retryable: false,
      attempts: 0,
    });
  }
  return { propertyName: parsed.data.propertyName };
}
