import { expect, type APIRequestContext, type Locator } from "@playwright/test";

import { simulatorControl } from "./simulator";

/**
 * The simulator, reset (its request log too), on a day Daybook holds nothing of (so a screen asks
 * the API), with its next two answers a fault: "500", "500", a request and Daybook's one retry of it.
 */
export async function simulatorFailingTwice(request: APIRequestContext) {
  const simulator = simulatorControl(request);
  await simulator.reset();
  await simulator.onADayNotHeld();
  await simulator.queueFaults("500", "500");
  return simulator;
}

/**
 * What a screen shows once the API failed twice over (`simulatorFailingTwice`): within `where`, the
 * fault in words, its code, and the correlation id of the last attempt to quote to support; and no
 * other failure on the page.
 */
export async function expectFaultToQuote(where: Locator, simulator: ReturnType<typeof simulatorControl>) {
  await expect(where.getByRole("alert")).toContainText("The Partner API had a fault");
  await expect(where.getByTestId("error-code")).toHaveText("internal_error");
  await expect(where.page().getByTestId("error-code")).toHaveCount(1);
  const log = await simulator.requests();
  expect(log.map((entry) => entry.status)).toEqual([500, 500]);
  await expect(where.getByTestId("correlation-id")).toHaveText(log[1]!.correlationId);
}
