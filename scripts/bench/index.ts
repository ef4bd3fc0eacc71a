/**
 * `npm run bench`: builds Daybook for production (and a bare Next page), runs it on throwaway
 * databases against the Partner API simulator, and prints one JSON document with every row on
 * stdout; progress goes to stderr. Exit code 0 when every measurement ran, whatever the figures;
 * 1 when the bench itself could not run (a build, a server, the simulator or Chromium failed);
 * 2 for a bad option. See README.md beside this file.
 *
 *   npm run bench -- --only upstream.,latency.   rows whose names start with one of these
 *   npm run bench -- --skip-build                reuse the last build (kept under BUILD_HOME)
 *   npm run bench -- --only year. [--year-days N] [--year-db postgres|pglite] [--year-reuse DIR]
 *                                                a year of the large group's history (only when asked for)
 */
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Browser } from "playwright-core";

import { launchBrowser, signIn } from "./browser";
import { BUILD_HOME, buildAll, lastBuilds, lockBuildHome, type Builds } from "./build";
import { VirtualClock } from "./clock";
import { DEMO_ADMIN, SetupError, startDaybook, type Daybook } from "./daybook";
import { simulatorActivity, waitIdle } from "./idle";
import { BUNDLE_PREFIX, bundleRows } from "./measures/bundle";
import { CLUSTER_SPECS, clusterRows } from "./measures/cluster";
import { DAILY_SPECS, dailyRows } from "./measures/daily";
import { GUESTS_SPECS, guestsScreenRows } from "./measures/guests-screen";
import { latencyRows, OVERHEAD_SPEC, RATIO_SPEC } from "./measures/latency";
import { MEMORY_SPECS, rssAfterStartRow, rssGuestsRows } from "./measures/memory";
import { PDF_DAYBOOK_ENV, PDF_SPECS, pdfRows } from "./measures/pdf";
import { PRIVACY_SPECS, privacyRows } from "./measures/privacy";
import { PROPERTIES_SPECS, propertiesRows } from "./measures/properties";
import { reportDuringBurst, SIGN_IN_BURST_SPEC, signInBurstRow, UNQUEUED_ENV } from "./measures/sign-in";
import { CONCURRENT_SPECS, concurrentRow, PULL_SPEC, pullRow, SCREENS_SPEC, screensRow } from "./measures/upstream";
import { yearRows } from "./measures/year";
import {
  DEFAULT_GROWTH_DAYS,
  DEFAULT_YEAR_DAYS,
  YEAR_PREFIX,
  YEAR_SPECS,
  type YearOptions,
} from "./measures/year-specs";
import { cleanUp, installSignalHandlers, makeTempDir, onCleanup } from "./processes";
import { atMost, describeError, elapsedSeconds, failedRow, progress, spec, type Row, type Spec } from "./report";
import { startSimulator, type Simulator } from "./simulator";

/** The simulator's frozen clock, and Daybook's at start: inside the daily window of every zone. */
const CLOCK = "2026-11-23T12:00:00Z";

const USAGE = `Usage: npm run -s bench -- [--only PREFIX[,PREFIX…]] [--skip-build] [--out FILE]
                              [--year-days N] [--year-db postgres|pglite] [--year-reuse DIR]
                              [--year-growth-days N]
  --only        run only the rows whose names start with one of the prefixes (repeatable); the
                ${YEAR_PREFIX} rows run only when a prefix starting with "${YEAR_PREFIX}" asks for them
  --skip-build  reuse the builds of the last run, kept in ${BUILD_HOME}
  --out FILE    also write the JSON document to FILE
  --year-days   days of history the ${YEAR_PREFIX} rows store (default ${DEFAULT_YEAR_DAYS})
  --year-db     postgres (default: the large group) or pglite (its first 20 properties)
  --year-reuse  keep the seeded database in DIR and use it again on the next run
  --year-growth-days  days of store and purge year.purge-growth runs (default ${DEFAULT_GROWTH_DAYS})`;

interface Options {
  only: string[];
  skipBuild: boolean;
  out?: string;
  year: YearOptions;
}

