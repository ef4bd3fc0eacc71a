import "server-only";

import { getAuthSecret } from "@/lib/server/auth/secret";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";

import { createPartnerApiClient, type PartnerApiClient } from "./client";
import { getActiveApiKey } from "./key";
import type { RetryEvent } from "./request";

export { createPartnerApiClient, type CallOptions, type PartnerApiClient } from "./client";
export { endpointUrl, type PartnerApiOptions, type RetryEvent, type RetryPolicy } from "./request";
export * from "./errors";
export * from "./schemas";

function logRetry(event: RetryEvent) {
  console.warn(
    `partner-api: ${event.endpoint} attempt ${event.attempt} failed with ${event.status ?? "no answer"} ${event.code}` +
      (event.correlationId ? ` (correlation ${event.correlationId})` : "") +
      "; retrying",
  );
}

let current: { key: string; client: PartnerApiClient } | undefined;

/** The client for the configured API and the key in use now (rotations apply to the next call). */
export async function getPartnerApi(): Promise<PartnerApiClient> {
  const { partnerApi } = getConfig();
  const { key } = await getActiveApiKey(await getDb(), getAuthSecret(), partnerApi.apiKey);
  if (current?.key !== key) {
    current = { key, client: createPartnerApiClient({ ...partnerApi, apiKey: key, onRetry: logRetry }) };
  }
  return current.client;
}
