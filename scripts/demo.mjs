#!/usr/bin/env node
// `npm run demo`: builds Daybook when its sources are newer than the last build, then runs the
// Partner API simulator and Daybook (production mode) together until Ctrl-C.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const nextBin = require.resolve("next/dist/bin/next");
const tsxBin = path.join(path.dirname(require.resolve("tsx/package.json")), "dist", "cli.mjs");

const port = process.env.PORT || "3000";
const requestedSimulatorPort = process.env.DAYBOOK_SIMULATOR_PORT || "0";
const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "instrumentation.ts",
  "next.config.mjs",
  "postcss.config.mjs",
  "package.json",
  "tsconfig.json",
];

function newestSourceTime() {
  let newest = 0;
  const visit = (entry) => {
    if (!existsSync(entry)) return;
    const stat = statSync(entry);
    if (stat.isDirectory()) {
      for (const child of readdirSync(entry)) visit(path.join(entry, child));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const source of SOURCES) visit(path.join(root, source));
  return newest;
}

function buildIsCurrent() {
  const buildId = path.join(root, ".next", "BUILD_ID");
  return existsSync(buildId) && statSync(buildId).mtimeMs >= newestSourceTime();
}

function run(command, args, options = {}) {
  return spawn(process.execPath, [command, ...args], { cwd: root, stdio: "inherit", ...options });
}

async function build() {
  console.log("Daybook demo: building (first run or changed sources)…");
  const child = run(nextBin, ["build"]);
  const code = await new Promise((resolve) => child.on("exit", resolve));
  if (code !== 0) {
    console.error("Daybook demo: the build failed; see above.");
    process.exit(code ?? 1);
  }
}

/** Starts the simulator and resolves with its address once it says it is listening. */
function startSimulator() {
  const child = run(tsxBin, ["simulator/cli.ts", "--port", requestedSimulatorPort], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let buffer = "";
    child.stdout.on("data", (chunk) => {
      buffer += chunk;
      const match = buffer.match(/listening on (http:\/\/[^\s]+)/);
      if (match) {
        child.stdout.removeAllListeners("data");
        child.stdout.pipe(process.stdout);
        resolve({ child, url: match[1] });
      }
    });
    child.on("exit", (code) => reject(new Error(`the simulator exited (code ${code}) before it was ready`)));
  });
}

async function waitUntilServing(url) {
  for (let i = 0; i < 600; i += 1) {
    try {
      const response = await fetch(url, { method: "HEAD" });
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function main() {
  if (process.argv.includes("--rebuild") || !buildIsCurrent()) await build();

  const simulator = await startSimulator();
  const simulatorPort = new URL(simulator.url).port;
  // Demo mode is "no PARTNER_API_BASE_URL": whatever the shell has set, the demo runs on the simulator.
  const env = { ...process.env, PORT: port, DAYBOOK_SIMULATOR_PORT: simulatorPort };
  delete env.PARTNER_API_BASE_URL;
  delete env.PARTNER_API_KEY;
  const daybook = run(nextBin, ["start", "--port", port], { env });

  const children = [simulator.child, daybook];
  let stopping = false;
  const stop = (code) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    setTimeout(() => process.exit(code), 3000).unref();
    Promise.all(
      children.map((child) => (child.exitCode === null ? new Promise((r) => child.on("exit", r)) : null)),
    ).then(() => process.exit(code));
  };
  process.on("SIGINT", () => stop(0));
  process.on("SIGTERM", () => stop(0));
  for (const child of children) {
    child.on("exit", (code) => {
      if (!stopping) {
        console.error(`Daybook demo: a process stopped unexpectedly (code ${code}); stopping the other.`);
        stop(code || 1);
      }
    });
  }

  await waitUntilServing(`http://localhost:${port}/`);
  console.log(`\nDaybook demo is running: http://localhost:${port}`);
  console.log(`Partner API simulator: ${simulator.url} (demo key da7ab00cda7ab00cda7ab00cda7ab00c)`);
  console.log("Press Ctrl-C to stop both.\n");
}

main().catch((error) => {
  console.error(`Daybook demo: ${error.message}`);
  process.exit(1);
});
