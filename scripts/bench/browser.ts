/**
 * Chromium (Debian's, at /usr/bin/chromium) through Playwright's library: signing in, opening
 * screens until they have settled, and what a page fetched.
 *
 * Every context gets Playwright's page clock set to Daybook's virtual clock: the screens compare
 * the server's "loaded at" with the browser's own time (a report older than five minutes is
 * fetched again), so the browser must agree with the server as it would in real use.
 */
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";

import { CHROMIUM_ARGS, CHROMIUM_PATH } from "@/e2e/support/chromium";

import { ADMIN, SetupError, type Account, type Daybook } from "./daybook";
import { sleep } from "./processes";

export const CHROMIUM = CHROMIUM_PATH;

export async function launchBrowser(): Promise<Browser> {
  try {
    return await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    });
  } catch (error) {
    throw new SetupError(`Chromium (${CHROMIUM}) could not be launched: ${String(error)}`);
  }
}

export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

export async function newContext(browser: Browser, daybook: Daybook, storageState?: StorageState) {
  const context = await browser.newContext({ storageState, viewport: { width: 1440, height: 900 } });
  await context.clock.install({ time: daybook.clock.now() });
  return context;
}

export interface SignedIn {
  storageState: StorageState;
  /** For plain HTTP requests: the sign-in cookie as a Cookie header. */
  cookieHeader: string;
}

/**
 * Where signing in lands: a screen that reads only Daybook's database, so that signing in asks
 * nothing of the Partner API and leaves no report in a server-side cache before a measurement.
 */
const LANDING = "/admin/users";

/** Signs the first admin (or `account`) in through the sign-in form, as a person would. */
export async function signIn(browser: Browser, daybook: Daybook, account: Account = ADMIN): Promise<SignedIn> {
  const context = await newContext(browser, daybook);
  try {
    const page = await context.newPage();
    // Signed out, the proxy sends this to the sign-in form, which comes back here afterwards.
    await page.goto(`${daybook.url}${LANDING}`);
    await page.getByLabel("E-mail").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"), { timeout: 60_000 });
    await page.waitForLoadState("load");
    const storageState = await context.storageState();
    const host = new URL(daybook.url).hostname;
    const cookieHeader = storageState.cookies
      .filter((cookie) => cookie.domain.replace(/^\./, "") === host)
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join("; ");
    if (!cookieHeader) throw new Error("no cookie after signing in");
    return { storageState, cookieHeader };
  } catch (error) {
    throw new SetupError(`signing in as ${account.email} failed: ${String(error)}`);
  } finally {
    await context.close();
  }
}

/** One request of a page, as Chromium's network layer (CDP) saw it. */
export interface Fetched {
  url: string;
  /** CDP's resource type: Document, Fetch, Script, … */
  type: string;
  /** An RSC request of Next's router (navigation or prefetch). */
  rsc: boolean;
  done: boolean;
  failed: boolean;
  /** Decoded body bytes received, counted as they arrive: also for a stream the page aborted. */
  bodyBytes: number;
  /** Bytes on the wire for the whole response, headers included (0 until it finished). */
  wireBytes: number;
}

/**
 * The page's requests, from Chromium's network events over a DevTools protocol connection of its
 * own. Response bodies are not kept (Chromium drops large ones from its buffer); their sizes are
 * summed from `Network.dataReceived` as they arrive.
 */
export class NetworkTracker {
  private readonly byId = new Map<string, Fetched>();
  private lastChange = performance.now();
  /** Every request, in the order they started. */
  readonly requests: Fetched[] = [];

