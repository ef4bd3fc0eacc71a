/**
 * Upstream traffic over one simulated day for the ~200-property group, with one viewer.
 *
 * A fresh Daybook (DAYBOOK_SYNC=on: its own scheduler decides when to pull) talks to the large
 * simulator through the counting proxy. The simulator's clock and Daybook's (clock-shim.mjs) are
 * moved together in 15-minute steps; each jump fires Daybook's timers that fall due, as the time
 * passing would have, so the in-process scheduler acts at every step as it would every 5 minutes.
 * Once an hour of that clock the viewer (the admin, who sees every property) opens the four report
 * screens in Chromium.
 *
 * Warm-up (not counted): Daybook starts at 11:00 UTC on 2026-11-22, inside that day's pull window,
 * so it learns its properties' zones and stores 2026-11-21 as a running Daybook would have; then
 * 24 hours from 12:00 UTC are counted, which hold the pull of 2026-11-22 (due about 10:30 UTC on
 * 2026-11-23). Whatever Daybook does in that time is what is counted: calls while the clock moved
 * are the scheduler's, calls while the viewer had a screen open are the viewer's; of those, a guests
 * call is a live refresh (isCurrentlyBanned is the one field that moves after the day closed).
 *
 * Targets: besides live refreshes, 3 calls and the bytes of one copy of each report of the day (as
 * the API answers them); at most one live refresh per opening of the guests screen.
 */
import path from "node:path";
import type { Browser } from "playwright-core";

import { NetworkTracker, newContext, openScreen, signIn } from "../browser";
import { VirtualClock } from "../clock";
import { startDaybook, type Daybook } from "../daybook";
import { waitForUpstream, waitIdle } from "../idle";
import { startCountingProxy, type ProxiedCall } from "../proxy";
import { atMost, describeError, MB, progress, round, row, spec, type Row } from "../report";
import { API_PATHS, endpointOf, type Simulator } from "../simulator";
import { REPORT_SCREENS } from "./upstream";

export const DAILY_SPECS = {
  calls: spec("daily.upstream-calls", "calls", atMost(3)),
  bytes: spec("daily.upstream-bytes", "MB", atMost(13)),
  refreshes: spec("daily.live-refreshes", "calls", atMost(24)),
};

const WARM_UP_FROM = "2026-11-22T11:00:00Z";
const DAY_FROM = "2026-11-22T12:00:00Z";
const STEP_MINUTES = 15;
const STEPS_PER_DAY = (24 * 60) / STEP_MINUTES;
const STEPS_PER_VIEW = 60 / STEP_MINUTES;

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

interface Totals {
  calls: number;
  bytes: number;
  byEndpoint: Record<string, { calls: number; bytes: number }>;
}

function totals(calls: readonly ProxiedCall[]): Totals {
  const result: Totals = { calls: 0, bytes: 0, byEndpoint: {} };
  for (const call of calls) {
    result.calls++;
    result.bytes += call.bytes;
    const entry = (result.byEndpoint[call.endpoint] ??= { calls: 0, bytes: 0 });
    entry.calls++;
    entry.bytes += call.bytes;
  }
  return result;
}

export interface DailyOptions {
  appDir: string;
  runDir: string;
  /** The large simulator; its clock is moved and put back to `restoreClock` at the end. */
  simulator: Simulator;
  restoreClock: string;
  browser: Browser;
}

