import { expect, test, type APIRequestContext } from "@playwright/test";

import { DEMO_KEY } from "@/simulator/keys";

import { E2E_CLOCK } from "./clock";
import { SIMULATOR_URL } from "./ports";

export { DEMO_KEY };

/**
 * A report straight from the simulator, read with the demo key (every property), or of one
 * property: the oracle a screen is compared with. `endpoint`: "guests", "usage/dashboard", ….
 */
export async function simulatorReport(request: APIRequestContext, endpoint: string, propertyName?: string) {
  const query = propertyName ? `?propertyName=${encodeURIComponent(propertyName)}` : "";
  const response = await request.get(`${SIMULATOR_URL}/api/public/v1/${endpoint}${query}`, {
    headers: { "X-API-Key": DEMO_KEY },
  });
  expect(response.status(), `the simulator's ${endpoint} report`).toBe(200);
  return response.json();
}

let daysAsked = 0;

/** Days after the suite's clock, one per call and per worker (a worker started after a failure goes on from 100 later). */
function nextUnheldDay(): number {
  daysAsked += 1;
  return test.info().workerIndex * 100 + daysAsked;
}

/** Drives the simulator that the e2e web server started, through its control endpoints. */
export function simulatorControl(request: APIRequestContext) {
  const setClock = async (now: string) => {
    const answer = await request.post(`${SIMULATOR_URL}/__simulator/clock`, { data: { now } });
    expect(answer.ok(), `the simulator's clock set to ${now}`).toBe(true);
    return answer;
  };
  return {
    /** Faults, latency, message and request log back to the start; the clock back to the suite's (E2E_CLOCK). */
    reset: async () => {
      const answer = await request.post(`${SIMULATOR_URL}/__simulator/reset`);
      expect(answer.ok(), "the simulator reset").toBe(true);
      await setClock(E2E_CLOCK);
      return answer;
    },
    /** Moves the simulator's (frozen) clock; `restoreClock` puts the suite's back. */
    setClock,
    restoreClock: () => setClock(E2E_CLOCK),
    /**
     * The clock days past the suite's, on a day no test asked for before: a yesterday Daybook holds
     * nothing of, so a screen asks the API for it (Daybook serves a day it holds without asking, and
     * a test that meets a fault and then the API's answer leaves that day held). `reset` puts the
     * suite's clock back.
     */
    onADayNotHeld: () => setClock(new Date(Date.parse(E2E_CLOCK) + nextUnheldDay() * 24 * 3_600_000).toISOString()),
    queueFaults: (...next: string[]) => request.post(`${SIMULATOR_URL}/__simulator/faults`, { data: { next } }),
    requests: async (): Promise<{ correlationId: string; status: number; path: string; keySuffix: string | null }[]> =>
      (await (await request.get(`${SIMULATOR_URL}/__simulator/requests`)).json()).requests,
    usage: () => simulatorReport(request, "usage/dashboard"),
  };
}
