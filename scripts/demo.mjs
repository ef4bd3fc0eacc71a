#!/usr/bin/env node
// `npm run demo`: builds Daybook when its sources are newer than the last build, then runs the
// Partner API simulator, a small identity provider (for "Sign in with Demo SSO") and Daybook
// (production mode) together until Ctrl-C. The terminal shows the address, the sign-ins and
// whatever goes wrong; the simulator's request log goes to a file, and `--verbose` shows everything
// as it comes. DAYBOOK_DEMO_SSO=off leaves the identity provider out (the end-to-end tests start their own).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { parseArgs, stripVTControlCharacters } from "node:util";

import { SERVER_NODE_FLAGS } from "./heap.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const nextBin = require.resolve("next/dist/bin/next");
const tsxBin = path.join(path.dirname(require.resolve("tsx/package.json")), "dist", "cli.mjs");

const USAGE = `Usage: npm run demo -- [--rebuild] [--verbose]
  --rebuild  build Daybook even when the last build is current
  --verbose  the simulator's request log, Next's banner and build output on the terminal`;

const port = process.env.PORT || "3000";
const requestedSimulatorPort = process.env.DAYBOOK_SIMULATOR_PORT || "0";
const demoSso = process.env.DAYBOOK_DEMO_SSO !== "off";
/** The demo identity provider's client secret: published, like the demo's passwords (a loopback-only demo). */
const DEMO_SSO_SECRET = "daybook-demo-sso-client-secret";
// Where Daybook keeps its embedded database (relative to the project, as Daybook resolves it).
const dataDir = path.resolve(root, process.env.DAYBOOK_DATA_DIR || ".data");
const requestLogFile = path.join(dataDir, "simulator-requests.log");
// Next asks once per machine, and on every build in a container or CI; a demo is not the place.
const nextEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

/**
 * What Next prints on stdout as it starts, which the demo's own lines say better. Matched line by
 * line and exactly, so anything else, warnings and errors above all (which Next writes on stderr,
 * left alone), still shows.
 */
const NEXT_BANNER = [
  /^Daybook is listening on /,
  /^▲ Next\.js \d/,
  /^- (Local|Network|Environments): /,
  /^✓ (Starting\.\.\.$|Ready in \d|Running next\.config\.\w+ took \d)/,
];
const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "instrumentation.ts",
  "proxy.ts",
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

