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

/**
 * The client for the configured API and the key in use now (rotations apply to the next call), with
 * that key's last 4 characters, so a caller that names the key (the connection test) reads it once.
 */
export async function getPartnerApiWithKey(): Promise<{ client: PartnerApiClient; keyLast4: string }> {
  const { partnerApi } = getConfig();
  const { key, last4 } = await getActiveApiKey(await getDb(), getAuthSecret(), partnerApi.apiKey);
  if (current?.key !== key) {
    current = { key, client: createPartnerApiClient({ ...partnerApi, apiKey: key, onRetry: logRetry }) };
  }
  return { client: current.client, keyLast4: last4 };
}

/** The client for the configured API and the key in use now. */
export async function getPartnerApi(): Promise<PartnerApiClient> {
  return (await getPartnerApiWithKey()).client;
}
