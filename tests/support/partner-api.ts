import { addDays } from "@/lib/core/days";
import { DEMO_API_KEY } from "@/lib/server/config";
import { createPartnerApiClient, type PartnerApiClient } from "@/lib/server/partner-api";
import type { LaunchedSimulator } from "@/tests/support/simulator";

/** A simulator key that may read the usage summary only. */
export const USAGE_ONLY_KEY = "feedface000000000000000000000001";

/** Short retry waits: the contract's rules, quickly. */
const FAST_RETRY = { maxRetries: 4, baseDelayMs: 5, maxDelayMs: 50, maxElapsedMs: 5_000 };

/** Daybook's Partner API client on the test simulator, with the demo key unless told otherwise. */
export function apiFor(sim: LaunchedSimulator, apiKey = DEMO_API_KEY): PartnerApiClient {
  return createPartnerApiClient({ baseUrl: sim.url, apiKey, timeoutMs: 10_000, retry: FAST_RETRY });
}

/** The next day's pull time in every demo property's common window. */
export const pullTime = (nextDay: string, time = "11:30") => `${nextDay}T${time}:00Z`;

/** The pull of day `day`, the day after, in the demo properties' common window (every zone agrees on "yesterday"). */
export const pullInstant = (day: string) => new Date(pullTime(addDays(day, 1)));
