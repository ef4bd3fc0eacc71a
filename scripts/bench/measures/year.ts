/**
 * Daybook's stored history at a hotel group's scale: the large simulator's group (about 200
 * properties, about 20,000 arrivals a day) with a year of stored days (`--year-days`, 365 by
 * default), on PostgreSQL (`--year-db postgres`, the default) or on the embedded database with the
 * group's first 20 properties (`--year-db pglite`). The days are seeded by Daybook's own pull
 * (year-worker.ts); the screens are measured over plain HTTP on the production server (Chromium
 * only for the Overview's LCP), the privacy steps, new days and purges on Daybook's own functions
 * in the worker, on a copy of the seeded database, and the backup and restore by Daybook's commands.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";

import { VirtualClock } from "../clock";
import { SetupError, startDaybook } from "../daybook";
import { describeError, failedRow, MB, progress, round, row, type Row } from "../report";
import { startSimulator, type Simulator } from "../simulator";
import { openYearDatabase, throwawayHome, type DatabaseTarget, type YearDatabase } from "../year-db";
import {
  HISTORY_TABLE,
  mismatch,
  newYearState,
  type SizeAnswer,
  type YearMeasureAnswer,
  type YearPlansAnswer,
  type YearState,
} from "../year-plan";
import { backupRows } from "./year-backup";
import { seqScanRow } from "./year-plans";
import { serverRows } from "./year-screens";
import { PGLITE_PROPERTIES, SERVER_SPECS, STEPS, YEAR_SPECS, type YearOptions } from "./year-specs";
import { stepRows } from "./year-steps";
import { runWorker, type WorkerRun } from "./year-worker-run";

export async function yearRows(options: {
  appDir: string;
  runDir: string;
  clock: string;
  browser: () => Promise<Browser>;
  year: YearOptions;
  selected: (name: string) => boolean;
  /** The bench's `--out` file, beside which `year.seq-scans` writes the slowest plans. */
  out?: string;
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
      growthDays: year.growthDays,
      logFile: path.join(runDir, `year-worker-${task}.log`),
    });

  /** Daybook's server on the seeded database, its scheduler off. */
  const startServer = (logName: string) =>
    startDaybook({
      appDir: options.appDir,
      dataDir: db.dataDir,
      apiBaseUrl: simulator.url,
      sync: false,
      clock: new VirtualClock(options.clock),
      logFile: path.join(runDir, logName),
      env: { ...db.env, AUTH_SECRET: state.authSecret, DAYBOOK_RETENTION_DAYS: String(state.retentionDays) },
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
        const daybook = await startServer("daybook-year.log");
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
            tables: Object.fromEntries(
              Object.entries(sizes.tables)
                .filter(([name]) => HISTORY_TABLE.test(name))
                .map(([name, bytes]) => [name, round(bytes / MB)]),
            ),
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

    // Last: it restarts the cluster with auto_explain, which no timed row should run under.
    if (selected(YEAR_SPECS.seqScans.name)) {
      progress("  the screens' query plans (auto_explain)");
      try {
        rows.push(
          await seqScanRow({
            db,
            state,
            simulator,
            browser: options.browser,
            startServer,
            worker: (target) => worker<YearPlansAnswer>("plans", target),
            out: options.out,
            keptHome: keep ? home : null,
            scope,
          }),
        );
      } catch (error) {
        rows.push(failedRow(YEAR_SPECS.seqScans, error));
      }
    }
  } finally {
    await simulator.stop();
    await db.stop();
  }
  return rows;
}
