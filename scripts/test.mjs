#!/usr/bin/env node
// `npm test`: every check, in two stages, with what does not depend on another side by side:
//   1. formatting, lint and types (each mostly on one core);
//   2. the production build then the end-to-end tests on it, beside the unit and database tests
//      (which never read the build). Each side keeps about one core busy: the end-to-end tests run
//      one at a time against one server, the unit tests in one worker on a 2-core machine.
// A stage starts once the one before has passed; within a stage, a chain stops at its first failure.
// Of the chains of a stage, the first streams its output and the others print each phase's whole as
// it ends, so that nothing interleaves; at the end, whatever happened, a table of how long each
// phase took.
import { spawn } from "node:child_process";

/** Each stage: chains run side by side, each chain's phases one after the other. */
const STAGES = [
  [["format:check"], ["lint"], ["typecheck"]],
  [["build", "test:e2e"], ["test:unit"]],
];

/** One `npm run` script; its output is passed through, or kept and printed when it ends. */
function run(script, { streamed }) {
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], {
      stdio: streamed ? "inherit" : ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0") },
    });
    const kept = [];
    child.stdout?.on("data", (chunk) => kept.push(chunk));
    child.stderr?.on("data", (chunk) => kept.push(chunk));
    const done = (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (!streamed) {
        process.stdout.write(`\n── npm run ${script} ──\n`);
        process.stdout.write(Buffer.concat(kept));
      }
      resolve({ script, code, seconds });
    };
    child.on("error", () => done(127));
    child.on("exit", (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

function table(results, total) {
  const width = Math.max(...results.map((result) => result.script.length), "total".length);
  const line = (name, seconds, note = "") =>
    `  ${name.padEnd(width)}  ${`${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, "0")}`.padStart(6)}${note}`;
  return [
    "Time of each phase (m:ss; the chains of a stage ran side by side):",
    ...results.map((result) =>
      line(result.script, result.seconds, result.code === 0 ? "" : `  failed (exit ${result.code})`),
    ),
    line("total", total),
  ].join("\n");
}

async function chain(scripts, streamed) {
  const ran = [];
  for (const script of scripts) {
    const result = await run(script, { streamed });
    ran.push(result);
    if (result.code !== 0) break;
  }
  return ran;
}

const started = process.hrtime.bigint();
const results = [];
let failed = false;
for (const stage of STAGES) {
  // The first chain of a stage streams its output as it comes; the others print theirs as each phase ends.
  const ran = (await Promise.all(stage.map((scripts, index) => chain(scripts, index === 0)))).flat();
  results.push(...ran);
  if (ran.some((result) => result.code !== 0)) {
    failed = true;
    break;
  }
}
console.log(`\n${table(results, Number(process.hrtime.bigint() - started) / 1e9)}`);
process.exit(failed ? 1 : 0);
