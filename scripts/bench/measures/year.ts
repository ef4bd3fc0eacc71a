/**
 * Daybook's stored history at a hotel group's scale: the large simulator's group (about 200
 * properties, about 20,000 arrivals a day) with a year of stored days (`--year-days`, 365 by
 * default), on PostgreSQL (`--year-db postgres`, the default) or on the embedded database with the
 * group's first 20 properties (`--year-db pglite`). The days are seeded by Daybook's own pull
 * (year-worker.ts); the screens are measured over plain HTTP on the production server (Chromium
 * only for the Overview's LCP), the privacy steps, new days and purges on Daybook's own functions
 * in the worker, on a copy of the seeded database, and the backup and restore by Daybook's commands.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Browser } from "playwright-core";

import { addDays, RANGES } from "@/lib/core/days";

import { NetworkTracker, newContext, signIn, type SignedIn } from "../browser";
import { REPO_ROOT } from "../build";
import { VirtualClock } from "../clock";
import { ADMIN, SetupError, startDaybook, type Daybook } from "../daybook";
import { simulatorActivity, waitIdle } from "../idle";
import { baseEnv, residentBytes, runToEnd, sampleResident, startChild } from "../processes";
import {
  atMost,
  describeError,
  failedRow,
  MB,
  median,
  MiB,
  percentile,
  progress,
  round,
  row,
  spec,
  type Row,
  type Spec,
} from "../report";
import { startSimulator, type Simulator } from "../simulator";
import { openYearDatabase, throwawayHome, type DatabaseTarget, type YearDatabase, type YearDbKind } from "../year-db";
import { mismatch, newYearState, type SizeAnswer, type YearMeasureAnswer, type YearState } from "../year-plan";

export const YEAR_PREFIX = "year.";
/** The embedded database is measured with the group's first properties only. */
export const PGLITE_PROPERTIES = 20;
export const DEFAULT_YEAR_DAYS = 365;

const PROPERTY_RANGES = [7, 30, 90, 365] as const;
type PropertyRange = (typeof PROPERTY_RANGES)[number];

export const YEAR_SPECS = {
  overviewTtfb: spec("year.overview-ttfb", "ms", atMost(300)),
  overviewLcp: spec("year.overview-lcp", "ms", atMost(1000)),
  ...(Object.fromEntries(
    PROPERTY_RANGES.flatMap((range) => [
      [`properties${range}First`, spec(`year.properties-${range}-first`, "ms", atMost(1000))],
      [`properties${range}Settled`, spec(`year.properties-${range}-settled`, "ms", atMost(2000))],
    ]),
  ) as Record<`properties${PropertyRange}${"First" | "Settled"}`, Spec>),
  guestsBack: spec("year.guests-300-days-back", "ms", atMost(1000)),
  criminalArrivals: spec("year.criminal-arrivals", "ms", atMost(1000)),
  reviewQueue: spec("year.review-queue", "ms", atMost(1000)),
  reviewQueueBytes: spec("year.review-queue-bytes", "MB", atMost(0.5)),
  bannedAfterStay: spec("year.banned-after-stay", "ms", atMost(1000)),
  screeningCoverage: spec("year.screening-coverage", "ms", atMost(1000)),
  unusualDays: spec("year.unusual-days", "ms", atMost(1000)),
  rssPeak: spec("year.rss-peak", "MiB", atMost(450)),
  findByName: spec("year.privacy-find-by-name", "ms", atMost(300)),
  findByDocument: spec("year.privacy-find-by-document", "ms", atMost(300)),
  erase: spec("year.privacy-erase", "ms", atMost(2000)),
  storeDay: spec("year.store-day", "s", atMost(10)),
  purgeDay: spec("year.purge-day", "s", atMost(5)),
  purgeGrowth: spec("year.purge-growth", "MB", atMost(0)),
  bytesPerArrival: spec("year.bytes-per-arrival", "bytes", atMost(1000)),
  backup: spec("year.backup", "s", atMost(300)),
  restore: spec("year.restore", "s", atMost(600)),
};

