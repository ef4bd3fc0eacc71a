/**
 * Sign-off record PDFs as a load one person can put on the server: 200 asked for at once by one
 * signed-in person. Meanwhile, is the liveness probe still answered at once, and after them, does the
 * server's memory come back to where it was? RSS before (after one file, so the fonts are read and
 * parsed), its peak during the burst, and 60 s after it.
 *
 * The probes go out on a clock, each on a connection of its own: probes sent one after the other
 * through fetch's shared pool queued behind the burst's own requests there (one waited out the whole
 * burst, and the burst reached the server a few at a time), which measured the client, not Daybook.
 */
import { randomBytes } from "node:crypto";
import { get as httpGet } from "node:http";

import type { SignedIn } from "../browser";
import type { Daybook } from "../daybook";
import { simulatorActivity, waitIdle } from "../idle";
import { residentBytes, sampleResident, sleep } from "../processes";
import { atMost, failedRow, MB, median, percentile, round, row, spec, type Row } from "../report";
import type { Simulator } from "../simulator";

export const PDF_SPECS = {
  /** A second: a supervisor (systemd, Kubernetes) waits a few before it restarts an instance. */
  probe: spec("pdf.live-probe-p95-during-200-files", "ms (p95)", atMost(1000)),
  /** Every probe, the slowest too: one stalled probe is a restart a supervisor would make. */
  probeMax: spec("pdf.live-probe-max-during-200-files", "ms", atMost(1000)),
  /** What the files took is given back: 100 MB of slack for the allocator's own keeping. */
  memory: spec("pdf.rss-growth-60s-after-200-files", "MB", atMost(100)),
};

const BURST = 200;
const SETTLE_MS = 60_000;
const PROBE = "/api/health/live";
const FILE = "/api/export/sign-off-record";
/** Probes start on a clock of their own, each on a connection of its own, whatever earlier ones do. */
const PROBE_EVERY_MS = 100;
const METRICS_TOKEN = randomBytes(24).toString("hex");

/** The pdf phase's server: its metrics on, for the memory's breakdown. */
export const PDF_DAYBOOK_ENV = { DAYBOOK_METRICS_TOKEN: METRICS_TOKEN };

/** One probe on a fresh connection (no pooling on the client's side can hold it back): its time. */
function probeMs(daybook: Daybook): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = httpGet(`${daybook.url}${PROBE}`, { agent: false }, (response) => {
      response.resume();
      response.on("end", () =>
        response.statusCode === 200
          ? resolve(performance.now() - started)
          : reject(new Error(`${PROBE} answered ${response.statusCode}`)),
      );
    });
    request.on("error", reject);
  });
}

const MEMORY_METRICS = {
  rss: "process_resident_memory_bytes",
  heapTotal: "nodejs_heap_size_total_bytes",
  heapUsed: "nodejs_heap_size_used_bytes",
  external: "nodejs_external_memory_bytes",
} as const;

/**
 * The server's own account of its memory (prom-client's process and V8 figures), in MB: the V8 heap,
 * memory held for JavaScript outside it (buffers, WebAssembly's), and the rest of the RSS (the
 * allocator's keeping, code).
 */
