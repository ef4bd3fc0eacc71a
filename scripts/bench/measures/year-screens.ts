/**
 * The `year.` rows measured on Daybook's server over the seeded year: each history screen over plain
 * HTTP (the Overview's LCP in Chromium), one after the other, and the server's memory meanwhile.
 */
import type { Browser } from "playwright-core";

import { RANGES } from "@/lib/core/days";

import { signIn } from "../browser";
import type { Daybook } from "../daybook";
import { simulatorActivity, waitIdle } from "../idle";
import { residentBytes, sampleResident } from "../processes";
import { failedRow, MB, median, MiB, progress, round, row, type Row, type Spec } from "../report";
import type { Simulator } from "../simulator";
import type { YearState } from "../year-plan";
import { figures, loadDetail, loadMany, LOADS, type Loads, type Section } from "./year-http";
import { overviewLcp, type Lcp } from "./year-lcp";
import { guestsDayBack, INVESTIGATIONS, PROPERTY_RANGES, YEAR_SPECS, type PropertyRange } from "./year-specs";

const COVERAGE: Section = { name: "coverage", testId: "coverage-trend" };
const UNUSUAL: Section = { name: "unusual", testId: "unusual-days" };

export async function serverRows(options: {
  daybook: Daybook;
  simulator: Simulator;
  browser: () => Promise<Browser>;
  state: YearState;
  selected: (name: string) => boolean;
  scope: Record<string, unknown>;
}): Promise<Row[]> {
  const { daybook, simulator, state, selected, scope } = options;
  const rows: Row[] = [];
  const activity = simulatorActivity(simulator);
  const waited = await waitIdle(daybook.pid, activity, { timeoutMs: 600_000 });
  progress(`  the server settled ${(waited / 1000).toFixed(1)} s after it answered (start-up housekeeping)`);
  const signedIn = await signIn(await options.browser(), daybook);
  const cookie = signedIn.cookieHeader;
  const url = (route: string) => `${daybook.url}${route}`;
  const upstreamBefore = (await simulator.requests()).length;
  const rssBefore = residentBytes(daybook.pid);
  const sampler = sampleResident(daybook.pid, 100);
  /** The highest RSS sample while each row's loads ran, by its first row's name. */
  const peaksMiB: Record<string, number> = {};
  const measure = async (specs: Spec[], body: () => Promise<Row[]>) => {
    if (!specs.some((of) => selected(of.name))) return;
    sampler.peakSinceLast();
    try {
      rows.push(...(await body()));
    } catch (error) {
      rows.push(...specs.map((of) => failedRow(of, error)));
    }
    await waitIdle(daybook.pid, activity, { timeoutMs: 300_000 }).catch(() => undefined);
    peaksMiB[specs[0]!.name] = round(sampler.peakSinceLast() / MiB);
  };
  const withScope = (detail: Record<string, unknown>) => ({ ...detail, ...scope });

  await measure([YEAR_SPECS.overviewTtfb], async () => {
    const measured = await loadMany(url("/"), cookie);
    const detail = loadDetail(measured, "/");
    return [row(YEAR_SPECS.overviewTtfb, detail.ttfbMs.p50, withScope(detail))];
  });

  await measure([YEAR_SPECS.overviewLcp], async () => {
    const browser = await options.browser();
    const warmUp = await overviewLcp(browser, daybook, signedIn);
    const loads: Lcp[] = [];
    for (let i = 0; i < LOADS; i++) loads.push(await overviewLcp(browser, daybook, signedIn));
    const times = loads.map((load) => load.ms);
    return [
      row(
        YEAR_SPECS.overviewLcp,
        median(times),
        withScope({
          route: "/",
          loads: LOADS,
          lcpMs: { ...figures(times), runs: times.map(round) },
          warmUpMs: round(warmUp.ms),
          element: loads.at(-1)!.element,
          how: "a fresh browser context each load; the last largest-contentful-paint entry once the page stopped fetching",
        }),
      ),
    ];
  });

  // The Properties screen at each range, its screening-coverage and unusual-days sections timed in its stream.
  const propertySections = new Map<PropertyRange, Loads>();
  for (const range of PROPERTY_RANGES) {
    const first = YEAR_SPECS[`properties${range}First`];
    const settled = YEAR_SPECS[`properties${range}Settled`];
    const sectionsWanted =
      range === 30 && (selected(YEAR_SPECS.screeningCoverage.name) || selected(YEAR_SPECS.unusualDays.name));
    if (!selected(first.name) && !selected(settled.name) && !sectionsWanted) continue;
    await measure([first, settled], async () => {
      const route = `/properties?range=${range}`;
      const measured = await loadMany(url(route), cookie, [COVERAGE, UNUSUAL]);
      propertySections.set(range, measured);
      const detail = {
        ...loadDetail(measured, route),
        // Daybook offers these ranges; another is served as its default range.
        rangeOffered: (RANGES as readonly number[]).includes(range),
        sectionsMs: {
          screeningCoverage: figures(measured.loads.map((load) => load.sections.coverage ?? NaN)),
          unusualDays: figures(measured.loads.map((load) => load.sections.unusual ?? NaN)),
        },
      };
      return [
        row(first, detail.ttfbMs.p50, withScope(detail)),
        row(settled, detail.totalMs.p50, withScope({ ...detail, bodyMB: round(detail.bodyBytes / MB) })),
      ].filter((produced) => selected(produced.name));
    });
  }

  // The two insight sections of the Properties screen at its default range (30 days), from those loads.
  for (const [of, section] of [
    [YEAR_SPECS.screeningCoverage, COVERAGE],
    [YEAR_SPECS.unusualDays, UNUSUAL],
  ] as const) {
    if (!selected(of.name)) continue;
    const measured = propertySections.get(30);
    if (!measured) {
      rows.push(failedRow(of, "the Properties screen's loads failed"));
      continue;
    }
    const times = measured.loads.map((load) => load.sections[section.name]);
    if (times.some((time) => time === null)) {
      rows.push(failedRow(of, `no data-testid="${section.testId}" in /properties' stream`));
      continue;
    }
    const byRange = Object.fromEntries(
      [...propertySections].map(([range, loads]) => [
        `range${range}`,
        figures(loads.loads.map((load) => load.sections[section.name] ?? NaN)),
      ]),
    );
    rows.push(
      row(
        of,
        median(times as number[]),
        withScope({
          route: "/properties?range=30 (the screen's default range)",
          loads: times.length,
          ms: figures(times as number[]),
          byRange,
          how: "time from the request to the arrival of the section's content in the page's HTML stream (its Suspense boundary's segment)",
        }),
      ),
    );
  }

  const { back, route: guestsRoute } = guestsDayBack(state);
  const simpleScreens: [Spec, string, Record<string, unknown>][] = [
    [YEAR_SPECS.guestsBack, guestsRoute, { daysBack: back }],
    [YEAR_SPECS.criminalArrivals, "/criminal-arrivals", { day: "yesterday (the default)" }],
    [YEAR_SPECS.bannedAfterStay, "/insights/banned-after-stay", {}],
    ...INVESTIGATIONS.map((screen): [Spec, string, Record<string, unknown>] => [
      YEAR_SPECS[`investigation-${screen}`],
      `/investigations/${screen}?window=365`,
      { window: 365 },
    ]),
  ];
  for (const [of, route, extra] of simpleScreens) {
    await measure([of], async () => {
      const measured = await loadMany(url(route), cookie);
      const detail = loadDetail(measured, route);
      // The screen's rows come in its HTML (the first screenful of a guests day, every row of the others).
      const rowsInHtml = measured.loads.at(-1)!.text.split('role="row"').length - 1;
      if (of === YEAR_SPECS.guestsBack && rowsInHtml < 2) throw new Error(`${route} brought no data row`);
      return [row(of, detail.totalMs.p50, withScope({ ...detail, ...extra, rowsInHtml, value: "HTTP total time" }))];
    });
  }

  await measure([YEAR_SPECS.reviewQueue, YEAR_SPECS.reviewQueueBytes], async () => {
    const measured = await loadMany(url("/review"), cookie);
    const detail = loadDetail(measured, "/review");
    return [
      row(YEAR_SPECS.reviewQueue, detail.totalMs.p50, withScope({ ...detail, value: "HTTP total time" })),
      row(YEAR_SPECS.reviewQueueBytes, detail.bodyBytes / MB, withScope({ ...detail, value: "decoded HTML body" })),
    ].filter((produced) => selected(produced.name));
  });

  const { peak, last, samples } = sampler.stop();
  const upstreamCalls = (await simulator.requests()).length - upstreamBefore;
  if (selected(YEAR_SPECS.rssPeak.name)) {
    rows.push(
      row(
        YEAR_SPECS.rssPeak,
        peak / MiB,
        withScope({
          during: "every screen row above (sampled every 100 ms)",
          samples,
          beforeMiB: rssBefore === null ? null : round(rssBefore / MiB),
          lastMiB: round(last / MiB),
          peakMiBByRow: peaksMiB,
        }),
      ),
    );
  }
  // Daybook should have asked the API nothing: its scheduler is off and yesterday is stored.
  for (const produced of rows) if (produced.detail) produced.detail.upstreamCallsDuringScreens = upstreamCalls;
  return rows;
}