function parseOptions(): Options | null {
  try {
    const { values } = parseArgs({
      options: {
        only: { type: "string", multiple: true },
        "skip-build": { type: "boolean" },
        out: { type: "string" },
        "year-days": { type: "string" },
        "year-db": { type: "string" },
        "year-reuse": { type: "string" },
        "year-growth-days": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      process.stderr.write(`${USAGE}\n`);
      process.exit(0);
    }
    const only = (values.only ?? []).flatMap((value) => value.split(",")).map((value) => value.trim());
    const days = values["year-days"] ?? String(DEFAULT_YEAR_DAYS);
    if (!/^\d+$/.test(days) || Number(days) < 1 || Number(days) > 3000) {
      throw new Error(`--year-days must be a whole number of days from 1 to 3000, not "${days}"`);
    }
    const growthDays = values["year-growth-days"] ?? String(DEFAULT_GROWTH_DAYS);
    if (!/^\d+$/.test(growthDays) || Number(growthDays) < 1 || Number(growthDays) > 365) {
      throw new Error(`--year-growth-days must be a whole number of days from 1 to 365, not "${growthDays}"`);
    }
    const db = values["year-db"] ?? "postgres";
    if (db !== "postgres" && db !== "pglite") throw new Error(`--year-db must be postgres or pglite, not "${db}"`);
    if (values["year-reuse"] === "") throw new Error("--year-reuse needs a folder");
    return {
      only: only.filter(Boolean),
      skipBuild: values["skip-build"] ?? false,
      out: values.out,
      year: { days: Number(days), db, reuse: values["year-reuse"], growthDays: Number(growthDays) },
    };
  } catch (error) {
    process.stderr.write(`bench: ${describeError(error)}\n${USAGE}\n`);
    return null;
  }
}

/** Starts a resource the first time it is asked for, and stops it on clean-up. */
function lazy<T>(start: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | null = null;
  return () => (started ??= start());
}

async function main(): Promise<number> {
  const options = parseOptions();
  if (!options) return 2;
  installSignalHandlers();
  const startedAt = new Date().toISOString();
  // A year of history takes a while to seed: its rows run only when a prefix of theirs asks for them.
  const selected = (name: string) =>
    name.startsWith(YEAR_PREFIX)
      ? options.only.some((prefix) => prefix.startsWith(YEAR_PREFIX.slice(0, -1)) && name.startsWith(prefix))
      : options.only.length === 0 || options.only.some((prefix) => name.startsWith(prefix));
  const anySelected = (specs: Spec[]) => specs.some((of) => selected(of.name));
  const bundleSelected =
    options.only.length === 0 ||
    options.only.some((prefix) => prefix.startsWith(BUNDLE_PREFIX) || BUNDLE_PREFIX.startsWith(prefix));

  const rows: Row[] = [];
  let couldNotRun = false;

  const phases = {
    cold: [MEMORY_SPECS.afterStart, CONCURRENT_SPECS.usage, RATIO_SPEC, OVERHEAD_SPEC, CONCURRENT_SPECS.guests],
    afterPull: [PULL_SPEC, SCREENS_SPEC],
    properties: Object.values(PROPERTIES_SPECS),
    largeDay: [...Object.values(GUESTS_SPECS), MEMORY_SPECS.afterGuests, MEMORY_SPECS.peak],
    signIn: [SIGN_IN_BURST_SPEC],
    pdf: Object.values(PDF_SPECS),
    cluster: Object.values(CLUSTER_SPECS),
    daily: Object.values(DAILY_SPECS),
    privacy: Object.values(PRIVACY_SPECS),
    year: Object.values(YEAR_SPECS),
  };
  const allSpecs = Object.values(phases).flat();
  if (!bundleSelected && !anySelected(allSpecs)) {
    process.stderr.write(`bench: no row starts with ${options.only.join(", ")}\n`);
    return 2;
  }

  try {
    lockBuildHome();
  } catch (error) {
    process.stderr.write(`bench: ${describeError(error)}\n`);
    return 1;
  }

  let builds: Builds;
  try {
    builds = options.skipBuild
      ? lastBuilds({ bare: bundleSelected })
      : await buildAll({ app: true, bare: bundleSelected });
    progress(`builds in ${builds.info.home} (source ${builds.info.source}, built ${builds.info.builtAt})`);
  } catch (error) {
    progress(`the build failed: ${describeError(error)}`);
    const failed = allSpecs.filter((of) => selected(of.name)).map((of) => failedRow(of, error));
    if (bundleSelected) failed.push(failedRow(spec(BUNDLE_PREFIX, "x bare page", atMost(1.4)), error));
    print(options, startedAt, null, failed);
    return 1;
  }

  const runDir = makeTempDir("daybook-bench-run-");
  const logFile = (name: string) => path.join(runDir, `${name}.log`);
  const browser = lazy<Browser>(async () => {
    const launched = await launchBrowser();
    onCleanup(() => launched.close());
    return launched;
  });
  const simulator = (large: boolean) =>
    lazy<Simulator>(async () => {
      try {
        const started = await startSimulator({ large, now: CLOCK, logFile: logFile(large ? "sim-large" : "sim") });
        onCleanup(() => started.stop());
        return started;
      } catch (error) {
        throw new SetupError(`the simulator could not start: ${describeError(error)}`);
      }
    });
  const normalSimulator = simulator(false);
  const largeSimulator = simulator(true);
  const daybook = (name: string, sim: Simulator, sync: boolean, env?: Record<string, string>, demo = false) =>
    startDaybook({
      appDir: builds.appDir,
      dataDir: path.join(runDir, `data-${name}`),
      apiBaseUrl: sim.url,
      sync,
      clock: new VirtualClock(CLOCK),
      logFile: logFile(`daybook-${name}`),
      env,
      demo,
    });

  /** Runs one phase; a failure fails its rows (and, for a set-up failure, the run's exit code). */
  const phase = async (title: string, specs: Spec[], body: () => Promise<Row[]>) => {
    if (!anySelected(specs)) return;
    const started = performance.now();
    progress(title);
    let produced: Row[] = [];
    let failure: unknown = null;
    try {
      produced = await body();
    } catch (error) {
      failure = error;
      if (error instanceof SetupError) couldNotRun = true;
      progress(`  failed: ${describeError(error)}`);
    }
    rows.push(...produced);
    for (const of of specs) {
      if (!produced.some((produced) => produced.name === of.name)) {
        rows.push(failedRow(of, failure ?? "not measured"));
      }
    }
    progress(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };

  /** Starts Daybook for a phase and stops it afterwards. */
  const withDaybook = async <T>(server: Promise<Daybook>, measure: (daybook: Daybook) => Promise<T>) => {
    const started = await server;
    try {
      return await measure(started);
    } finally {
      await started.stop();
    }
  };

  try {
    if (bundleSelected) {
      progress("first-load JavaScript from the build manifests");
      try {
        rows.push(...bundleRows(builds.appDir, builds.bareDir));
      } catch (error) {
        rows.push(failedRow(spec(BUNDLE_PREFIX, "x bare page", atMost(1.4)), error));
      }
    }

    await phase("Daybook (no pull yet): memory, concurrent report requests, latency", phases.cold, async () => {
      const sim = await normalSimulator();
      const produced: Row[] = [];
      // A fresh Daybook for each report asked for by 50 at once, so that neither finds it already held.
      if (anySelected([MEMORY_SPECS.afterStart, CONCURRENT_SPECS.usage, RATIO_SPEC, OVERHEAD_SPEC])) {
        await sim.clearRequests();
        await withDaybook(daybook("usage", sim, false), async (server) => {
          if (selected(MEMORY_SPECS.afterStart.name)) produced.push(await rssAfterStartRow(server));
          if (!anySelected([CONCURRENT_SPECS.usage, RATIO_SPEC, OVERHEAD_SPEC])) return;
          const signedIn = await signIn(await browser(), server);
          if (selected(CONCURRENT_SPECS.usage.name)) produced.push(await concurrentRow("usage", server, sim, signedIn));
          if (anySelected([RATIO_SPEC, OVERHEAD_SPEC])) {
            produced.push(...(await latencyRows(server, sim, signedIn.cookieHeader)));
          }
        });
      }
      if (selected(CONCURRENT_SPECS.guests.name)) {
        await sim.clearRequests();
        await withDaybook(daybook("guests", sim, false), async (server) => {
          const signedIn = await signIn(await browser(), server);
          produced.push(await concurrentRow("guests", server, sim, signedIn));
        });
      }
      return produced;
    });

    await phase("Daybook (scheduler on): the day's pull, then the report screens", phases.afterPull, async () => {
      const sim = await normalSimulator();
      await sim.clearRequests();
      return withDaybook(daybook("pull", sim, true), async (server) => {
        const pull = await pullRow(server, sim);
        const signedIn = await signIn(await browser(), server);
        return [pull.row, await screensRow(server, sim, await browser(), signedIn)];
      });
    });

    await phase("Properties on the demo's history", phases.properties, async () => {
      const sim = await normalSimulator();
      // Demo mode, as `npm run demo`: the demo's accounts and its 30 days, pulled by Daybook's clock.
      return withDaybook(daybook("properties", sim, false, undefined, true), async (server) => {
        // The demo's filling leaves the simulator at real time; back to the bench's, which Daybook's follows.
        await sim.setClock(CLOCK);
        await sim.clearRequests();
        await waitIdle(server.pid, simulatorActivity(sim));
        const signedIn = await signIn(await browser(), server, DEMO_ADMIN);
        return propertiesRows(server, sim, await browser(), signedIn, selected);
      });
    });

    await phase(
      "50 wrong sign-ins at once: a report's latency, with and without the sign-in queue",
      phases.signIn,
      async () => {
        const sim = await normalSimulator();
        const measure = (name: string, env?: Record<string, string>) =>
          withDaybook(daybook(name, sim, false, env), async (server) =>
            reportDuringBurst(server, sim, await signIn(await browser(), server)),
          );
        const queued = await measure("sign-in-queued");
        progress(
          `  with the queue: p95 ${queued.during.p95} ms (idle ${queued.idle.p95} ms), ${queued.burst.refused429} of 50 answered 429`,
        );
        const unqueued = await measure("sign-in-unqueued", UNQUEUED_ENV).catch((error: unknown) =>
          error instanceof Error ? error : new Error(String(error)),
        );
        if (!(unqueued instanceof Error))
          progress(`  without: p95 ${unqueued.during.p95} ms (idle ${unqueued.idle.p95} ms)`);
        return [await signInBurstRow(queued, unqueued)];
      },
    );

    await phase("200 sign-off record PDFs at once by one person: the probe, the memory", phases.pdf, async () => {
      const sim = await normalSimulator();
      await sim.clearRequests();
      return withDaybook(daybook("pdf", sim, true, PDF_DAYBOOK_ENV), async (server) => {
        await pullRow(server, sim);
        return pdfRows(server, sim, await signIn(await browser(), server));
      });
    });

    await phase(
      "two instances on one PostgreSQL behind nginx: coalescing, nginx's overhead",
      phases.cluster,
      async () =>
        clusterRows({
          appDir: builds.appDir,
          runDir,
          simulator: await normalSimulator(),
          clock: new VirtualClock(CLOCK),
          browser: await browser(),
        }),
    );

    await phase("Daybook on the large day (after its pull): guests screen, memory", phases.largeDay, async () => {
      const sim = await largeSimulator();
      await sim.clearRequests();
      return withDaybook(daybook("large", sim, true), async (server) => {
        const pull = await pullRow(server, sim);
        progress(`  the large day's pull: ${pull.row.value} calls`);
        const signedIn = await signIn(await browser(), server);
        const produced: Row[] = [];
        if (anySelected(Object.values(GUESTS_SPECS))) {
          produced.push(...(await guestsScreenRows(server, sim, await browser(), signedIn)));
        }
        if (anySelected([MEMORY_SPECS.afterGuests, MEMORY_SPECS.peak])) {
          produced.push(...(await rssGuestsRows(server, sim, await browser(), signedIn)));
        }
        return produced;
      });
    });

    await phase("a simulated day for the large group, one viewer", phases.daily, async () =>
      dailyRows({
        appDir: builds.appDir,
        runDir,
        simulator: await largeSimulator(),
        restoreClock: CLOCK,
        browser: await browser(),
      }),
    );

    await phase(
      "privacy on the large group's days: strict pulls, finding, erasing, a policy applied",
      phases.privacy,
      async () => privacyRows({ simulator: await largeSimulator(), clock: CLOCK, runDir, restoreClock: CLOCK }),
    );

    await phase(
      `a year of the large group's history (${options.year.days} days, ${options.year.db}): screens, privacy, purges, backup`,
      phases.year,
      async () =>
        yearRows({
          appDir: builds.appDir,
          runDir,
          clock: CLOCK,
          browser,
          year: options.year,
          selected,
          out: options.out,
        }),
    );
  } finally {
    await cleanUp();
  }

  print(
    options,
    startedAt,
    builds.info,
    rows.filter((produced) => selected(produced.name)),
  );
  return couldNotRun ? 1 : 0;
}

function print(options: Options, startedAt: string, build: Builds["info"] | null, rows: Row[]): void {
  const document = {
    bench: "daybook",
    startedAt,
    wallSeconds: elapsedSeconds(),
    clock: CLOCK,
    build,
    machine: { cpus: os.cpus().length, node: process.version, platform: process.platform },
    passed: rows.filter((row) => row.pass).length,
    rows,
  };
  const text = `${JSON.stringify(document, null, 2)}\n`;
  process.stdout.write(text);
  if (options.out) writeFileSync(options.out, text);
}

main().then(
  async (code) => {
    await cleanUp();
    process.exitCode = code;
  },
  async (error: unknown) => {
    process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    await cleanUp();
    process.exitCode = 1;
  },
);
