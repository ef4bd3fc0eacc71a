import "server-only";

import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";
import { getKeyring } from "@/lib/server/encryption/keyring";
import { log } from "@/lib/server/log";
import { watchCircuitState } from "@/lib/server/metrics";
import { processWide } from "@/lib/server/process-state";

import { createPartnerApiClient, type PartnerApiClient } from "./client";
import type { PartnerApiError } from "./errors";
import { getActiveApiKey } from "./key";
import type { AttemptEvent, RetryEvent } from "./request";
import { createUpstreamGuards, type UpstreamGuards, type UpstreamHealth } from "./upstream";

export { createPartnerApiClient, type CallOptions, type PartnerApiClient } from "./client";
export {
  endpointPath,
  endpointUrl,
  type AttemptEvent,
  type PartnerApiOptions,
  type RetryEvent,
  type RetryPolicy,
} from "./request";
export * from "./errors";
export * from "./schemas";
export {
  countsAgainstUpstream,
  createUpstreamBreaker,
  createUpstreamGuards,
  createUpstreamLimiter,
  type UpstreamBreaker,
  type UpstreamBreakerOptions,
  type UpstreamGuards,
  type UpstreamHealth,
  type UpstreamLimiter,
  type UpstreamState,
} from "./upstream";

/**
 * One line per request sent: the path without its query (a property filter is text a person
 * typed), the status, how long it took and the API's correlation id, which its support asks for.
 */
function logAttempt(event: AttemptEvent) {
  const answer = event.status === null ? "no answer" : String(event.status);
  log.info(
    `partner-api: GET ${event.path} ${answer}${event.outcome === "ok" ? "" : ` ${event.outcome}`}` +
      ` in ${Math.round(event.durationMs)} ms` +
      (event.correlationId ? ` correlation ${event.correlationId}` : ""),
  );
}

function logRetry(event: RetryEvent) {
  log.warn(
    `partner-api: ${event.endpoint} attempt ${event.attempt} failed with ${event.status ?? "no answer"} ${event.code}` +
      (event.correlationId ? ` (correlation ${event.correlationId})` : "") +
      "; retrying",
  );
}

/** The API's own words stay here, in the server's log (keys taken out: PartnerApiError); browsers get Daybook's. */
function logFailure(error: PartnerApiError) {
  log.warn(
    `partner-api: ${error.endpoint} failed with ${error.status ?? "no answer"} ${error.code}` +
      (error.correlationId ? ` (correlation ${error.correlationId})` : "") +
      `: ${error.detail}`,
  );
}

function logUpstreamState(baseUrl: string, health: UpstreamHealth) {
  const where = new URL(baseUrl).host;
  if (health.state === "open") {
    log.warn(
      `partner-api: ${where} failed ${health.consecutiveFailures} calls in a row` +
        (health.lastFailure ? ` (last ${health.lastFailure.code})` : "") +
        `; not calling it until ${health.retryAt}`,
    );
  } else if (health.state === "half-open") {
    log.warn(`partner-api: ${where}: letting one probe call through`);
  } else {
    log.warn(`partner-api: ${where} answers again; calls resume`);
  }
}

/**
 * The concurrency limit and the circuit breakers, once per process (a module loaded twice by
 * different bundles still finds the same ones): every client and key shares them.
 */
function upstreamGuards(): UpstreamGuards {
  return processWide("partner-api.upstream", () => {
    const { upstream } = getConfig();
    return createUpstreamGuards({
      concurrency: upstream.concurrency,
      breakerFailures: upstream.breakerFailures,
      breakerCooldownMs: upstream.breakerCooldownMs,
      onStateChange: logUpstreamState,
    });
  });
}

/**
 * Whether Daybook is calling the configured API now, for a screen to say "the Partner API is
 * unavailable" and when Daybook will try again. Never touches the network.
 */
export function getUpstreamHealth(): UpstreamHealth {
  return upstreamGuards().breakerFor(getConfig().partnerApi.baseUrl).health();
}

/** The configured API's breaker as a gauge, read on each scrape (`daybook_upstream_circuit_state`). */
export function watchUpstreamCircuit(): void {
  watchCircuitState(() => getUpstreamHealth().state);
}

let current: { key: string; client: PartnerApiClient } | undefined;

/**
 * The client for the configured API and the key in use now (rotations apply to the next call), with
 * that key's last 4 characters, so a caller that names the key (the connection test) reads it once.
 */
export async function getPartnerApiWithKey(): Promise<{ client: PartnerApiClient; keyLast4: string }> {
  const { partnerApi } = getConfig();
  const { key, last4 } = await getActiveApiKey(await getDb(), getKeyring(), partnerApi.apiKey);
  if (current?.key !== key) {
    const guards = upstreamGuards();
    current = {
      key,
      client: createPartnerApiClient({
        ...partnerApi,
        apiKey: key,
        onRetry: logRetry,
        onFailure: logFailure,
        onAttempt: logAttempt,
        limiter: guards.limiter,
        breaker: guards.breakerFor(partnerApi.baseUrl),
      }),
    };
  }
  return { client: current.client, keyLast4: last4 };
}

/**
 * A client for a key that is not in use yet, to test it before it is: the shared slot limit applies,
 * the breaker does not (a candidate's failures say nothing of the key in use).
 */
export function getPartnerApiForCandidate(key: string): PartnerApiClient {
  const { partnerApi } = getConfig();
  return createPartnerApiClient({
    ...partnerApi,
    apiKey: key,
    onRetry: logRetry,
    onFailure: logFailure,
    onAttempt: logAttempt,
    limiter: upstreamGuards().limiter,
  });
}

/** The client for the configured API and the key in use now. */
export async function getPartnerApi(): Promise<PartnerApiClient> {
  return (await getPartnerApiWithKey()).client;
}
