/**
 * The API's clock, which decides what "yesterday" is at each property. Live, that is the time of
 * day (the API runs on real time). The demo runs on its built-in simulator, whose clock can be set
 * (to show a chosen day, or to run tests at any hour): there Daybook asks the simulator.
 */

import "server-only";

import { getConfig } from "@/lib/server/config";

/** The simulator's clock as read by the request in flight: callers at once share one reading. */
let reading: Promise<Date> | null = null;

export async function apiNow(): Promise<Date> {
  if (getConfig().mode !== "demo") return new Date();
  reading ??= readSimulatorClock().finally(() => {
    reading = null;
  });
  return reading;
}

async function readSimulatorClock(): Promise<Date> {
  const { partnerApi } = getConfig();
  try {
    const response = await fetch(`${partnerApi.baseUrl}/__simulator/clock`, { cache: "no-store" });
    const body = (await response.json()) as { effectiveNow?: string };
    return body.effectiveNow ? new Date(body.effectiveNow) : new Date();
  } catch {
    // The simulator is down: the report call will say so; the real clock stands in meanwhile.
    return new Date();
  }
}
