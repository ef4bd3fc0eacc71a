/**
 * The Properties screen on the demo's history (10 properties, 30 stored days, filled as `npm run
 * demo` fills it), in Chromium, signed in as the demo's admin (every property): how soon its first
 * figures show and when every section has loaded, at 30 days (its default range) and at 90
 * (`?range=90`, where its range switch leads).
 *
 * Each load is a fresh browser context (no cache) on a server that has shown the screen once before
 * at that range (a warm-up load), so its first-request start-up is not counted. Times are taken in
 * the page, from its navigation start (the time origin of its performance timeline): a mutation
 * observer installed before the document notes when each thing is first in the rendered document
 * (not in a hidden Suspense segment still waiting to be put in place), just before its paint.
 */
import type { Browser, Page } from "playwright-core";

import { daybookBytes, NetworkTracker, newContext, type SignedIn } from "../browser";
import type { Daybook } from "../daybook";
import { simulatorActivity, waitIdle } from "../idle";
import { atMost, median, percentile, round, row, spec, type Row } from "../report";
import type { Simulator } from "../simulator";

export const PROPERTIES_SPECS = {
  first30: spec("properties.first-30d", "s", atMost(1)),
  settled30: spec("properties.settled-30d", "s", atMost(1.5)),
  first90: spec("properties.first-90d", "s", atMost(1)),
  settled90: spec("properties.settled-90d", "s", atMost(1.5)),
};

const RANGES = [30, 90] as const;
type Range = (typeof RANGES)[number];
const SAMPLES = 5;
const LOAD_TIMEOUT_MS = 60_000;
/** How long nothing may have been fetched before a load counts as settled. */
const QUIET_MS = 500;
const ROUTE = "/properties";

/**
 * The first figures of the screen: the values of the side-by-side section's headline figures (the
 * group's scans and rates for the compared day), its first section with numbers.
 */
const FIRST_FIGURES = '[data-testid="side-by-side"] [data-testid="headline"] dd';
/** The sections, by their `data-testid`. */
const SECTIONS = ["side-by-side", "unusual-days", "trends", "coverage-trend", "acknowledgement", "sign-off"];
/** What stands where something is still loading: every skeleton, and a chart's box while recharts loads. */
const PLACEHOLDERS = "main .animate-pulse";

interface Probe {
  first: number | null;
  firstText: string | null;
  /** Placeholders shown at the last change of the document. */
  placeholders: number;
  /** When the last one went, null while one is shown. */
  placeholdersGoneAt: number | null;
  sections: Record<string, number>;
  /** The trends section's heading, and when it first read `headingWanted`. */
  headingWanted: string | null;
  headingAt: number | null;
  clickAt: number | null;
}

/**
 * Installed before the document (a string: the bench's TypeScript is compiled with helpers a page
 * does not have). Times are event time stamps: the page's own high-resolution clock from its
 * navigation start, which Playwright's page clock (installed on every context) leaves alone.
 */
