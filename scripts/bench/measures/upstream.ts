/**
 * How many Partner API calls Daybook makes for what people do: many at once asking for the same
 * report, the day's pull, and one person going through the report screens after the pull.
 * Counted in the simulator's request log.
 */
import type { Browser } from "playwright-core";

import { NetworkTracker, newContext, openScreen, type SignedIn } from "../browser";
import type { Daybook } from "../daybook";
import { simulatorActivity, waitForUpstream, waitIdle } from "../idle";
import { atMost, describeError, failedRow, row, spec, type Row } from "../report";
import { countByEndpoint, endpointOf, type LoggedRequest, type Simulator } from "../simulator";

export const CONCURRENT_SPECS = {
  usage: spec("upstream.usage-50-concurrent", "calls", atMost(1)),
  guests: spec("upstream.guests-50-concurrent", "calls", atMost(1)),
};
export const PULL_SPEC = spec("upstream.pull", "calls", atMost(3));
export const SCREENS_SPEC = spec("upstream.screens-after-pull", "calls", atMost(0));

/** The four report screens, in the order of the navigation. */
export const REPORT_SCREENS = ["/", "/guests", "/criminal-arrivals", "/properties"] as const;

const CONCURRENCY = 50;
const SCREEN_ROUNDS = 10;

function tally(values: readonly (number | string | null)[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[String(value)] = (counts[String(value)] ?? 0) + 1;
  return counts;
}

const CONCURRENT_ROUTES = {
  usage: { route: "/api/reports/usage", endpoint: "usage" },
  guests: { route: "/api/reports/guests", endpoint: "guests" },
} as const;

/**
 * 50 simultaneous GETs of one report route with the admin's cookie, on a Daybook that has not
 * asked the API for anything yet: the upstream calls for that report.
 */
export async function concurrentRow(
  report: keyof typeof CONCURRENT_ROUTES,
  daybook: Daybook,
  simulator: Simulator,
  signedIn: SignedIn,
): Promise<Row> {
  const of = CONCURRENT_SPECS[report];
  const { route, endpoint } = CONCURRENT_ROUTES[report];
  try {
    const activity = simulatorActivity(simulator);
    await waitIdle(daybook.pid, activity);
    // Since Daybook started: signing in should have asked the API nothing.
    const callsBefore = (await simulator.requests()).length;
    await simulator.clearRequests();
    const statuses = await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        const response = await fetch(`${daybook.url}${route}`, { headers: { cookie: signedIn.cookieHeader } });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    await waitIdle(daybook.pid, activity);
    const log = await simulator.requests();
    const calls = log.filter((request) => endpointOf(request.path) === endpoint);
    return row(of, calls.length, {
      requests: CONCURRENCY,
      daybookStatuses: tally(statuses),
      upstreamStatuses: tally(calls.map((call) => call.status)),
      otherUpstreamCalls: countByEndpoint(log.filter((request) => endpointOf(request.path) !== endpoint)),
      callsBefore,
    });
  } catch (error) {
    return failedRow(of, error);
  }
}

/**
 * The pull that a Daybook started with DAYBOOK_SYNC=on makes by itself once the day is due (the
 * simulator's clock is in the daily window): waits for its first call, then until it is done.
 * The simulator's log must have been cleared before Daybook started.
 */
export async function pullRow(daybook: Daybook, simulator: Simulator): Promise<{ row: Row; log: LoggedRequest[] }> {
  const activity = simulatorActivity(simulator);
  const started = await waitForUpstream(activity, 0, 30_000);
  if (started) await waitIdle(daybook.pid, activity, { quietMs: 1000 });
  const log = await simulator.requests();
  const detail = started
    ? { byEndpoint: countByEndpoint(log), upstreamStatuses: tally(log.map((call) => call.status)) }
    : { note: "no upstream call within 30 s of the start: the scheduler did not pull" };
  return { row: row(PULL_SPEC, log.length, detail), log };
}

/** One person opening each report screen ten times, after the pull: upstream calls they cause. */
export async function screensRow(
  daybook: Daybook,
  simulator: Simulator,
  browser: Browser,
  signedIn: SignedIn,
): Promise<Row> {
  const context = await newContext(browser, daybook, signedIn.storageState);
  try {
    const page = await context.newPage();
    const tracker = await NetworkTracker.attach(page);
    const activity = simulatorActivity(simulator);
    await waitIdle(daybook.pid, activity);
    await simulator.clearRequests();
    const failures: string[] = [];
    let unsettled = 0;
    for (let round = 0; round < SCREEN_ROUNDS; round++) {
      for (const screen of REPORT_SCREENS) {
        try {
          if (!(await openScreen(page, tracker, `${daybook.url}${screen}`))) unsettled++;
        } catch (error) {
          failures.push(`${screen}: ${describeError(error)}`);
        }
      }
    }
    await page.goto("about:blank");
    await waitIdle(daybook.pid, activity);
    const log = await simulator.requests();
    return row(SCREENS_SPEC, log.length, {
      screens: REPORT_SCREENS,
      opensEach: SCREEN_ROUNDS,
      byEndpoint: countByEndpoint(log),
      ...(unsettled ? { screensStillFetchingAfter15s: unsettled } : {}),
      ...(failures.length ? { failures: failures.slice(0, 5) } : {}),
    });
  } finally {
    await context.close();
  }
}
