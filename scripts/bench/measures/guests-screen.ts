/**
 * The guests screen on the large day (about 20,000 arrivals at about 200 properties), in Chromium:
 * how soon rows are usable after a cold navigation and after a client-side one from the Overview,
 * how fast one search keystroke changes the rows, and how many bytes (HTML, RSC, JSON) each
 * navigation brings from Daybook.
 *
 * "Cold": a fresh browser context (no cache), signed in, navigating straight to /guests; the server
 * has shown the screen once before (a warm-up load), so its first-request start-up is not counted.
 */
import type { Browser, Page } from "playwright-core";

import {
  dataRows,
  daybookBytes,
  navigationBody,
  navigationWire,
  NetworkTracker,
  newContext,
  type ByKind,
  type SignedIn,
} from "../browser";
import type { Daybook } from "../daybook";
import { simulatorActivity, waitIdle } from "../idle";
import { atMost, describeError, failedRow, MB, median, round, row, spec, type Row } from "../report";
import type { Simulator } from "../simulator";

export const GUESTS_SPECS = {
  cold: spec("guests.cold-first-rows", "ms", atMost(1500)),
  client: spec("guests.client-first-rows", "ms", atMost(1000)),
  keystroke: spec("guests.search-keystroke", "ms", atMost(50)),
  coldBytes: spec("guests.cold-navigation-bytes", "MB", atMost(0.5)),
  clientBytes: spec("guests.client-navigation-bytes", "MB", atMost(0.5)),
};

const RUNS = 3;
/** At most this many keystrokes, each with a different character. */
const KEYSTROKES = 5;
const ROWS_TIMEOUT_MS = 120_000;

const TABLES = "table, [role=table], [role=grid], [role=treegrid]";
const NEW_TABLES =
  "table:not([data-bench-before]), [role=table]:not([data-bench-before]), [role=grid]:not([data-bench-before]), [role=treegrid]:not([data-bench-before])";

function bytesDetail(bytes: ByKind, upstreamCalls: number) {
  return {
    htmlBytes: bytes.html.body,
    rscBytes: bytes.rsc.body,
    apiBytes: bytes.api.body,
    wireBytes: navigationWire(bytes),
    requests: { html: bytes.html.requests, rsc: bytes.rsc.requests, api: bytes.api.requests },
    otherRoutesPrefetchBytes: bytes.otherRoutesRsc.body,
    upstreamCalls,
    counted: "decoded body bytes of /guests' HTML and RSC and of /api/ JSON (CDP Network.dataReceived)",
  };
}

export async function guestsScreenRows(
  daybook: Daybook,
  simulator: Simulator,
  browser: Browser,
  signedIn: SignedIn,
): Promise<Row[]> {
  const rows: Row[] = [];
  const activity = simulatorActivity(simulator);
  const fail = (key: keyof typeof GUESTS_SPECS, error: unknown) => rows.push(failedRow(GUESTS_SPECS[key], error));
  const upstreamSince = async (count: number) => (await simulator.requests()).length - count;

  // Warm-up: the server's first rendering of the route, the simulator's generation of the day.
  try {
    const context = await newContext(browser, daybook, signedIn.storageState);
    try {
      const page = await context.newPage();
      await page.goto(`${daybook.url}/guests`, { timeout: ROWS_TIMEOUT_MS });
      await dataRows(page).first().waitFor({ state: "visible", timeout: ROWS_TIMEOUT_MS });
    } finally {
      await context.close();
    }
    await waitIdle(daybook.pid, activity);
  } catch (error) {
    return Object.values(GUESTS_SPECS).map((of) => failedRow(of, error));
  }

  // Cold navigations.
  try {
    const times: number[] = [];
    let bytes: ByKind | null = null;
    let upstream = 0;
    for (let run = 0; run < RUNS; run++) {
      const context = await newContext(browser, daybook, signedIn.storageState);
      try {
        const page = await context.newPage();
        const tracker = await NetworkTracker.attach(page);
        const before = (await simulator.requests()).length;
        const started = performance.now();
        await page.goto(`${daybook.url}/guests`, { waitUntil: "commit", timeout: ROWS_TIMEOUT_MS });
        await dataRows(page).first().waitFor({ state: "visible", timeout: ROWS_TIMEOUT_MS });
        times.push(performance.now() - started);
        await tracker.quiet();
        bytes = daybookBytes(tracker.since(0), daybook.url, "/guests");
        upstream = await upstreamSince(before);
      } finally {
        await context.close();
      }
      await waitIdle(daybook.pid, activity);
    }
    rows.push(row(GUESTS_SPECS.cold, median(times), { runsMs: times.map(round), upstreamCalls: upstream }));
    rows.push(row(GUESTS_SPECS.coldBytes, navigationBody(bytes!) / MB, bytesDetail(bytes!, upstream)));
  } catch (error) {
    fail("cold", error);
    fail("coldBytes", error);
  }

  // Client-side navigations from the Overview, then keystrokes on the last one.
  let lastPage: { page: Page; close: () => Promise<void> } | null = null;
  try {
    const times: number[] = [];
    let bytes: ByKind | null = null;
    let upstream = 0;
    for (let run = 0; run < RUNS; run++) {
      await lastPage?.close();
      const context = await newContext(browser, daybook, signedIn.storageState);
      lastPage = { page: await context.newPage(), close: () => context.close() };
      const page = lastPage.page;
      const tracker = await NetworkTracker.attach(page);
      await page.goto(`${daybook.url}/`, { timeout: ROWS_TIMEOUT_MS });
      await tracker.quiet();
      await waitIdle(daybook.pid, activity);
      // Prefetches of /guests made while the Overview loaded belong to the navigation's bytes.
      const prefetched = tracker
        .since(0)
        .filter((fetched) => fetched.rsc && new URL(fetched.url).pathname === "/guests");
      await page.evaluate((selector) => {
        for (const table of document.querySelectorAll(selector)) table.setAttribute("data-bench-before", "");
      }, TABLES);
      const from = tracker.mark();
      const before = (await simulator.requests()).length;
      const link = page.getByRole("link", { name: "Guests", exact: true }).first();
      const started = performance.now();
      await link.click();
      await Promise.all([
        page.waitForURL((url) => url.pathname === "/guests", { timeout: ROWS_TIMEOUT_MS }),
        dataRows(page, page.locator(NEW_TABLES)).first().waitFor({ state: "visible", timeout: ROWS_TIMEOUT_MS }),
      ]);
      times.push(performance.now() - started);
      await tracker.quiet();
      bytes = daybookBytes([...prefetched, ...tracker.since(from)], daybook.url, "/guests");
      upstream = await upstreamSince(before);
      await waitIdle(daybook.pid, activity);
    }
    rows.push(
      row(GUESTS_SPECS.client, median(times), {
        runsMs: times.map(round),
        upstreamCalls: upstream,
      }),
    );
    rows.push(
      row(GUESTS_SPECS.clientBytes, navigationBody(bytes!) / MB, {
        ...bytesDetail(bytes!, upstream),
        note: "the RSC of the navigation and of the link's prefetch, plus any JSON the screen fetched",
      }),
    );
  } catch (error) {
    fail("client", error);
    fail("clientBytes", error);
  }

  try {
    if (!lastPage) {
      const context = await newContext(browser, daybook, signedIn.storageState);
      lastPage = { page: await context.newPage(), close: () => context.close() };
    }
    const page = lastPage.page;
    if (new URL(page.url(), daybook.url).pathname !== "/guests") {
      await page.goto(`${daybook.url}/guests`, { timeout: ROWS_TIMEOUT_MS });
      await dataRows(page).first().waitFor({ state: "visible", timeout: ROWS_TIMEOUT_MS });
    }
    await waitIdle(daybook.pid, activity);
    rows.push(await keystrokeRow(page));
  } catch (error) {
    fail("keystroke", error);
  } finally {
    await lastPage?.close();
  }
  return rows;
}

