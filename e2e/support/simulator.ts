import type { APIRequestContext } from "@playwright/test";

import { SIMULATOR_URL } from "./ports";

export const DEMO_KEY = "da7ab00cda7ab00cda7ab00cda7ab00c";

/** Drives the simulator that the e2e web server started, through its control endpoints. */
export function simulatorControl(request: APIRequestContext) {
  return {
    reset: () => request.post(`${SIMULATOR_URL}/__simulator/reset`),
    queueFaults: (...next: string[]) => request.post(`${SIMULATOR_URL}/__simulator/faults`, { data: { next } }),
    requests: async (): Promise<{ correlationId: string; status: number; path: string; keySuffix: string | null }[]> =>
      (await (await request.get(`${SIMULATOR_URL}/__simulator/requests`)).json()).requests,
    usage: async () =>
      (
        await request.get(`${SIMULATOR_URL}/api/public/v1/usage/dashboard`, { headers: { "X-API-Key": DEMO_KEY } })
      ).json(),
  };
}