const PROBE = `(() => {
  const FIRST = ${JSON.stringify(FIRST_FIGURES)};
  const SECTIONS = ${JSON.stringify(SECTIONS)};
  const PLACEHOLDERS = ${JSON.stringify(PLACEHOLDERS)};
  const now = () => new Event("bench").timeStamp;
  // Outside React's hidden segments (a Suspense boundary's content before it is put in place), asked
  // without a layout: the probe must not make the page lay itself out at every change.
  const shown = (element) => element.closest("[hidden]") === null;
  const probe = {
    first: null, firstText: null, placeholders: 0, placeholdersGoneAt: null, sections: {},
    headingWanted: null, headingAt: null, clickAt: null,
  };
  window.__benchProperties = probe;
  const check = () => {
    const t = now();
    if (probe.first === null) {
      const figure = Array.from(document.querySelectorAll(FIRST)).find(shown);
      if (figure && figure.textContent.trim() !== "") {
        probe.first = t;
        probe.firstText = figure.textContent.replace(/\\s+/g, " ").trim().slice(0, 80);
      }
    }
    for (const id of SECTIONS) {
      if (id in probe.sections) continue;
      const section = document.querySelector('[data-testid="' + id + '"]');
      if (section && shown(section)) probe.sections[id] = t;
    }
    if (probe.headingWanted !== null && probe.headingAt === null) {
      const heading = document.querySelector('[data-testid="trends"] h2');
      if (heading && shown(heading) && heading.textContent.includes(probe.headingWanted)) probe.headingAt = t;
    }
    const count = Array.from(document.querySelectorAll(PLACEHOLDERS)).filter(shown).length;
    if (count > 0) probe.placeholdersGoneAt = null;
    else if (probe.placeholdersGoneAt === null) probe.placeholdersGoneAt = t;
    probe.placeholders = count;
  };
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["hidden", "class", "style"],
  });
  document.addEventListener("click", (event) => { probe.clickAt = event.timeStamp; }, { capture: true });
  // Through an observer: Playwright's page clock replaces \`performance\`, and its entries with it.
  // Kept as they are, not copied: the navigation's entry comes before its document has ended.
  const entries = [];
  window.__benchEntries = entries;
  for (const type of ["navigation", "resource", "paint"]) {
    new PerformanceObserver((list) => { entries.push(...list.getEntries()); }).observe({ type, buffered: true });
  }
})()`;

/** When the page last received something of its own: the document's end and every later fetch's. */
interface NetworkTimes {
  ttfb: number;
  /** First contentful paint: the page's header, or the skeleton. */
  fcp: number | null;
  documentEnd: number;
  /** The latest end of a resource the screen fetched, other routes' link prefetches apart. */
  lastEnd: number;
  prefetchesLeftOut: number;
}

/** Read in the page once it has settled; `since`: only resources started after it. */
const networkTimes = (page: Page, since = 0) =>
  page.evaluate(
    ({ since, route }): NetworkTimes => {
      type Entry = { entryType: string; name: string; startTime: number; responseStart: number; responseEnd: number };
      const entries = (window as unknown as { __benchEntries: Entry[] }).__benchEntries;
      const navigation = entries.find((entry) => entry.entryType === "navigation");
      if (!navigation) throw new Error("Chromium reported no navigation timing");
      let lastEnd = navigation.responseEnd;
      let prefetchesLeftOut = 0;
      for (const entry of entries.filter((candidate) => candidate.entryType === "resource")) {
        if (entry.startTime < since) continue;
        const url = new URL(entry.name, location.href);
        if (url.origin === location.origin && url.searchParams.has("_rsc") && url.pathname !== route) {
          prefetchesLeftOut += 1;
          continue;
        }
        lastEnd = Math.max(lastEnd, entry.responseEnd);
      }
      const fcp = entries.find((entry) => entry.name === "first-contentful-paint")?.startTime ?? null;
      return { ttfb: navigation.responseStart, fcp, documentEnd: navigation.responseEnd, lastEnd, prefetchesLeftOut };
    },
    { since, route: ROUTE },
  );

type ProbeWindow = { __benchProperties: Probe };

const readProbe = (page: Page) => page.evaluate(() => (window as unknown as ProbeWindow).__benchProperties);

/**
 * Until the document shows no placeholder, with the probe's `ready` noted too, and nothing has been
 * fetched for QUIET_MS. (Predicates as functions: the page's CSP refuses a string to evaluate.)
 */
async function settle(page: Page, tracker: NetworkTracker, ready: "first" | "headingAt"): Promise<void> {
  const options = { timeout: LOAD_TIMEOUT_MS, polling: 50 };
  await page.waitForFunction(
    (key) => {
      const probe = (window as unknown as ProbeWindow).__benchProperties;
      return probe.placeholders === 0 && probe.placeholdersGoneAt !== null && probe[key] !== null;
    },
    ready,
    options,
  );
  if (!(await tracker.quiet(QUIET_MS, LOAD_TIMEOUT_MS))) throw new Error("the page was still fetching after 60 s");
  // A placeholder may have come back with a late chunk: wait for it to go again.
  await page.waitForFunction(
    () => (window as unknown as ProbeWindow).__benchProperties.placeholders === 0,
    null,
    options,
  );
}