/** The rows measured on the running server, over HTTP and in Chromium. */
const SERVER_SPECS: Spec[] = [
  YEAR_SPECS.overviewTtfb,
  YEAR_SPECS.overviewLcp,
  ...PROPERTY_RANGES.flatMap((range) => [
    YEAR_SPECS[`properties${range}First`],
    YEAR_SPECS[`properties${range}Settled`],
  ]),
  YEAR_SPECS.guestsBack,
  YEAR_SPECS.criminalArrivals,
  YEAR_SPECS.reviewQueue,
  YEAR_SPECS.reviewQueueBytes,
  YEAR_SPECS.bannedAfterStay,
  YEAR_SPECS.screeningCoverage,
  YEAR_SPECS.unusualDays,
  YEAR_SPECS.rssPeak,
];
/** The rows measured by the worker on a copy, and the steps that measure them. */
const STEPS: { step: string; specs: Spec[] }[] = [
  { step: "privacy", specs: [YEAR_SPECS.findByName, YEAR_SPECS.findByDocument, YEAR_SPECS.erase] },
  { step: "store", specs: [YEAR_SPECS.storeDay] },
  { step: "purge", specs: [YEAR_SPECS.purgeDay] },
  { step: "growth", specs: [YEAR_SPECS.purgeGrowth] },
];

/** Loads of each screen measured, after one warm-up load whose time is reported apart. */
const LOADS = 5;
const LOAD_TIMEOUT_MS = 180_000;

export interface YearOptions {
  days: number;
  db: YearDbKind;
  /** A folder that keeps the seeded database for the next run; unset: a throwaway one. */
  reuse?: string;
}

const require = createRequire(import.meta.url);
const tsx = () => path.join(path.dirname(require.resolve("tsx/package.json")), "dist", "cli.mjs");

// ——— The worker ———

interface WorkerRun {
  task: "seed" | "size" | "measure";
  target: DatabaseTarget;
  state: YearState;
  stateFile: string;
  simulator: Simulator;
  logFile: string;
  steps?: string[];
}

/** Runs the worker; its progress lines go to the bench's, its last stdout line is its answer. */
async function runWorker<T>(options: WorkerRun): Promise<T> {
  const child = startChild(process.execPath, [tsx(), "--conditions=react-server", "scripts/bench/year-worker.ts"], {
    cwd: REPO_ROOT,
    env: baseEnv({
      BENCH_YEAR_TASK: options.task,
      BENCH_YEAR_STATE: options.stateFile,
      BENCH_SIMULATOR_URL: options.simulator.url,
      ...(options.steps ? { BENCH_YEAR_STEPS: options.steps.join(",") } : {}),
      ...options.target.env,
      AUTH_SECRET: options.state.authSecret,
      DAYBOOK_RETENTION_DAYS: String(options.state.retentionDays),
      DAYBOOK_ADMIN_EMAIL: ADMIN.email,
      DAYBOOK_ADMIN_PASSWORD: ADMIN.password,
      DAYBOOK_LOG_LEVEL: "warn",
    }),
    logFile: options.logFile,
    stdout: "pipe",
  });
  let out = "";
  child.process.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  // Its progress (stderr, in the log) is passed on as it comes.
  let shown = 0;
  const echo = () => {
    if (!existsSync(options.logFile)) return;
    const lines = readFileSync(options.logFile, "utf8").split("\n");
    for (const line of lines.slice(shown, -1)) if (line.startsWith("[year-worker]")) progress(`  ${line.slice(14)}`);
    shown = Math.max(shown, lines.length - 1);
  };
  const timer = setInterval(echo, 2_000);
  try {
    const code = await child.exited;
    echo();
    if (code !== 0) {
      throw new Error(
        `the year worker (${options.task}) exited with ${code}: ${readFileSync(options.logFile, "utf8").trimEnd().split("\n").slice(-8).join("\n")}`,
      );
    }
  } finally {
    clearInterval(timer);
    await options.simulator.setClock(options.state.clock).catch(() => undefined);
  }
  return JSON.parse(out.trim().split("\n").at(-1)!) as T;
}

// ——— Plain HTTP ———

