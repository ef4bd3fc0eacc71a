import { createPartnerApiClient, type PartnerApiClient } from "@/lib/server/partner-api";
import type { LaunchedSimulator } from "@/tests/support/simulator";

export const DEMO_KEY = "da7ab00cda7ab00cda7ab00cda7ab00c";
export const USAGE_ONLY_KEY = "feedface000000000000000000000001";

/** Short retry waits: the contract's rules, quickly. */
const FAST_RETRY = { maxRetries: 4, baseDelayMs: 5, maxDelayMs: 50, maxElapsedMs: 5_000 };

export function apiFor(sim: LaunchedSimulator, apiKey = DEMO_KEY): PartnerApiClient {
  return createPartnerApiClient({ baseUrl: sim.url, apiKey, timeoutMs: 10_000, retry: FAST_RETRY });
}

/** The next day's pull time in every demo property's common window. */
export const pullTime = (nextDay: string, time = "11:30") => `${nextDay}T${time}:00Z`;
