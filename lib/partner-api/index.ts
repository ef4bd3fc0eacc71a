import "server-only";
import { getConfig } from "@/lib/config";
import { createPartnerApiClient, type PartnerApiClient } from "./client";

export { createPartnerApiClient, type CallOptions, type PartnerApiClient } from "./client";
export { endpointUrl, type PartnerApiOptions, type RetryEvent, type RetryPolicy } from "./request";
export * from "./errors";
export * from "./schemas";

let shared: PartnerApiClient | undefined;

/** The client for the configured API and key. */
export function getPartnerApi(): PartnerApiClient {
  if (!shared) {
    const { partnerApi } = getConfig();
    shared = createPartnerApiClient({
      ...partnerApi,
      onRetry: (event) =>
        console.warn(
          `partner-api: ${event.endpoint} attempt ${event.attempt} failed with ${event.status ?? "no answer"} ${event.code}` +
            (event.correlationId ? ` (correlation ${event.correlationId})` : "") +
            "; retrying",
        ),
    });
  }
  return shared;
}
