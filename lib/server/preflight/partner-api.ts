/**
 * The Partner API as `npm run doctor` checks it: each endpoint called once with the key Daybook
 * would use, no retries (a preflight says what is wrong now, at once), and only what the answers
 * say about access kept: the status of each endpoint, the properties the key reaches (by name), the
 * `Date` header. No report's contents are kept or printed.
 */
import type { Config } from "@/lib/server/config";
import { createPartnerApiClient, PartnerApiError, type Endpoint } from "@/lib/server/partner-api";

export interface EndpointOutcome {
  endpoint: Endpoint;
  label: string;
  ok: boolean;
  /** "401 invalid_api_key", "no answer (network_error)". */
  failure: string | null;
  correlationId: string | null;
}

export interface PartnerApiProbe {
  outcomes: EndpointOutcome[];
  /** Distinct property names the key reaches, from the usage report (else the guests report). */
  properties: string[] | null;
  /** The first answer's `Date` header and this machine's time when it arrived. */
  clock: { localMs: number; date: string | null } | null;
}

// As the pull names the reports (lib/features/sync/messages.ts), which lib/server may not import.
const LABELS: Record<Endpoint, string> = {
  "usage/dashboard": "usage summary",
  guests: "guest arrivals",
  "criminal-arrivals": "criminal arrivals",
};

const HINTS: Record<string, string> = {
  invalid_api_key: "the API does not know this key",
  insufficient_scope: "the key is not enabled for it",
};

export async function probePartnerApi(partnerApi: Config["partnerApi"], key: string): Promise<PartnerApiProbe> {
  let clock: PartnerApiProbe["clock"] = null;
  const client = createPartnerApiClient({
    ...partnerApi,
    apiKey: key,
    timeoutMs: Math.min(partnerApi.timeoutMs, 15_000),
    retry: { ...partnerApi.retry, maxRetries: 0 },
    onAttempt: ({ answered }) => {
      if (answered) clock ??= answered;
    },
  });
  const names = new Set<string>();
  let fromUsage = false;
  const call = async (endpoint: Endpoint, run: () => Promise<void>): Promise<EndpointOutcome> => {
    try {
      await run();
      return { endpoint, label: LABELS[endpoint], ok: true, failure: null, correlationId: null };
    } catch (error) {
      if (!(error instanceof PartnerApiError)) throw error;
      const answer = error.status === null ? `no answer (${error.code})` : `${error.status} ${error.code}`;
      const hint = HINTS[error.code];
      return {
        endpoint,
        label: LABELS[endpoint],
        ok: false,
        failure: hint ? `${answer}: ${hint}` : answer,
        correlationId: error.correlationId,
      };
    }
  };
  const outcomes = [
    await call("usage/dashboard", async () => {
      const usage = await client.usage();
      for (const row of usage.byProperty) names.add(row.propertyName);
      fromUsage = true;
    }),
    await call("guests", async () => {
      const guests = await client.guests();
      // Property names only: nothing of a guest is kept.
      if (!fromUsage) for (const item of guests.items) names.add(item.propertyName);
    }),
    await call("criminal-arrivals", async () => {
      await client.criminalArrivals();
    }),
  ];
  const reached = outcomes.some((outcome) => outcome.ok);
  return { outcomes, properties: reached ? [...names].sort((a, b) => a.localeCompare(b)) : null, clock };
}

/** "Harbour View Hotel, Riverside & Co. Hotel and 8 more" */
export function listProperties(names: readonly string[], shown = 5): string {
  if (names.length <= shown) return names.join(", ");
  return `${names.slice(0, shown).join(", ")} and ${names.length - shown} more`;
}