async function memoryOf(daybook: Daybook): Promise<Record<string, number>> {
  const response = await fetch(`${daybook.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await response.text();
  if (!response.ok) throw new Error(`/api/metrics answered ${response.status}`);
  const value = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, "m").exec(text)?.[1] ?? NaN);
  const figures = Object.fromEntries(Object.entries(MEMORY_METRICS).map(([key, name]) => [key, value(name)])) as Record<
    keyof typeof MEMORY_METRICS,
    number
  >;
  return {
    ...Object.fromEntries(Object.entries(figures).map(([key, bytes]) => [`${key}MB`, round(bytes / MB)])),
    otherMB: round((figures.rss - figures.heapTotal - figures.external) / MB),
  };
}

interface FileAnswer {
  status: number;
  /** Since the burst started. */
  answeredAtMs: number;
  retryAfter: string | null;
  bytes: number;
}

async function askForFile(
  daybook: Daybook,
  cookieHeader: string,
  query: string,
  started = performance.now(),
): Promise<FileAnswer> {
  const response = await fetch(`${daybook.url}${FILE}?${query}`, {
    headers: { cookie: cookieHeader, "sec-fetch-site": "same-origin" },
  });
  const body = await response.arrayBuffer();
  return {
    status: response.status,
    answeredAtMs: performance.now() - started,
    retryAfter: response.headers.get("retry-after"),
    bytes: body.byteLength,
  };
}

/** A stored list that has a record: the day's criminal arrivals, the property with the most first. */
async function findList(daybook: Daybook, cookieHeader: string): Promise<string> {
  const response = await fetch(`${daybook.url}/api/reports/criminal-arrivals`, { headers: { cookie: cookieHeader } });
  if (!response.ok) throw new Error(`/api/reports/criminal-arrivals answered ${response.status}`);
  const report = (await response.json()) as { reportedDateLocal: string; items: { propertyName: string }[] };
  const counts = new Map<string, number>();
  for (const item of report.items) counts.set(item.propertyName, (counts.get(item.propertyName) ?? 0) + 1);
  // A name several properties share needs its zone as well: the first name that gives a file will do.
  for (const [property] of [...counts].sort((a, b) => b[1] - a[1])) {
    const query = new URLSearchParams({ property, day: report.reportedDateLocal }).toString();
    const answer = await askForFile(daybook, cookieHeader, query);
    if (answer.status === 200) return query;
  }
  throw new Error(`no sign-off record of ${report.reportedDateLocal} could be drawn`);
}

const summary = (values: number[]) => ({
  p50: round(median(values)),
  p95: round(percentile(values, 95)),
  max: round(Math.max(...values)),
  samples: values.length,
});

/** Needs the day pulled (the scheduler on) and one signed-in person who may have records. */
export async function pdfRows(daybook: Daybook, simulator: Simulator, signedIn: SignedIn): Promise<Row[]> {
  try {
    await waitIdle(daybook.pid, simulatorActivity(simulator));
    const query = await findList(daybook, signedIn.cookieHeader);
    const idle: number[] = [];
    for (let i = 0; i < 20; i++) idle.push(round(await probeMs(daybook)));
    await sleep(1000);
    const before = residentBytes(daybook.pid);
    if (before === null) throw new Error("the server process is gone");

    const memoryBefore = await memoryOf(daybook);

    const sampler = sampleResident(daybook.pid, 100);
    const started = performance.now();
    const probes: Promise<{ startedAtMs: number; ms: number }>[] = [];
    const probing = setInterval(() => {
      const startedAtMs = performance.now() - started;
      probes.push(probeMs(daybook).then((ms) => ({ startedAtMs: round(startedAtMs), ms: round(ms) })));
    }, PROBE_EVERY_MS);
    const answers = await Promise.all(
      Array.from({ length: BURST }, () => askForFile(daybook, signedIn.cookieHeader, query, started)),
    ).finally(() => clearInterval(probing));
    const burstMs = performance.now() - started;
    const { peak } = sampler.stop();
    // A probe still waiting when the burst ended counts, with its whole wait.
    const probed = await Promise.all(probes);
    const during = probed.map((probe) => probe.ms);
    const slowest = probed.reduce((a, b) => (b.ms > a.ms ? b : a), { startedAtMs: 0, ms: 0 });
    const memoryJustAfter = await memoryOf(daybook);

    await sleep(SETTLE_MS);
    const after = residentBytes(daybook.pid);
    if (after === null) throw new Error("the server process is gone");
    const memoryAfter = await memoryOf(daybook);

    const statuses: Record<string, number> = {};
    for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    const retryAfter = [...new Set(answers.map((answer) => answer.retryAfter).filter(Boolean))];
    const answeredAt = answers.map((answer) => answer.answeredAtMs);
    const burstDetail = {
      size: BURST,
      ms: round(burstMs),
      statuses,
      retryAfter,
      firstAnswerMs: round(Math.min(...answeredAt)),
      refusedByMs: round(Math.max(0, ...answers.filter((a) => a.status === 429).map((a) => a.answeredAtMs))),
    };
    const memory = {
      beforeMB: round(before / MB),
      peakMB: round(peak / MB),
      afterMB: round(after / MB),
      server: { before: memoryBefore, justAfter: memoryJustAfter, after: memoryAfter },
    };
    const probeDetail = {
      probe: PROBE,
      everyMs: PROBE_EVERY_MS,
      idleMs: summary(idle),
      duringMs: summary(during),
      slowestProbe: slowest,
      over1s: probed.filter((probe) => probe.ms > 1000).length,
      burst: burstDetail,
    };
    if (during.length === 0) {
      const error = "the burst ended before one probe";
      return [
        failedRow(PDF_SPECS.probe, error),
        failedRow(PDF_SPECS.probeMax, error),
        row(PDF_SPECS.memory, (after - before) / MB, {
          ...memory,
          settleSeconds: SETTLE_MS / 1000,
          burst: burstDetail,
        }),
      ];
    }
    return [
      row(PDF_SPECS.probe, percentile(during, 95), probeDetail),
      row(PDF_SPECS.probeMax, Math.max(...during), probeDetail),
      row(PDF_SPECS.memory, (after - before) / MB, { ...memory, settleSeconds: SETTLE_MS / 1000, burst: burstDetail }),
    ];
  } catch (error) {
    return Object.values(PDF_SPECS).map((of) => failedRow(of, error));
  }
}
