/**
 * `year.seq-scans`: the plans of the SQL each history screen runs on the seeded year, read from
 * PostgreSQL's own log (`auto_explain`, every statement, actual rows and times), and the sequential
 * scans among them of the guest-level tables, whose rows grow with every stored day (those of
 * 10,000 rows or more; a smaller one PostgreSQL rightly reads whole): a screen that reads a range of
 * days, one property or one person reads it through an index, never the year.
 *
 * The cluster is restarted with `auto_explain` for this pass only (the timed rows run without it),
 * a server of its own loads each screen once over plain HTTP, and the worker does the privacy steps
 * once on a copy; before each, a mark in the log (`markStatement`) says whose plans follow.
 */
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { getTableName } from "drizzle-orm";
import pg from "pg";
import type { Browser } from "playwright-core";

import { itemReviews, listSignOffs, liveObservations, storedDayCounts, storedItems } from "@/lib/server/db/schema";

import { signIn } from "../browser";
import type { Daybook } from "../daybook";
import { simulatorActivity, waitIdle } from "../idle";
import { failedRow, progress, round, row, type Row } from "../report";
import type { Simulator } from "../simulator";
import type { DatabaseTarget, YearDatabase } from "../year-db";
import { markStatement, type YearPlansAnswer, type YearState } from "../year-plan";
import { loadPage } from "./year-http";
import { planText, readPlansLog, rowsKept, rowsRead, seqScansOf, type LoggedPlan } from "./year-plans-log";
import { guestsDayBack, INVESTIGATIONS, PROPERTY_RANGES, YEAR_SPECS } from "./year-specs";

/** The tables that hold a row per guest (or per guest and day): a sequential scan of one reads the year. */
export const GUEST_TABLES = new Set(
  [storedItems, liveObservations, itemReviews, listSignOffs, storedDayCounts].map((table) => getTableName(table)),
);

/**
 * A guest-level table with fewer rows than this is small (a short history, or live readings that
 * only a second pull or a refresh adds): PostgreSQL rightly reads it whole, and a scan of it is
 * listed but not counted.
 */
const SMALL_TABLE_ROWS = 10_000;

/** The share of the rows it reads that a sequential scan keeps, from which it reads what it needs. */
const WHOLE_TABLE_SHARE = 0.9;

function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}

/** The guest-level tables' rows on the seeded database (the planner's estimate; counted when it has none). */
async function tableRows(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows: Record<string, number> = {};
    for (const table of GUEST_TABLES) {
      const { rows: found } = await client.query<{ rows: string }>(
        "select reltuples::bigint as rows from pg_class where oid = to_regclass($1)",
        [table],
      );
      let count = Number(found[0]?.rows ?? -1);
      if (count < 0) {
        const counted = await client.query<{ rows: string }>(`select count(*) as rows from "${table}"`);
        count = Number(counted.rows[0]!.rows);
      }
      rows[table] = count;
    }
    return rows;
  } finally {
    await client.end();
  }
}

/** The screens loaded over HTTP, by the names of their `year.` rows. */
function screens(state: YearState): [string, string][] {
  return [
    ["overview", "/"],
    ...PROPERTY_RANGES.map((range): [string, string] => [`properties-${range}`, `/properties?range=${range}`]),
    [`guests-${guestsDayBack(state).back}-days-back`, guestsDayBack(state).route],
    ["criminal-arrivals", "/criminal-arrivals"],
    ["review-queue", "/review"],
    ["banned-after-stay", "/insights/banned-after-stay"],
    ...INVESTIGATIONS.map((screen): [string, string] => [
      `investigation-${screen}`,
      `/investigations/${screen}?window=365`,
    ]),
  ];
}

/** How many of the slowest statements are written out with their plans. */
const SLOWEST = 3;

/** Where the slowest plans go: beside `--out`, else in the kept year's folder, else the OS temporary folder. */
function plansFileFor(out: string | undefined, keptHome: string | null): string {
  if (out) return path.join(path.dirname(out), `${path.basename(out, path.extname(out))}.slowest-plans.txt`);
  if (keptHome) return path.join(keptHome, "slowest-plans.txt");
  return path.join(os.tmpdir(), `daybook-bench-slowest-plans-${process.pid}.txt`);
}