interface KeyProbe {
  t0: number | null;
  t1: number | null;
}

/**
 * Installed in the page before each keystroke (a string: the bench's TypeScript is compiled with
 * helpers a page does not have). The row set's signature is the number of data rows and the text of
 * the first five; t0 is the keydown, t1 the first DOM change after it that alters the signature.
 */
const SIGNATURE = `function () {
  const cells = "td, [role=cell], [role=gridcell], [role=rowheader], th[scope=row]";
  const rows = Array.from(document.querySelectorAll("tr, [role=row]")).filter((r) => r.querySelector(cells));
  return rows.length + "|" + rows.slice(0, 5).map((r) => r.textContent).join("|");
}`;

const KEY_PROBE = `(() => {
  const signature = ${SIGNATURE};
  const probe = { t0: null, t1: null };
  const before = signature();
  window.__benchKey = probe;
  // Event timestamps: the page's high-resolution clock, which Playwright's page clock leaves alone.
  document.addEventListener("keydown", (event) => { probe.t0 = event.timeStamp; }, { capture: true, once: true });
  const observer = new MutationObserver(() => {
    if (probe.t0 === null || probe.t1 !== null) return;
    if (signature() !== before) {
      probe.t1 = new Event("bench").timeStamp;
      observer.disconnect();
    }
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
})()`;

/**
 * Types one character in the search box of a settled guests screen and times, in the page, from
 * the keydown to the DOM change that alters the row set.
 */
async function keystrokeRow(page: Page): Promise<Row> {
  const search = page.getByRole("searchbox").first();
  await search.waitFor({ state: "visible" });
  const firstRow = ((await dataRows(page).first().textContent()) ?? "").toLowerCase();
  // Characters the first row lacks, and the e-mail domains too, so that the row leaves the set; a
  // different one each time, so that no stroke finds the previous one's answer in a cache.
  const candidates = [..."qzjxkvwyfbhgpumcdlsrnoitae0123456789"];
  const characters = candidates.filter((c) => !`${firstRow}example.com.net.org`.includes(c));
  // Distinct ones only, unless fewer than three are left (a cache may answer a repeat).
  while (characters.length < 3) characters.push(...candidates);
  const unfiltered = (await page.evaluate(`(${SIGNATURE})()`)) as string;
  const times: number[] = [];
  const problems: string[] = [];
  for (const character of characters.slice(0, KEYSTROKES)) {
    await page.evaluate(KEY_PROBE);
    await search.press(character);
    try {
      await page.waitForFunction(() => (window as unknown as { __benchKey: KeyProbe }).__benchKey.t1 !== null, null, {
        timeout: 10_000,
      });
      const probe = await page.evaluate(() => (window as unknown as { __benchKey: KeyProbe }).__benchKey);
      times.push(probe.t1! - probe.t0!);
    } catch (error) {
      problems.push(`${character}: ${describeError(error)}`);
    }
    // Back to every row before the next stroke.
    await search.fill("");
    await page.waitForFunction(`(${SIGNATURE})() === ${JSON.stringify(unfiltered)}`, null, { timeout: 30_000 });
    await page.waitForTimeout(200);
  }
  if (times.length === 0) throw new Error(`no keystroke changed the rows: ${problems[0] ?? ""}`);
  return row(GUESTS_SPECS.keystroke, median(times), {
    characters: characters.slice(0, KEYSTROKES).join(""),
    strokesMs: times.map(round),
    ...(problems.length ? { problems } : {}),
  });
}
