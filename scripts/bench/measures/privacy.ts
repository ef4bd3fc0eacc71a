/**
 * What the privacy policies and guests' requests cost, on the large group's days (about 20,000
 * arrivals each): a pull under a strict policy against one under the default, finding a guest,
 * erasing one, and a changed policy applied to every stored day. Measured by
 * scripts/bench/privacy-worker.ts in a process of its own, on Daybook's own code and embedded
 * database, against the large simulator.
 *
 * Targets: a strict policy costs a pull at most a fifth more; over three such days a guest is found
 * in at most 50 ms (a screen's request, answered at once) and erased in at most 0.5 s, and a policy
 * change is applied to all of them within 30 s (housekeeping's step, or Apply now while the admin waits).
 */
import { createRequire } from "node:module";
import path from "node:path";

import { REPO_ROOT } from "../build";
import { baseEnv, startChild } from "../processes";
import { atMost, row, spec, type Row } from "../report";
import type { Simulator } from "../simulator";

export const PRIVACY_SPECS = {
  pullOverhead: spec("privacy.strict-pull-ratio", "x default", atMost(1.2)),
  findByDocument: spec("privacy.find-by-document", "ms", atMost(50)),
  findByName: spec("privacy.find-by-name", "ms", atMost(50)),
  erase: spec("privacy.erase", "ms", atMost(500)),
  apply: spec("privacy.policy-apply", "s", atMost(30)),
};

interface WorkerAnswer {
  days: number;
  arrivals: number;
  pullKeptMs: number;
  pullStrictMs: number;
  findByDocumentMs: number;
  findByNameMs: number;
  eraseMs: number;
  applyMs: number;
  applied: { days: number; rows: number; removed: number };
}

const require = createRequire(import.meta.url);
const DAYS = 3;

export async function privacyRows(options: {
  simulator: Simulator;
  clock: string;
  runDir: string;
  restoreClock: string;
}): Promise<Row[]> {
  const tsx = path.join(path.dirname(require.resolve("tsx/package.json")), "dist", "cli.mjs");
  const child = startChild(process.execPath, [tsx, "--conditions=react-server", "scripts/bench/privacy-worker.ts"], {
    cwd: REPO_ROOT,
    env: baseEnv({
      BENCH_SIMULATOR_URL: options.simulator.url,
      BENCH_DATA_DIR: path.join(options.runDir, "privacy"),
      BENCH_CLOCK: options.clock,
      BENCH_PRIVACY_DAYS: String(DAYS),
      // The worker is a command on Daybook's demo configuration; nothing of it reads a real key.
      PARTNER_API_BASE_URL: "",
      DATABASE_URL: "",
      DAYBOOK_LOG_LEVEL: "warn",
    }),
    logFile: path.join(options.runDir, "privacy-worker.log"),
    stdout: "pipe",
  });
  let out = "";
  child.process.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  try {
    const code = await child.exited;
    if (code !== 0)
      throw new Error(`the privacy worker exited with ${code} (see privacy-worker.log in the run's folder)`);
  } finally {
    await options.simulator.setClock(options.restoreClock);
  }
  const answer = JSON.parse(out.trim().split("\n").at(-1)!) as WorkerAnswer;
  const scope = { days: answer.days, arrivals: answer.arrivals };
  return [
    row(PRIVACY_SPECS.pullOverhead, answer.pullStrictMs / answer.pullKeptMs, {
      ...scope,
      defaultPullMs: Math.round(answer.pullKeptMs),
      strictPullMs: Math.round(answer.pullStrictMs),
    }),
    row(PRIVACY_SPECS.findByDocument, answer.findByDocumentMs, scope),
    row(PRIVACY_SPECS.findByName, answer.findByNameMs, scope),
    row(PRIVACY_SPECS.erase, answer.eraseMs, scope),
    row(PRIVACY_SPECS.apply, answer.applyMs / 1000, { ...scope, ...answer.applied }),
  ];
}