  static async attach(page: Page): Promise<NetworkTracker> {
    const tracker = new NetworkTracker();
    const cdp = await page.context().newCDPSession(page);
    cdp.on("Network.requestWillBeSent", (event) => {
      if (!/^https?:/.test(event.request.url)) return;
      // A redirect keeps its request id: the same request goes on.
      const existing = event.redirectResponse ? tracker.byId.get(event.requestId) : undefined;
      if (existing) {
        existing.url = event.request.url;
      } else {
        // A document load ends the previous page: what it left open is abandoned (Chromium does not
        // always report the cancellation of a request the old page never got to send).
        if (event.type === "Document" && event.requestId === event.loaderId) tracker.abandonOpen();
        const headers = Object.fromEntries(Object.entries(event.request.headers).map(([k, v]) => [k.toLowerCase(), v]));
        const fetched: Fetched = {
          url: event.request.url,
          type: event.type ?? "Other",
          rsc: headers["rsc"] === "1" || new URL(event.request.url).searchParams.has("_rsc"),
          done: false,
          failed: false,
          bodyBytes: 0,
          wireBytes: 0,
        };
        tracker.byId.set(event.requestId, fetched);
        tracker.requests.push(fetched);
      }
      tracker.lastChange = performance.now();
    });
    cdp.on("Network.dataReceived", (event) => {
      const fetched = tracker.byId.get(event.requestId);
      if (fetched) fetched.bodyBytes += event.dataLength;
      tracker.lastChange = performance.now();
    });
    cdp.on("Network.loadingFinished", (event) => {
      const fetched = tracker.byId.get(event.requestId);
      if (fetched) Object.assign(fetched, { done: true, wireBytes: event.encodedDataLength });
      tracker.lastChange = performance.now();
    });
    cdp.on("Network.loadingFailed", (event) => {
      const fetched = tracker.byId.get(event.requestId);
      if (fetched) Object.assign(fetched, { done: true, failed: true });
      tracker.lastChange = performance.now();
    });
    // Chromium does not always report the end of a request the page cancelled; Playwright does.
    const ended = (request: { url(): string }) => {
      const fetched = tracker.requests.find((candidate) => !candidate.done && candidate.url === request.url());
      if (fetched) Object.assign(fetched, { done: true });
      tracker.lastChange = performance.now();
    };
    page.on("requestfinished", ended);
    page.on("requestfailed", ended);
    await cdp.send("Network.enable");
    return tracker;
  }

  private abandonOpen(): void {
    for (const fetched of this.requests) {
      if (!fetched.done) Object.assign(fetched, { done: true, failed: true });
    }
  }

  /** Resolves once nothing has been in flight for `quietMs` (or after `timeoutMs`, whatever is open). */
  async quiet(quietMs = 300, timeoutMs = 60_000): Promise<boolean> {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      // "Other" is the browser's own loading (the favicon), which Chromium may never report as ended.
      const open = this.requests.some((fetched) => !fetched.done && fetched.type !== "Other");
      if (!open && performance.now() - this.lastChange >= quietMs) return true;
      await sleep(25);
    }
    return false;
  }

  /** A position in `requests`, for `since`. */
  mark(): number {
    return this.requests.length;
  }

  since(mark: number): Fetched[] {
    return this.requests.slice(mark);
  }
}

/**
 * Opens a screen and waits until its page has stopped fetching; false when it still had a request
 * open after `settleMs`.
 */
export async function openScreen(page: Page, tracker: NetworkTracker, url: string, settleMs = 15_000) {
  await page.goto(url, { waitUntil: "load", timeout: 120_000 });
  return tracker.quiet(200, settleMs);
}

/** Cells of a data row, whether the table is made of <td> or of ARIA roles. */
const CELL = "td, [role=cell], [role=gridcell], [role=rowheader], th[scope=row]";

/** Rows holding data (not the header row) of the tables within `scope`. */
export function dataRows(page: Page, scope: Locator | Page = page): Locator {
  return scope.getByRole("row").filter({ has: page.locator(CELL) });
}

export interface Bytes {
  /** Decoded body bytes. */
  body: number;
  /** Bytes on the wire, headers included. */
  wire: number;
  requests: number;
}

export type Kind = "html" | "rsc" | "api" | "otherRoutesRsc" | "other";
export type ByKind = Record<Kind, Bytes>;

/**
 * What a navigation to `route` brought from Daybook itself, static files (/_next/static) apart:
 * the route's HTML and RSC, JSON from /api/, RSC of other routes (link prefetches) and the rest.
 */
export function daybookBytes(requests: readonly Fetched[], daybookUrl: string, route: string): ByKind {
  const origin = new URL(daybookUrl).origin;
  const empty = (): Bytes => ({ body: 0, wire: 0, requests: 0 });
  const byKind: ByKind = { html: empty(), rsc: empty(), api: empty(), otherRoutesRsc: empty(), other: empty() };
  for (const fetched of requests) {
    const url = new URL(fetched.url);
    if (url.origin !== origin || url.pathname.startsWith("/_next/static/")) continue;
    const kind: Kind = fetched.rsc
      ? url.pathname === route
        ? "rsc"
        : "otherRoutesRsc"
      : fetched.type === "Document"
        ? "html"
        : url.pathname.startsWith("/api/")
          ? "api"
          : "other";
    byKind[kind].body += fetched.bodyBytes;
    byKind[kind].wire += fetched.wireBytes;
    byKind[kind].requests += 1;
  }
  return byKind;
}

/** The navigation's own bytes: the route's HTML and RSC, and the JSON it fetched. */
export const navigationBody = (bytes: ByKind) => bytes.html.body + bytes.rsc.body + bytes.api.body;
export const navigationWire = (bytes: ByKind) => bytes.html.wire + bytes.rsc.wire + bytes.api.wire;