interface Sample {
  firstS: number;
  settledS: number;
  firstText: string | null;
  ttfbS: number;
  fcpS: number | null;
  documentEndS: number;
  placeholdersGoneS: number;
  lastFetchEndS: number;
  sectionsS: Record<string, number>;
  sectionErrors: number;
  trendsHeading: string | null;
  /** The document's decoded body, its inline RSC payload included. */
  htmlBytes: number;
  /** What the screen offers: the stored days in its day choice, the properties side by side. */
  storedDays: number;
  properties: number;
}

const seconds = (ms: number) => round(ms / 1000);

/** One cold load of the screen at `range`, until every section has loaded. */
async function loadOnce(browser: Browser, daybook: Daybook, signedIn: SignedIn, range: Range): Promise<Sample> {
  const context = await newContext(browser, daybook, signedIn.storageState);
  try {
    const page = await context.newPage();
    await page.addInitScript(PROBE);
    const tracker = await NetworkTracker.attach(page);
    await page.goto(`${daybook.url}${urlFor(range)}`, { waitUntil: "commit", timeout: LOAD_TIMEOUT_MS });
    await settle(page, tracker, "first");
    const probe = await readProbe(page);
    const network = await networkTimes(page);
    const sections = Object.values(probe.sections);
    const settledMs = Math.max(probe.first!, probe.placeholdersGoneAt ?? 0, network.lastEnd, ...sections);
    const bytes = daybookBytes(tracker.since(0), daybook.url, ROUTE);
    return {
      firstS: seconds(probe.first!),
      settledS: seconds(settledMs),
      firstText: probe.firstText,
      ttfbS: seconds(network.ttfb),
      fcpS: network.fcp === null ? null : seconds(network.fcp),
      documentEndS: seconds(network.documentEnd),
      placeholdersGoneS: seconds(probe.placeholdersGoneAt ?? 0),
      lastFetchEndS: seconds(network.lastEnd),
      sectionsS: Object.fromEntries(Object.entries(probe.sections).map(([id, ms]) => [id, seconds(ms)])),
      sectionErrors: await page.locator('[data-testid="section-error"]').count(),
      trendsHeading: await page
        .locator('[data-testid="trends"] h2')
        .textContent()
        .catch(() => null),
      htmlBytes: bytes.html.body,
      storedDays: await page.locator("#comparison-day option", { hasText: "(stored)" }).count(),
      properties: await page.locator('[data-testid="side-by-side"] tbody tr').count(),
    };
  } finally {
    await context.close();
  }
}

/** From a settled 30-day screen, the range switch's "90 days": until every section has loaded again. */
async function switchOnce(browser: Browser, daybook: Daybook, signedIn: SignedIn, simulator: Simulator) {
  const context = await newContext(browser, daybook, signedIn.storageState);
  try {
    const page = await context.newPage();
    await page.addInitScript(PROBE);
    const tracker = await NetworkTracker.attach(page);
    await page.goto(`${daybook.url}${urlFor(30)}`, { waitUntil: "commit", timeout: LOAD_TIMEOUT_MS });
    await settle(page, tracker, "first");
    await waitIdle(daybook.pid, simulatorActivity(simulator));
    await page.evaluate(() => {
      const probe = (window as unknown as ProbeWindow).__benchProperties;
      probe.headingWanted = "90 days";
      probe.clickAt = null;
    });
    await page.getByTestId("range-switch").getByRole("link", { name: "90 days" }).click();
    await page.waitForURL((url) => url.searchParams.get("range") === "90", { timeout: LOAD_TIMEOUT_MS });
    await settle(page, tracker, "headingAt");
    const probe = await readProbe(page);
    const network = await networkTimes(page, probe.clickAt!);
    const settledMs = Math.max(probe.headingAt!, probe.placeholdersGoneAt ?? 0, network.lastEnd);
    return seconds(settledMs - probe.clickAt!);
  } finally {
    await context.close();
  }
}

