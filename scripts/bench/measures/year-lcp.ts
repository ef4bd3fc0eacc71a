/** The Overview's largest contentful paint, in Chromium, for `year.overview-lcp`. */
import type { Browser } from "playwright-core";

import { NetworkTracker, newContext, type SignedIn } from "../browser";
import type { Daybook } from "../daybook";
import { LOAD_TIMEOUT_MS } from "./year-http";

export interface Lcp {
  ms: number;
  element: { tag: string; id: string; className: string; text: string; url: string; size: number } | null;
}

export async function overviewLcp(browser: Browser, daybook: Daybook, signedIn: SignedIn): Promise<Lcp> {
  const context = await newContext(browser, daybook, signedIn.storageState);
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen: PerformanceEntry[] = [];
      (window as unknown as { __benchLcp: PerformanceEntry[] }).__benchLcp = seen;
      new PerformanceObserver((list) => seen.push(...list.getEntries())).observe({
        type: "largest-contentful-paint",
        buffered: true,
      });
    });
    const tracker = await NetworkTracker.attach(page);
    await page.goto(`${daybook.url}/`, { waitUntil: "load", timeout: LOAD_TIMEOUT_MS });
    await tracker.quiet(500, LOAD_TIMEOUT_MS);
    return await page.evaluate(() => {
      const entries = (window as unknown as { __benchLcp: (PerformanceEntry & Record<string, unknown>)[] }).__benchLcp;
      const last = entries.at(-1);
      if (!last) throw new Error("Chromium reported no largest contentful paint");
      const element = last.element as Element | null;
      return {
        ms: last.startTime,
        element: {
          tag: element?.tagName.toLowerCase() ?? "(removed)",
          id: element?.id ?? "",
          className: typeof element?.className === "string" ? element.className.slice(0, 120) : "",
          text: (element?.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 120),
          url: String(last.url ?? ""),
          size: Number(last.size ?? 0),
        },
      };
    });
  } finally {
    await context.close();
  }
}
