#!/usr/bin/env node
// `npm test`: every check, in two chains side by side, each keeping about one core busy on a 2-core
// machine:
//   1. the production build, then the end-to-end tests on it (one at a time against one server);
//   2. formatting, lint and types, then the unit and database tests in one worker (which never
//      read the build), then the end-to-end specs that start their own servers from the build
//      (`playwright.standalone.config.ts`), once the first chain has built it.
// A chain stops at its first failure, and a failure stops the other chain too, so that a
// formatting slip is reported in a minute, not after the end-to-end tests. The first chain streams
// its output and the other prints each phase's whole as it ends, so that nothing interleaves; at
// the end, whatever happened, a table of how long each phase took.
import { spawn } from "node:child_process";

/** Chains run side by side, each chain's phases one after the other. */
const CHAINS = [
  ["build", "test:e2e"],
  ["format:check", "lint", "typecheck", "test:unit", "test:e2e:standalone"],
];

/** A phase that needs another's result waits for it to pass (the build, long done by then). */
const NEEDS = { "test:e2e:standalone": "build" };

/** Each phase's result, for the phases that wait on it: `{ code: null }` when it never ran. */
const ended = new Map();
const endOf = new Map();
for (const script of CHAINS.flat()) ended.set(script, new Promise((resolve) => endOf.set(script, resolve)));

/**
 * What a phase is told: the build leaves the types to `typecheck`, which checks the whole project
 * (the app's code with the rest) in the other chain.
 */
const PHASE_ENV = { build: { DAYBOOK_TYPES_CHECKED_BESIDE: "1" } };

/** The phases running now, to stop when another fails; and whether one has. */
const running = new Set();
let failed = false;

/** One `npm run` script; its output is passed through, or kept and printed when it ends. */
function run(script, { streamed }) {
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], {
      stdio: streamed ? "inherit" : ["ignore", "pipe", "pipe"],
      // A group of its own, so that stopping it reaches what it started (a server, a browser).
      detached: true,
      env: {
        ...process.env,
        FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0"),
        ...PHASE_ENV[script],
      },
    });
    const kept = [];
    child.stdout?.on("data", (chunk) => kept.push(chunk));
    child.stderr?.on("data", (chunk) => kept.push(chunk));
    running.add(child);
    const done = (code, signal) => {
      running.delete(child);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (!streamed) {
        process.stdout.write(`\n── npm run ${script} ──\n`);
        process.stdout.write(Buffer.concat(kept));
      }
      // Stopped because another phase failed: not a failure of its own.
      resolve({ script, code, seconds, stopped: failed && signal === "SIGINT" });
    };
    child.on("error", () => done(127));
    child.on("exit", (code, signal) => done(code ?? (signal ? 128 : 1), signal));
  });
}

function table(results, total) {
  const width = Math.max(...results.map((result) => result.script.length), "total".length);
  const line = (name, seconds, note = "") =>
    `  ${name.padEnd(width)}  ${`${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, "0")}`.padStart(6)}${note}`;
  return [
    "Time of each phase (m:ss; the two chains ran side by side):",
    ...results.map((result) =>
      line(
        result.script,
        result.seconds,
        result.code === 0 ? "" : result.stopped ? "  stopped" : `  failed (exit ${result.code})`,
      ),
    ),
    line("total", total),
  ].join("\n");
}

async function chain(scripts, streamed) {
  const ran = [];
  for (const script of scripts) {
    if (failed) break;
    const needed = NEEDS[script] && (await ended.get(NEEDS[script]));
    if (failed || (needed && needed.code !== 0)) break;
    const result = await run(script, { streamed });
    endOf.get(script)(result);
    ran.push(result);
    if (result.code !== 0) {
      if (!failed) stopOthers();
      failed = true;
      break;
    }
  }
  // What this chain will not run now ends for whatever waits on it.
  for (const script of scripts) endOf.get(script)({ code: null });
  return ran;
}

/**
 * A failure ends the run: what is still running is stopped, and its phase reported as stopped.
 * SIGINT, as Ctrl-C sends: on it, Playwright stops the web server it started in a process group
 * of its own, which SIGTERM left running (and holding the suite's ports).
 */
function stopOthers() {
  for (const child of running) {
    try {
      process.kill(-child.pid, "SIGINT");
    } catch {
      // Already gone.
    }
  }
}

// Each phase has a process group of its own, out of the terminal's reach: Ctrl-C stops them here.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    failed = true;
    stopOthers();
    process.exit(signal === "SIGINT" ? 130 : 143);
  });
}

const started = process.hrtime.bigint();
const results = (await Promise.all(CHAINS.map((scripts, index) => chain(scripts, index === 0)))).flat();
console.log(`\n${table(results, Number(process.hrtime.bigint() - started) / 1e9)}`);
process.exit(failed ? 1 : 0);