interface Load {
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
interface Section {
  name: string;
  testId: string;
}

async function loadPage(url: string, cookieHeader: string, sections: readonly Section[] = []): Promise<Load> {
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

const figures = (values: number[]) => ({ p50: round(median(values)), p90: round(percentile(values, 90)) });

interface Loads {
  warmUp: Load;
  loads: Load[];
}

/** One warm-up load, then LOADS loads one after the other. */
async function loadMany(url: string, cookieHeader: string, sections: readonly Section[] = []): Promise<Loads> {
  const warmUp = await loadPage(url, cookieHeader, sections);
  const loads: Load[] = [];
  for (let i = 0; i < LOADS; i++) loads.push(await loadPage(url, cookieHeader, sections));
  // Only the last page's text is kept, for what the rows say of it.
  for (const load of [warmUp, ...loads.slice(0, -1)]) load.text = "";
  return { warmUp, loads };
}

function loadDetail(measured: Loads, route: string) {
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

// ——— The Overview's LCP, in Chromium ———

interface Lcp {
  ms: number;
  element: { tag: string; id: string; className: string; text: string; url: string; size: number } | null;
}

async function overviewLcp(browser: Browser, daybook: Daybook, signedIn: SignedIn): Promise<Lcp> {
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

// ——— The server's rows ———

const COVERAGE: Section = { name: "coverage", testId: "coverage-trend" };
const UNUSUAL: Section = { name: "unusual", testId: "unusual-days" };

async function serverRows(options: {
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
  const measure = async (specs: Spec[], body: () => Promise<Row[]>) => {
    if (!specs.some((of) => selected(of.name))) return;
    try {
      rows.push(...(await body()));
    } catch (error) {
      rows.push(...specs.map((of) => failedRow(of, error)));
    }
    await waitIdle(daybook.pid, activity, { timeoutMs: 300_000 }).catch(() => undefined);
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

  const lastDay = state.plan.days.at(-1)!;
  const back = Math.min(300, state.plan.days.length - 1);
  const simpleScreens: [Spec, string, Record<string, unknown>][] = [
    [YEAR_SPECS.guestsBack, `/guests?day=${addDays(lastDay, -back)}`, { daysBack: back }],
    [YEAR_SPECS.criminalArrivals, "/criminal-arrivals", { day: "yesterday (the default)" }],
    [YEAR_SPECS.bannedAfterStay, "/insights/banned-after-stay", {}],
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
        }),
      ),
    );
  }
  // Daybook should have asked the API nothing: its scheduler is off and yesterday is stored.
  for (const produced of rows) if (produced.detail) produced.detail.upstreamCallsDuringScreens = upstreamCalls;
  return rows;
}

// ——— Backup and restore ———

async function backupRows(options: {
  db: YearDatabase;
  state: YearState;
  runDir: string;
  selected: (name: string) => boolean;
  scope: Record<string, unknown>;
}): Promise<Row[]> {
  const { db, state, runDir, selected, scope } = options;
  const rows: Row[] = [];
  const file = path.join(db.home, `backup-${process.pid}.${db.kind === "postgres" ? "dump" : "tar.gz"}`);
  const env = (target: DatabaseTarget) =>
    baseEnv({ ...target.env, AUTH_SECRET: state.authSecret, DAYBOOK_RETENTION_DAYS: String(state.retentionDays) });
  const npm = (args: string[], target: DatabaseTarget, log: string) =>
    runToEnd("npm", ["run", "-s", ...args], { cwd: REPO_ROOT, env: env(target), logFile: path.join(runDir, log) });
  rmSync(file, { force: true });
  try {
    let started = performance.now();
    try {
      await npm(["backup", "--", "--out", file], db, "year-backup.log");
    } catch (error) {
      return [failedRow(YEAR_SPECS.backup, error), failedRow(YEAR_SPECS.restore, error)];
    }
    const backupSeconds = (performance.now() - started) / 1000;
    const fileMB = round(statSync(file).size / MB);
    if (selected(YEAR_SPECS.backup.name)) {
      rows.push(row(YEAR_SPECS.backup, backupSeconds, { ...scope, command: "npm run backup -- --out FILE", fileMB }));
    }
    if (selected(YEAR_SPECS.restore.name)) {
      const target = await db.empty("restore");
      try {
        started = performance.now();
        await npm(["restore", "--", file], target, "year-restore.log");
        rows.push(
          row(YEAR_SPECS.restore, (performance.now() - started) / 1000, {
            ...scope,
            command: "npm run restore -- FILE",
            into: db.kind === "postgres" ? "a new, empty database on the same cluster" : "an empty data directory",
            fileMB,
          }),
        );
      } catch (error) {
        rows.push(failedRow(YEAR_SPECS.restore, error));
      } finally {
        await target.drop();
      }
    }
  } finally {
    rmSync(file, { force: true });
  }
  return rows;
}

// ——— The whole group ———

export async function yearRows(options: {
  appDir: string;
  runDir: string;
  clock: string;
  browser: () => Promise<Browser>;
  year: YearOptions;
  selected: (name: string) => boolean;
}): Promise<Row[]> {
  const { year, selected, runDir } = options;
  const rows: Row[] = [];
  const keep = year.reuse !== undefined;
  const home = keep ? path.resolve(year.reuse!) : throwawayHome();
  const stateFile = path.join(home, "year.json");
  const wanted = { db: year.db, clock: options.clock, days: year.days };
  let state: YearState;
  if (keep && existsSync(stateFile)) {
    state = JSON.parse(readFileSync(stateFile, "utf8")) as YearState;
    const why = mismatch(state, wanted);
    if (why) throw new SetupError(`${home} cannot be reused: ${why}. Name another folder, or empty this one.`);
  } else {
    if (keep && existsSync(home) && readdirSync(home).length > 0) {
      throw new SetupError(`${home} holds files but no year.json: name an empty or new folder for --year-reuse.`);
    }
    state = newYearState({ ...wanted, properties: year.db === "pglite" ? PGLITE_PROPERTIES : null });
  }

  let db: YearDatabase;
  let simulator: Simulator;
  try {
    db = await openYearDatabase(year.db, home, keep);
    if (!existsSync(stateFile)) writeFileSync(stateFile, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
    simulator = await startSimulator({
      large: true,
      now: options.clock,
      logFile: path.join(runDir, "sim-year.log"),
      ...(state.properties === null ? {} : { properties: state.properties }),
    });
  } catch (error) {
    throw error instanceof SetupError
      ? error
      : new SetupError(`the year's database could not start: ${describeError(error)}`);
  }
  const worker = <T>(task: WorkerRun["task"], target: DatabaseTarget, steps?: string[]) =>
    runWorker<T>({
      task,
      target,
      state,
      stateFile,
      simulator,
      steps,
      logFile: path.join(runDir, `year-worker-${task}.log`),
    });

  let seededNow = false;
  try {
    if (!state.complete) {
      seededNow = true;
      progress(
        `  seeding ${state.plan.days.length} days (${state.plan.days[0]} … ${state.plan.days.at(-1)}) into ${year.db} in ${home}` +
          (state.doneThrough ? `, from after ${state.doneThrough}` : ""),
      );
      await db.setDurable(false);
      await worker("seed", db);
      await db.setDurable(true);
    }
    state = JSON.parse(readFileSync(stateFile, "utf8")) as YearState;
    const perDay = state.timing.seedSeconds / Math.max(1, state.timing.daysSeeded);
    const scope = {
      db: year.db,
      days: state.plan.days.length,
      properties: state.properties ?? "all (the large group)",
      arrivals: state.stored.arrivals,
      seedingSecondsPerDay: round(perDay),
    };
    progress(
      `  ${scope.days} days stored (${scope.arrivals} arrivals); seeding took ${(state.timing.seedSeconds / 60).toFixed(1)} min, ${perDay.toFixed(1)} s a day`,
    );
    const seeding = {
      seconds: Math.round(state.timing.seedSeconds),
      secondsPerDay: round(perDay),
      pullSecondsPerDay: round(state.timing.pullMs / 1000 / Math.max(1, state.timing.daysSeeded)),
      signOffSeconds: round(state.timing.signOffMs / 1000),
      ...state.stored,
      seededThisRun: seededNow,
      kept: keep ? home : null,
    };

    if (SERVER_SPECS.some((of) => selected(of.name))) {
      progress("  the screens, on Daybook's server");
      try {
        const daybook = await startDaybook({
          appDir: options.appDir,
          dataDir: db.dataDir,
          apiBaseUrl: simulator.url,
          sync: false,
          clock: new VirtualClock(options.clock),
          logFile: path.join(runDir, "daybook-year.log"),
          env: { ...db.env, AUTH_SECRET: state.authSecret, DAYBOOK_RETENTION_DAYS: String(state.retentionDays) },
        });
        try {
          rows.push(...(await serverRows({ daybook, simulator, browser: options.browser, state, selected, scope })));
        } finally {
          await daybook.stop();
        }
      } catch (error) {
        rows.push(...SERVER_SPECS.filter((of) => selected(of.name)).map((of) => failedRow(of, error)));
      }
    }

    if (selected(YEAR_SPECS.bytesPerArrival.name)) {
      try {
        const sizes = await worker<SizeAnswer>("size", db);
        rows.push(
          row(YEAR_SPECS.bytesPerArrival, sizes.historyBytes / state.stored.arrivals, {
            ...scope,
            historyMB: round(sizes.historyBytes / MB),
            tables: Object.fromEntries(Object.entries(sizes.tables).map(([name, bytes]) => [name, round(bytes / MB)])),
            tablesUnit: "MB, indexes and TOAST included (pg_total_relation_size, partitions summed)",
            databaseMB: round(sizes.databaseBytes / MB),
            arrivalsCounted: "guest arrivals the seeding's pulls stored (their runs' item counts)",
            seeding,
          }),
        );
      } catch (error) {
        rows.push(failedRow(YEAR_SPECS.bytesPerArrival, error));
      }
    }

    if ([YEAR_SPECS.backup, YEAR_SPECS.restore].some((of) => selected(of.name))) {
      progress("  backup and restore");
      rows.push(...(await backupRows({ db, state, runDir, selected, scope })));
    }

    const steps = STEPS.filter(({ specs }) => specs.some((of) => selected(of.name)));
    if (steps.length > 0) {
      progress(`  ${steps.map(({ step }) => step).join(", ")}, on a copy of the database`);
      let copy: (DatabaseTarget & { drop(): Promise<void> }) | null = null;
      try {
        copy = await db.copy("work");
        const answer = await worker<YearMeasureAnswer>(
          "measure",
          copy,
          steps.map(({ step }) => step),
        );
        rows.push(...stepRows(answer, steps, scope).filter((produced) => selected(produced.name)));
      } catch (error) {
        rows.push(
          ...steps.flatMap(({ specs }) => specs.filter((of) => selected(of.name)).map((of) => failedRow(of, error))),
        );
      } finally {
        await copy?.drop();
      }
    }
  } finally {
    await simulator.stop();
    await db.stop();
  }
  return rows;
}

function stepRows(answer: YearMeasureAnswer, steps: { step: string; specs: Spec[] }[], scope: Record<string, unknown>) {
  const rows: Row[] = [];
  const errorOf = (step: string) => answer.errors?.[step] ?? "not measured";
  for (const { step, specs } of steps) {
    if (step === "privacy") {
      const privacy = answer.privacy;
      if (!privacy) {
        rows.push(...specs.map((of) => failedRow(of, errorOf(step))));
        continue;
      }
      const found = { guests: privacy.guests, fromDays: privacy.days, notFoundByDocument: privacy.notFoundByDocument };
      rows.push(
        row(YEAR_SPECS.findByName, privacy.findByNameMs.p50, { ...scope, ...found, ms: privacy.findByNameMs }),
        row(YEAR_SPECS.findByDocument, privacy.findByDocumentMs.p50, {
          ...scope,
          ...found,
          ms: privacy.findByDocumentMs,
        }),
        privacy.eraseMs
          ? row(YEAR_SPECS.erase, privacy.eraseMs.p50, {
              ...scope,
              ms: privacy.eraseMs,
              erased: privacy.erased,
              person:
                "a returning guest: the simulator never repeats one, so the seeding gave one arrival on each of five days spread over the year the same name, date of birth and document number; five such guests, one erasure each",
            })
          : failedRow(YEAR_SPECS.erase, "no returning guest was planted"),
      );
    } else if (step === "store") {
      const store = answer.store;
      rows.push(
        store
          ? row(YEAR_SPECS.storeDay, store.p50 / 1000, {
              ...scope,
              ms: { p50: store.p50, p90: store.p90, runs: store.runs },
              newDays: store.days,
              newDayArrivals: store.arrivals,
              how: "runSync over HTTP from the simulator, from the first call to the run's record committed (its retention purge included, which finds nothing due)",
            })
          : failedRow(YEAR_SPECS.storeDay, errorOf(step)),
      );
    } else if (step === "purge") {
      const purge = answer.purge;
      rows.push(
        purge
          ? row(YEAR_SPECS.purgeDay, purge.p50 / 1000, {
              ...scope,
              ms: { p50: purge.p50, p90: purge.p90, runs: purge.runs },
              removed: purge.removed,
              how: "purgeExpiredGuestData (the retention purge a pull or housekeeping runs) with the default policy's retention one day shorter each time: the oldest day of the whole group, each property in its own zone (those a calendar day ahead lose their next day too in the first run)",
            })
          : failedRow(YEAR_SPECS.purgeDay, errorOf(step)),
      );
    } else if (step === "growth") {
      const growth = answer.growth;
      rows.push(
        growth
          ? row(YEAR_SPECS.purgeGrowth, (growth.after.databaseBytes - growth.before.databaseBytes) / MB, {
              ...scope,
              simulatedDays: growth.days,
              keptDays: growth.keptDays,
              databaseMB: {
                before: round(growth.before.databaseBytes / MB),
                after: round(growth.after.databaseBytes / MB),
              },
              historyMB: {
                before: round(growth.before.historyBytes / MB),
                after: round(growth.after.historyBytes / MB),
              },
              pullMs: growth.pullMs,
              how: "pg_database_size before and after 30 new days, each pulled by runSync with a retention that keeps the day count: every pull stores a day and its purge removes one",
            })
          : failedRow(YEAR_SPECS.purgeGrowth, errorOf(step)),
      );
    }
  }
  return rows;
}