function commandLine() {
  try {
    const { values } = parseArgs({
      options: { rebuild: { type: "boolean" }, verbose: { type: "boolean" }, help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: false,
    });
    return values;
  } catch (error) {
    // parseArgs names the unknown option or the stray argument itself.
    console.error(`Daybook demo: ${error.message}\n${USAGE}`);
    process.exit(2);
  }
}

/** Copies the child's stdout to ours line by line, less Next's banner. */
function withoutBanner(child) {
  const lines = createInterface({ input: child.stdout, crlfDelay: Infinity });
  lines.on("line", (line) => {
    // As a message: a line Daybook's log wrote carries its time and level first ("[12:00:00] INFO: ").
    const plain = stripVTControlCharacters(line).replace(/^\[[\d:.]+\] [A-Z]+: /, "");
    if (!NEXT_BANNER.some((pattern) => pattern.test(plain))) process.stdout.write(`${line}\n`);
  });
}

async function build(verbose) {
  console.log("Daybook demo: building (first run or changed sources; 1–2 minutes on a 2-core machine)…");
  const started = Date.now();
  // The build's progress and route table are kept back unless it fails; its warnings (stderr) show.
  const child = run(nextBin, ["build"], { env: nextEnv, stdio: ["ignore", verbose ? "inherit" : "pipe", "inherit"] });
  const output = [];
  child.stdout?.on("data", (chunk) => output.push(chunk));
  const code = await new Promise((resolve) => child.on("exit", resolve));
  if (code !== 0) {
    process.stderr.write(Buffer.concat(output));
    console.error("Daybook demo: the build failed; see above.");
    process.exit(code ?? 1);
  }
  console.log(`Daybook demo: built in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** The log file as someone at the project's root would type it. */
function shownPath(file) {
  const relative = path.relative(root, file);
  return relative.startsWith("..") || path.isAbsolute(relative) ? file : relative;
}

/** Starts the simulator and resolves with its address once it says it is listening. */
function startSimulator(verbose) {
  const logArgs = verbose ? [] : ["--log-file", requestLogFile];
  if (!verbose) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Its stderr stays the terminal's: with --log-file only its errors are written there.
  const child = run(tsxBin, ["simulator/cli.ts", "--port", requestedSimulatorPort, ...logArgs], {
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

/** Starts the demo's identity provider and resolves with its issuer once it says so. */
function startIdentityProvider() {
  const child = run(
    tsxBin,
    [
      "identity-provider/cli.ts",
      "--port",
      "0",
      "--client-id",
      "daybook-demo",
      "--client-secret",
      DEMO_SSO_SECRET,
      "--redirect-origin",
      `http://localhost:${port}`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  return new Promise((resolve, reject) => {
    let buffer = "";
    child.stdout.on("data", (chunk) => {
      buffer += chunk;
      const match = buffer.match(/^Identity provider: (http:\/\/\S+)/m);
      if (match) {
        child.stdout.removeAllListeners("data");
        child.stdout.pipe(process.stdout);
        resolve({ child, url: match[1] });
      }
    });
    child.on("exit", (code) => reject(new Error(`the identity provider exited (code ${code}) before it was ready`)));
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
  const options = commandLine();
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const verbose = options.verbose ?? false;
  if (options.rebuild || !buildIsCurrent()) await build(verbose);

  const [simulator, identityProvider] = await Promise.all([
    startSimulator(verbose),
    demoSso ? startIdentityProvider() : null,
  ]);
  const simulatorPort = new URL(simulator.url).port;
  // Demo mode is "no PARTNER_API_BASE_URL": whatever the shell has set, the demo runs on the simulator.
  const env = { ...nextEnv, PORT: port, DAYBOOK_SIMULATOR_PORT: simulatorPort };
  delete env.PARTNER_API_BASE_URL;
  delete env.PARTNER_API_KEY;
  if (identityProvider) {
    Object.assign(env, {
      DAYBOOK_OIDC_ISSUER: identityProvider.url,
      DAYBOOK_OIDC_CLIENT_ID: "daybook-demo",
      DAYBOOK_OIDC_CLIENT_SECRET: DEMO_SSO_SECRET,
      DAYBOOK_OIDC_SCOPES: "openid email profile groups",
      DAYBOOK_OIDC_LABEL: "Sign in with Demo SSO",
    });
  }
  // Daybook's own server (scripts/server.mjs), on the loopback interface only: the demo's accounts
  // have published passwords, so nothing outside this machine may reach it.
  const daybook = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, path.join(root, "scripts", "server.mjs"), "--port", port, "--hostname", "127.0.0.1"],
    { cwd: root, env, stdio: ["inherit", verbose ? "inherit" : "pipe", "inherit"] },
  );
  if (!verbose) withoutBanner(daybook);

  const children = [simulator.child, identityProvider?.child, daybook].filter(Boolean);
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
        console.error(`Daybook demo: a process stopped unexpectedly (code ${code}); stopping the others.`);
        stop(code || 1);
      }
    });
  }

  await waitUntilServing(`http://localhost:${port}/`);
  console.log(`\nDaybook demo is running: http://localhost:${port}`);
  console.log(`Partner API simulator: ${simulator.url} (demo key da7ab00cda7ab00cda7ab00cda7ab00c)`);
  console.log(
    verbose
      ? "Simulator request log: on this terminal (--verbose)"
      : `Simulator request log: ${shownPath(requestLogFile)} (npm run demo -- --verbose shows it here)`,
  );
  if (identityProvider) {
    console.log(
      `Demo SSO: ${identityProvider.url} (the same people and passwords, and newcomer@daybook.demo / ` +
        "newcomer-demo-pass, who gets an account at first sign-in)",
    );
  }
  console.log("Press Ctrl-C to stop the demo.\n");
}

main().catch((error) => {
  console.error(`Daybook demo: ${error.message}`);
  process.exit(1);
});