export async function dailyRows(options: DailyOptions): Promise<Row[]> {
  const { simulator, browser } = options;
  const proxy = await startCountingProxy(simulator.url);
  let daybook: Daybook | null = null;
  try {
    await simulator.setClock(WARM_UP_FROM);
    await simulator.clearRequests();
    const clock = new VirtualClock(WARM_UP_FROM, path.join(options.runDir, "daily-clock.json"));
    proxy.window = "warm-up";
    proxy.virtualAt = WARM_UP_FROM;
    daybook = await startDaybook({
      appDir: options.appDir,
      dataDir: path.join(options.runDir, "data-daily"),
      apiBaseUrl: proxy.url,
      sync: true,
      clock,
      logFile: path.join(options.runDir, "daybook-daily.log"),
    });
    const server = daybook;
    if (await waitForUpstream(proxy.activity, 0, 30_000)) {
      await waitIdle(server.pid, proxy.activity, { quietMs: 1000 });
    }
    const signedIn = await signIn(browser, server);

    const step = async (at: number) => {
      proxy.virtualAt = iso(at);
      await simulator.setClock(iso(at));
      await clock.moveTo(iso(at), server.pid);
      await waitIdle(server.pid, proxy.activity, { minWaitMs: 100, quietMs: 200 });
    };
    const dayStart = Date.parse(DAY_FROM);
    for (let at = Date.parse(WARM_UP_FROM) + STEP_MINUTES * 60_000; at <= dayStart; at += STEP_MINUTES * 60_000) {
      await step(at);
    }
    const warmUp = totals(proxy.calls);

    const counted = proxy.calls.length;
    const context = await newContext(browser, server, signedIn.storageState);
    const page = await context.newPage();
    const tracker = await NetworkTracker.attach(page);
    const failures: string[] = [];
    let unsettled = 0;
    let views = 0;
    try {
      for (let index = 0; index < STEPS_PER_DAY; index++) {
        const at = dayStart + index * STEP_MINUTES * 60_000;
        if (index > 0) {
          proxy.window = "schedule";
          await step(at);
        }
        if (index % STEPS_PER_VIEW !== 0) continue;
        proxy.window = "viewer";
        proxy.virtualAt = iso(at);
        await context.clock.setSystemTime(clock.now());
        for (const screen of REPORT_SCREENS) {
          try {
            if (!(await openScreen(page, tracker, `${server.url}${screen}`))) unsettled++;
          } catch (error) {
            failures.push(`${iso(at)} ${screen}: ${describeError(error)}`);
          }
        }
        await page.goto("about:blank");
        await waitIdle(server.pid, proxy.activity, { quietMs: 300 });
        views++;
        if (views % 6 === 0) progress(`  simulated day: ${views}/24 hours`);
      }
    } finally {
      await context.close();
    }
    proxy.window = "after";

    const day = proxy.calls.slice(counted);
    const refreshes = day.filter((call) => call.window === "viewer" && call.endpoint === "guests");
    const others = day.filter((call) => !refreshes.includes(call));

    // One copy of each report of the day, as the API answered it when Daybook first asked for it (a
    // body's size moves a little with the live isCurrentlyBanned), or as it answers at the end.
    const reference: Record<string, number> = {};
    const end = iso(clock.now());
    for (const [endpoint, apiPath] of Object.entries(API_PATHS)) {
      const first = others.find((call) => call.endpoint === endpointOf(apiPath));
      await simulator.setClock(first?.virtualAt || end);
      reference[endpoint] = (await simulator.direct(apiPath)).bytes;
    }
    const referenceBytes = Object.values(reference).reduce((sum, bytes) => sum + bytes, 0);
    const all = totals(day);
    const rest = totals(others);
    const refreshed = totals(refreshes);
    const bySource = {
      scheduler: totals(day.filter((call) => call.window === "schedule")),
      viewer: totals(day.filter((call) => call.window === "viewer")),
    };
    const common = {
      simulatedFrom: DAY_FROM,
      stepMinutes: STEP_MINUTES,
      viewerOpenings: views,
      screens: REPORT_SCREENS,
      ...(unsettled ? { screensStillFetchingAfter15s: unsettled } : {}),
      ...(failures.length ? { screenFailures: failures.slice(0, 5) } : {}),
    };
    return [
      row(DAILY_SPECS.calls, rest.calls, {
        ...common,
        note: "calls besides live refreshes (guests calls while the viewer had a screen open)",
        totalCalls: all.calls,
        liveRefreshCalls: refreshed.calls,
        byEndpoint: rest.byEndpoint,
        bySource,
        warmUpCalls: warmUp.calls,
      }),
      row(
        DAILY_SPECS.bytes,
        rest.bytes / MB,
        {
          note: "bytes besides live refreshes; target: one copy of each report of the day",
          totalMB: round(all.bytes / MB),
          liveRefreshMB: round(refreshed.bytes / MB),
          referenceBytes: reference,
        },
        atMost(round(referenceBytes / MB)),
      ),
      row(
        DAILY_SPECS.refreshes,
        refreshed.calls,
        { note: "at most one per opening of the guests screen", MB: round(refreshed.bytes / MB) },
        atMost(views),
      ),
    ];
  } finally {
    await daybook?.stop();
    await proxy.stop();
    await simulator.setClock(options.restoreClock).catch(() => undefined);
  }
}