export async function seqScanRow(options: {
  db: YearDatabase;
  state: YearState;
  simulator: Simulator;
  browser: () => Promise<Browser>;
  /** Starts Daybook's server on the seeded database, its log under the given name. */
  startServer: (logName: string) => Promise<Daybook>;
  /** Runs the worker's `plans` task on a database. */
  worker: (target: DatabaseTarget) => Promise<YearPlansAnswer>;
  out: string | undefined;
  keptHome: string | null;
  scope: Record<string, unknown>;
}): Promise<Row> {
  const { db, state, scope } = options;
  const of = YEAR_SPECS.seqScans;
  if (db.kind !== "postgres") {
    return failedRow(of, "not measured on PGlite, which has no auto_explain: --year-db postgres only");
  }
  const routes = screens(state);
  let privacySteps: string[] = [];
  const logFile = await db.logPlans(true);
  try {
    const daybook = await options.startServer("daybook-year-plans.log");
    const marks = new pg.Client({ connectionString: db.env.DATABASE_URL });
    try {
      const activity = simulatorActivity(options.simulator);
      await waitIdle(daybook.pid, activity, { timeoutMs: 600_000 });
      const { cookieHeader } = await signIn(await options.browser(), daybook);
      await marks.connect();
      for (const [screen, route] of routes) {
        await marks.query(markStatement(screen));
        await loadPage(`${daybook.url}${route}`, cookieHeader);
        // What the screen set off after its last byte (an audit entry, say) is still its own.
        await waitIdle(daybook.pid, activity, { timeoutMs: 300_000 }).catch(() => undefined);
      }
      await marks.query(markStatement("-"));
    } finally {
      await marks.end().catch(() => undefined);
      await daybook.stop();
    }
    const copy = await db.copy("plans");
    try {
      privacySteps = (await options.worker(copy)).screens;
    } finally {
      await copy.drop();
    }
  } finally {
    // Stopping the cluster ends the log; it is read once it is complete.
    await db.logPlans(false);
  }
  const plans = readPlansLog(readFileSync(logFile, "utf8"));
  const rows = await tableRows(db.env.DATABASE_URL!);
  const big = new Set([...GUEST_TABLES].filter((table) => rows[table]! >= SMALL_TABLE_ROWS));
  const onScreens = plans.filter((plan) => plan.screen !== null);
  if (onScreens.length === 0) throw new Error(`no plans were logged for the screens (${logFile})`);
  const names = [...routes.map(([screen]) => screen), ...privacySteps];
  const byScreen = Object.fromEntries(
    names.map((screen) => {
      const own = onScreens.filter((plan) => plan.screen === screen);
      return [
        screen,
        {
          statements: own.length,
          ms: round(own.reduce((sum, plan) => sum + plan.durationMs, 0)),
          seqScans: own.reduce((sum, plan) => sum + seqScansOf(plan.plan, big).length, 0),
        },
      ];
    }),
  );
  // A scan that keeps nearly every row it reads is a statement that wants the table's rows (a year
  // over every property), which no index reads faster: listed, not counted.
  const [found, whole] = partition(
    scansOf(onScreens, big),
    (scan) => scan.rowsKept < WHOLE_TABLE_SHARE * scan.rowsRead,
  );
  const small = scansOf(onScreens, new Set([...GUEST_TABLES].filter((table) => !big.has(table))));
  const slowest = [...onScreens].sort((a, b) => b.durationMs - a.durationMs).slice(0, SLOWEST);
  const plansFile = plansFileFor(options.out, options.keptHome);
  writeFileSync(plansFile, slowestText(slowest, scope));
  progress(`  the ${slowest.length} slowest statements' plans: ${plansFile}`);
  const outside = scansOf(
    plans.filter((plan) => plan.screen === null),
    big,
  );
  return row(
    of,
    found.reduce((sum, scan) => sum + scan.scans, 0),
    {
      ...scope,
      tableRows: rows,
      smallTable: `fewer than ${SMALL_TABLE_ROWS} rows: a scan of one is in smallTableScans, not counted`,
      seqScans: found,
      wholeTable: `a scan keeping ${WHOLE_TABLE_SHARE * 100} % or more of the rows it reads: in wholeTableScans, not counted`,
      wholeTableScans: whole,
      smallTableScans: small.map(({ screen, table, scans, query }) => ({ screen, table, scans, query })),
      byScreen,
      slowest: slowest.map((plan) => ({ screen: plan.screen, ms: round(plan.durationMs), query: head(plan.query) })),
      plansFile,
      outsideScreens: { statements: plans.length - onScreens.length, seqScans: outside },
      how: `the cluster restarted with auto_explain (every statement, log_analyze, nested statements, JSON); each screen loaded once over HTTP on a server of its own, the privacy steps once each in the worker on a copy; sequential scans of the guest-level tables of ${SMALL_TABLE_ROWS} rows or more counted in the plans logged while each ran (the screening-coverage and unusual-days sections are in the Properties screen's loads)`,
    },
  );
}

/** A statement's text, whitespace collapsed and cut, to tell it by. */
const head = (query: string) => query.replace(/\s+/g, " ").trim().slice(0, 240);

/** The sequential scans of the guest-level tables, one entry per screen, table and statement. */
function scansOf(plans: LoggedPlan[], tables: ReadonlySet<string>) {
  const found = new Map<
    string,
    {
      screen: string | null;
      table: string;
      scans: number;
      rowsRead: number;
      rowsKept: number;
      slowestMs: number;
      query: string;
    }
  >();
  for (const plan of plans) {
    for (const scan of seqScansOf(plan.plan, tables)) {
      const table = scan["Relation Name"]!;
      const key = `${plan.screen}\u0000${table}\u0000${plan.query}`;
      const entry = found.get(key) ?? {
        screen: plan.screen,
        table,
        scans: 0,
        rowsRead: 0,
        rowsKept: 0,
        slowestMs: 0,
        query: head(plan.query),
      };
      entry.scans += 1;
      entry.rowsRead += rowsRead(scan);
      entry.rowsKept += rowsKept(scan);
      entry.slowestMs = round(Math.max(entry.slowestMs, plan.durationMs));
      found.set(key, entry);
    }
  }
  return [...found.values()];
}

function slowestText(slowest: LoggedPlan[], scope: Record<string, unknown>): string {
  const parts = [
    `The ${slowest.length} slowest statements of Daybook's history screens over ${scope.days} stored days (${scope.db}, ${scope.arrivals} arrivals),`,
    "each screen loaded once with auto_explain on (log_analyze: actual rows and times).",
    "The JSON under each can be pasted into a plan viewer such as explain.dalibo.com.",
  ];
  for (const [index, plan] of slowest.entries()) {
    parts.push(
      "",
      `## ${index + 1}. ${plan.screen}: ${round(plan.durationMs)} ms`,
      "",
      plan.query.trim(),
      "",
      planText(plan.plan),
      "",
      JSON.stringify({ Plan: plan.plan }, null, 2),
    );
  }
  return `${parts.join("\n")}\n`;
}
