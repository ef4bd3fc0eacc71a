/**
 * The server's resident memory (VmRSS of the process that listens, not of a wrapper): after start,
 * and while and after the large guests day is loaded ten times in Chromium (sampled every 100 ms).
 */
import type { Browser } from "playwright-core";

import { dataRows, NetworkTracker, newContext, type SignedIn } from "../browser";
import type { Daybook } from "../daybook";
import { simulatorActivity, waitIdle } from "../idle";
import { residentBytes, sampleResident, sleep } from "../processes";
import { atMost, failedRow, MiB, row, spec, type Row } from "../report";
import type { Simulator } from "../simulator";

export const MEMORY_SPECS = {
  afterStart: spec("memory.rss-after-start", "MiB", atMost(400)),
  afterGuests: spec("memory.rss-after-guests-x10", "MiB", atMost(450)),
  peak: spec("memory.rss-peak-guests-x10", "MiB", atMost(500)),
};

const LOADS = 10;

/**
 * Once the server answers, with nothing asked of it yet but the readiness check (/sign-in). What a
 * fresh server holds does not depend on the simulator's size, so any fresh Daybook will do.
 */
export async function rssAfterStartRow(daybook: Daybook): Promise<Row> {
  await sleep(1000);
  const bytes = residentBytes(daybook.pid);
  if (bytes === null) return failedRow(MEMORY_SPECS.afterStart, "the server process is gone");
  return row(MEMORY_SPECS.afterStart, bytes / MiB, { pid: daybook.pid });
}

export async function rssGuestsRows(
  daybook: Daybook,
  simulator: Simulator,
  browser: Browser,
  signedIn: SignedIn,
): Promise<Row[]> {
  const activity = simulatorActivity(simulator);
  const context = await newContext(browser, daybook, signedIn.storageState);
  try {
    const page = await context.newPage();
    const tracker = await NetworkTracker.attach(page);
    await waitIdle(daybook.pid, activity);
    const sampler = sampleResident(daybook.pid, 100);
    for (let load = 0; load < LOADS; load++) {
      await page.goto(`${daybook.url}/guests`, { timeout: 120_000 });
      await dataRows(page).first().waitFor({ state: "visible", timeout: 120_000 });
      await tracker.quiet();
    }
    await page.goto("about:blank");
    await waitIdle(daybook.pid, activity);
    await sleep(1000);
    const { peak, last, samples } = sampler.stop();
    return [
      row(MEMORY_SPECS.afterGuests, last / MiB, { loads: LOADS, samples }),
      row(MEMORY_SPECS.peak, peak / MiB, { loads: LOADS, samples, sampleEveryMs: 100 }),
    ];
  } catch (error) {
    return [failedRow(MEMORY_SPECS.afterGuests, error), failedRow(MEMORY_SPECS.peak, error)];
  } finally {
    await context.close();
  }
}
