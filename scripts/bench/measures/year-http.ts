/**
 * A screen of the `year.` rows loaded over plain HTTP with the admin's cookie: the time to the first
 * byte, to the end of the streamed body, and to each asked-for section's arrival in the stream.
 */
import { median, percentile, round } from "../report";

/** Loads of each screen measured, after one warm-up load whose time is reported apart. */
export const LOADS = 5;
export const LOAD_TIMEOUT_MS = 180_000;

export interface Load {
  /** Time to the first byte of the body. */
  ttfbMs: number;
  /** Time to the end of the body: everything the page streams, every Suspense boundary resolved. */
  totalMs: number;
  /** Decoded body bytes. */
  bytes: number;
  /** When each asked-for section's content arrived in the stream (null: never). */
  sections: Record<string, number | null>;
  text: string;
}

/**
 * A section of a streamed page, by its `data-testid` in the HTML: in the shell when its content was
 * ready in time, or later in the stream in its Suspense boundary's segment (`<div hidden id="S:…">`).
 * The RSC payload beside it writes the attribute as JSON (`\"data-testid\":…`), so only the HTML matches.
 */
export interface Section {
  name: string;
  testId: string;
}

export async function loadPage(url: string, cookieHeader: string, sections: readonly Section[] = []): Promise<Load> {
  const started = performance.now();
  const response = await fetch(url, {
    headers: { cookie: cookieHeader, accept: "text/html" },
    redirect: "manual",
    signal: AbortSignal.timeout(LOAD_TIMEOUT_MS),
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let bytes = 0;
  let ttfbMs: number | null = null;
  const found: Record<string, number | null> = Object.fromEntries(sections.map((section) => [section.name, null]));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    ttfbMs ??= performance.now() - started;
    bytes += value.byteLength;
    // The marker may straddle two chunks: the tail of the text so far is searched again.
    const from = Math.max(0, text.length - 200);
    text += decoder.decode(value, { stream: true });
    for (const section of sections) {
      if (found[section.name] === null && text.indexOf(`data-testid="${section.testId}"`, from) >= 0) {
        found[section.name] = performance.now() - started;
      }
    }
  }
  const totalMs = performance.now() - started;
  if (response.status !== 200) throw new Error(`${new URL(url).pathname} answered ${response.status}`);
  return { ttfbMs: ttfbMs ?? totalMs, totalMs, bytes, text, sections: found };
}

export const figures = (values: number[]) => ({ p50: round(median(values)), p90: round(percentile(values, 90)) });

export interface Loads {
  warmUp: Load;
  loads: Load[];
}

/** One warm-up load, then LOADS loads one after the other. */
export async function loadMany(url: string, cookieHeader: string, sections: readonly Section[] = []): Promise<Loads> {
  const warmUp = await loadPage(url, cookieHeader, sections);
  const loads: Load[] = [];
  for (let i = 0; i < LOADS; i++) loads.push(await loadPage(url, cookieHeader, sections));
  // Only the last page's text is kept, for what the rows say of it.
  for (const load of [warmUp, ...loads.slice(0, -1)]) load.text = "";
  return { warmUp, loads };
}

export function loadDetail(measured: Loads, route: string) {
  const { loads, warmUp } = measured;
  return {
    route,
    loads: loads.length,
    ttfbMs: figures(loads.map((load) => load.ttfbMs)),
    totalMs: figures(loads.map((load) => load.totalMs)),
    bodyBytes: median(loads.map((load) => load.bytes)),
    warmUpMs: { ttfb: round(warmUp.ttfbMs), total: round(warmUp.totalMs) },
  };
}
