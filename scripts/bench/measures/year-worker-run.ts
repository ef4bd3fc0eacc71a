/**
 * Runs the year's worker (year-worker.ts, a process of its own on Daybook's code) for one task, its
 * progress passed on to the bench's, and reads its answer.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

import { REPO_ROOT } from "../build";
import { ADMIN } from "../daybook";
import { baseEnv, startChild } from "../processes";
import { progress } from "../report";
import type { Simulator } from "../simulator";
import type { DatabaseTarget } from "../year-db";
import type { YearState } from "../year-plan";

const require = createRequire(import.meta.url);
const tsx = () => path.join(path.dirname(require.resolve("tsx/package.json")), "dist", "cli.mjs");

export interface WorkerRun {
  task: "seed" | "size" | "measure" | "plans";
  target: DatabaseTarget;
  state: YearState;
  stateFile: string;
  simulator: Simulator;
  logFile: string;
  steps?: string[];
  /** Days of store and purge of the growth step. */
  growthDays?: number;
}

/** Runs the worker; its progress lines go to the bench's, its last stdout line is its answer. */
export async function runWorker<T>(options: WorkerRun): Promise<T> {
  const child = startChild(process.execPath, [tsx(), "--conditions=react-server", "scripts/bench/year-worker.ts"], {
    cwd: REPO_ROOT,
    env: baseEnv({
      BENCH_YEAR_TASK: options.task,
      BENCH_YEAR_STATE: options.stateFile,
      BENCH_SIMULATOR_URL: options.simulator.url,
      ...(options.steps ? { BENCH_YEAR_STEPS: options.steps.join(",") } : {}),
      ...(options.growthDays ? { BENCH_YEAR_GROWTH_DAYS: String(options.growthDays) } : {}),
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
