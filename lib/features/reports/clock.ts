/**
 * The API's clock, which decides what "yesterday" is at each property. Live, that is the time of
 * day (the API runs on real time). The demo runs on its built-in simulator, whose clock can be set
 * (to show a chosen day, or to run tests at any hour): there Daybook asks the simulator.
 */

import "server-only";

import { getConfig } from "@/lib/server/config";

export async function apiNow(): Promise<Date> {
  const { mode, partnerApi } = getConfig();
  if (mode !== "demo") return new Date();
  try {
    const response = await fetch(`${partnerApi.baseUrl}/__simulator/clock`, { cache: "no-store" });
    const body = (await response.json()) as { effectiveNow?: string };
    return body.effectiveNow ? new Date(body.effectiveNow) : new Date();
  } catch {
    // The simulator is down: the report call will say so; the real clock stands in meanwhile.
    return new Date();
  }
}
