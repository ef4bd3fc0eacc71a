import { NextResponse, type NextRequest } from "next/server";

import { watchStoredDays } from "@/lib/features/sync/server";
import { getConfig } from "@/lib/server/config";
import { bearerMatches, scrapeMetrics } from "@/lib/server/metrics";
import { watchUpstreamCircuit } from "@/lib/server/partner-api";

const NO_STORE = { "Cache-Control": "no-store" } as const;

/**
 * Prometheus metrics, for the monitoring a team already runs. No session: a scraper has none. It
 * answers only with `Authorization: Bearer $DAYBOOK_METRICS_TOKEN`, and without a token configured
 * it is not there at all (404, as for any unknown address), so an install that never set one shows
 * nothing. The figures hold no guest data, but they tell how Daybook is used.
 */
export async function GET(request: NextRequest): Promise<Response> {
  const { token } = getConfig().metrics;
  if (token === null) {
    return NextResponse.json(
      { error: { code: "not_found", message: "Not found" } },
      { status: 404, headers: NO_STORE },
    );
  }
  if (!bearerMatches(request.headers.get("authorization"), token)) {
    return NextResponse.json(
      { error: { code: "unauthenticated", message: "A bearer token is needed for the metrics" } },
      { status: 401, headers: { ...NO_STORE, "WWW-Authenticate": 'Bearer realm="daybook metrics"' } },
    );
  }
  // Gauges read on each scrape; made here, whatever else this process has loaded yet.
  watchUpstreamCircuit();
  watchStoredDays();
  const { contentType, body } = await scrapeMetrics();
  return new Response(body, { headers: { ...NO_STORE, "Content-Type": contentType } });
}
