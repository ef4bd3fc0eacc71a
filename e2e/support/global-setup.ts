import { request } from "@playwright/test";

import { E2E_CLOCK } from "./clock";
import { SIMULATOR_URL } from "./ports";

/**
 * Sets the simulator's clock to the suite's before the first test. The demo's simulator starts on
 * the real clock; `simulatorControl().reset()` sets this clock again after each reset.
 */
export default async function globalSetup(): Promise<void> {
  const context = await request.newContext();
  try {
    const answer = await context.post(`${SIMULATOR_URL}/__simulator/clock`, { data: { now: E2E_CLOCK } });
    if (!answer.ok()) throw new Error(`the simulator refused the clock ${E2E_CLOCK}: ${await answer.text()}`);
    console.log(`e2e: the Partner API simulator's clock is ${E2E_CLOCK}`);
  } finally {
    await context.dispose();
  }
}