const urlFor = (range: Range) => (range === 30 ? ROUTE : `${ROUTE}?range=${range}`);

/** Medians of each section's time, over the samples. */
function sectionMedians(samples: readonly Sample[]): Record<string, number> {
  const ids = [...new Set(samples.flatMap((sample) => Object.keys(sample.sectionsS)))];
  return Object.fromEntries(
    ids.map((id) => [id, median(samples.map((sample) => sample.sectionsS[id]).filter((s) => s !== undefined))]),
  );
}

export async function propertiesRows(
  daybook: Daybook,
  simulator: Simulator,
  browser: Browser,
  signedIn: SignedIn,
  selected: (name: string) => boolean,
): Promise<Row[]> {
  const rows: Row[] = [];
  const activity = simulatorActivity(simulator);
  for (const range of RANGES) {
    const [firstSpec, settledSpec] =
      range === 30
        ? [PROPERTIES_SPECS.first30, PROPERTIES_SPECS.settled30]
        : [PROPERTIES_SPECS.first90, PROPERTIES_SPECS.settled90];
    if (!selected(firstSpec.name) && !selected(settledSpec.name)) continue;
    const warmUp = await loadOnce(browser, daybook, signedIn, range);
    await waitIdle(daybook.pid, activity);
    const samples: Sample[] = [];
    for (let run = 0; run < SAMPLES; run++) {
      samples.push(await loadOnce(browser, daybook, signedIn, range));
      await waitIdle(daybook.pid, activity);
    }
    const firsts = samples.map((sample) => sample.firstS);
    const settleds = samples.map((sample) => sample.settledS);
    const common = {
      url: urlFor(range),
      ttfbS: median(samples.map((sample) => sample.ttfbS)),
      fcpS: median(samples.flatMap((sample) => (sample.fcpS === null ? [] : [sample.fcpS]))),
      documentEndS: median(samples.map((sample) => sample.documentEndS)),
      sectionsS: sectionMedians(samples),
      sectionErrors: Math.max(...samples.map((sample) => sample.sectionErrors)),
      trendsHeading: samples[0]!.trendsHeading,
      storedDays: samples[0]!.storedDays,
      propertiesSideBySide: samples[0]!.properties,
      htmlBytes: median(samples.map((sample) => sample.htmlBytes)),
    };
    rows.push(
      row(firstSpec, median(firsts), {
        p90: percentile(firsts, 90),
        samples: firsts,
        warmUpS: warmUp.firstS,
        element: `${FIRST_FIGURES}: the side-by-side section's headline figures, first in the rendered document`,
        firstText: samples[0]!.firstText,
        ...common,
      }),
    );
    const switches: number[] = [];
    if (range === 90 && selected(settledSpec.name)) {
      for (let run = 0; run < 3; run++) {
        switches.push(await switchOnce(browser, daybook, signedIn, simulator));
        await waitIdle(daybook.pid, activity);
      }
    }
    rows.push(
      row(settledSpec, median(settleds), {
        p90: percentile(settleds, 90),
        samples: settleds,
        warmUpS: warmUp.settledS,
        settledWhen:
          "the latest of: the first figures, the last placeholder (skeleton, a chart's box while recharts loads) gone from main, the end of the last fetch (the document's stream included, other routes' link prefetches apart); then 500 ms without a fetch",
        placeholdersGoneS: median(samples.map((sample) => sample.placeholdersGoneS)),
        lastFetchEndS: median(samples.map((sample) => sample.lastFetchEndS)),
        ...common,
        ...(switches.length
          ? {
              switchFrom30S: {
                p50: median(switches),
                samples: switches,
                how: "a settled 30-day screen, its range switch's 90 days clicked: from the click until the trends heading reads 90 days, no placeholder is left and the last fetch has ended",
              },
            }
          : {}),
      }),
    );
  }
  return rows;
}
