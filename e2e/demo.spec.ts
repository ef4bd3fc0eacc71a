// `npm run demo` itself, as someone runs it: its own processes, ports and data directory beside the
// suite's server. It lives with the end-to-end tests because the demo serves the production build,
// which `npm test` makes after the unit tests and before these.
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

import { LOGINS, signInWith } from "@/e2e/support/auth";
import { freePort, ownEnv, ROOT, startNode, stopAll, type Child } from "@/e2e/support/processes";
import { DEMO_KEY } from "@/e2e/support/simulator";

/** A line of the simulator's request log (`requestLine` in simulator/request-log.ts). */
const REQUEST_LINE = /^[A-Z]+ \/\S* (\{.*\} )?-> (\d{3}|no answer) \d+ms( \[fault [^\]]+\])?$/;

/**
 * Daybook's own access line ("GET /guests 200 in 12 ms"), as a message. A call Daybook makes to the
 * Partner API ("partner-api: GET … 200 in 30 ms correlation …") is work, not a request, and stays.
 */
const ACCESS_LINE = /^(GET|POST|HEAD|PUT|PATCH|DELETE) \/\S* \d{3} in [\d.]+ ms\b/;
/** A warning or worse from Daybook's log (a readable line: `[12:00:00] WARN: …`), or one of Next's (⚠). */
const WARNING = /^\[[\d:.]+\] (WARN|ERROR|FATAL): |⚠/;

interface Demo extends Child {
  dataDir: string;
}

function newDataDir(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), "daybook-demo-"));
  dataDirs.push(dataDir);
  return dataDir;
}

const READY = "Press Ctrl-C to stop the demo.";
const started: Child[] = [];
const dataDirs: string[] = [];

/**
 * The demo on a data directory of its own, as on a first start (it pulls its history through the
 * simulator), or on one a demo before it left.
 */
function startDemo(args: string[], port: number, dataDir = newDataDir()): Demo {
  const child = startNode(
    ["scripts/demo.mjs", ...args],
    { ...ownEnv(), PORT: String(port), DAYBOOK_DATA_DIR: dataDir },
    started,
  );
  return { ...child, dataDir };
}

/** Waits for the demo's last start-up line; fails with its output at once if it stops first. */
async function running(demo: Demo): Promise<void> {
  const ready = expect.poll(() => demo.lines.includes(READY), { timeout: 150_000 }).toBe(true);
  const stopped = demo.exited.then((code) => {
    throw new Error(`the demo stopped (code ${code}) while starting:\n${demo.lines.join("\n")}`);
  });
  await Promise.race([ready, stopped]);
}

function printed(demo: Demo, pattern: RegExp): string {
  const match = demo.lines.map((line) => pattern.exec(line)).find((found) => found !== null);
  if (!match?.[1]) throw new Error(`no line matches ${pattern}:\n${demo.lines.join("\n")}`);
  return match[1];
}

/** A report from the demo's simulator under a path prefix of the test's (the simulator ignores it, its log keeps it). */
async function askSimulator(demo: Demo, prefix: string): Promise<void> {
  const simulator = printed(demo, /^Partner API simulator: (http:\/\/\S+)/);
  const answer = await fetch(`${simulator}${prefix}/api/public/v1/usage/dashboard`, {
    headers: { "X-API-Key": DEMO_KEY },
  });
  expect(answer.status).toBe(200);
}

/** The environment of each running process of the demo's group whose command line matches `command`. */
function environments(demo: Demo, command: RegExp): string[][] {
  const found: string[][] = [];
  for (const entry of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // After the command's name (which may hold spaces): state, parent, process group.
      const group = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ");
      if (group !== demo.pid || !command.test(cmdline)) continue;
      found.push(readFileSync(`/proc/${entry}/environ`, "utf8").split("\0"));
    } catch {
      // the process ended while being read
    }
  }
  return found;
}

async function stop(demo: Demo): Promise<number | null> {
  process.kill(demo.pid, "SIGTERM");
  return demo.exited;
}

test.describe.configure({ timeout: 240_000 });

test.afterAll(() => {
  stopAll(started);
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
});

test("npm run demo prints the address and the sign-ins, keeps request lines off its terminal (the simulator's go to the file it names; with --verbose, to the terminal), signs in through its own identity provider, and still prints a warning", async ({
  page,
  browser,
}) => {
  const port = await freePort();
  const demo = startDemo([], port);
  await running(demo);

  const logFile = path.resolve(ROOT, printed(demo, /^Simulator request log: (\S+)/));
  expect(path.dirname(logFile)).toBe(demo.dataDir);
  expect(statSync(logFile).mode & 0o777).toBe(0o600);
  // The first start pulled the demo's history through the simulator: those requests are in the file.
  expect(
    readFileSync(logFile, "utf8")
      .split("\n")
      .filter((line) => REQUEST_LINE.test(line)).length,
  ).toBeGreaterThan(0);

  await askSimulator(demo, "/quiet-demo");
  const probe = /^GET \/quiet-demo\/api\/public\/v1\/usage\/dashboard -> 200 \d+ms$/m;
  await expect.poll(() => readFileSync(logFile, "utf8"), { timeout: 10_000 }).toMatch(probe);

  const first = demo.lines.slice(0, 20);
  expect(first).toContain(`Daybook demo is running: http://localhost:${port}`);
  for (const { email, password } of Object.values(LOGINS)) {
    expect(
      first.some((line) => line.includes(email) && line.includes(password)),
      email,
    ).toBe(true);
  }
  expect(first.filter((line) => REQUEST_LINE.test(line))).toEqual([]);
  expect(first.filter((line) => /telemetry/i.test(line))).toEqual([]);
  expect(first.filter((line) => /^▲ Next\.js/.test(line))).toEqual([]);
  // One "running" banner: the demo's, not the server's own line beside it.
  expect(demo.lines.filter((line) => /^Daybook is listening on /.test(line))).toEqual([]);
  expect(demo.lines.filter((line) => REQUEST_LINE.test(line))).toEqual([]);
  // Next shows its notice from a build, which a current build skips: the setting is what keeps it away.
  // Daybook's server (scripts/server.mjs) serves the demo, on the loopback interface only.
  const next = environments(demo, /scripts\/server\.mjs/);
  expect(next).toHaveLength(1);
  expect(next[0]).toContain("NEXT_TELEMETRY_DISABLED=1");

  // Screens of each kind, signed in (a streamed report, a list read in the browser, an admin form):
  // none of it reaches the terminal, which is for background work and warnings. Whether each screen
  // draws is the accessibility spec's walk; what keeps access lines off is one setting for them all.
  const origin = `http://localhost:${port}`;
  await signInWith(page, LOGINS.admin.email, LOGINS.admin.password, `${origin}/`);
  await expect(page.getByTestId("signed-in-as")).toHaveText(LOGINS.admin.name);
  for (const screen of ["/guests", "/criminal-arrivals", "/properties", "/admin/sign-in"]) {
    await page.goto(`${origin}${screen}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }

  // "Sign in with Demo SSO" works out of the box: the demo's own identity provider, and a person
  // Daybook does not know yet gets an account from the demo's group mapping.
  const newcomer = await browser.newPage();
  await newcomer.goto(`${origin}/sign-in`);
  await newcomer.getByRole("link", { name: "Sign in with Demo SSO" }).click();
  await expect(newcomer.getByRole("heading", { name: "Sign in to Demo SSO" })).toBeVisible();
  await newcomer.getByLabel("E-mail").fill("newcomer@daybook.demo");
  await newcomer.getByLabel("Password").fill("newcomer-demo-pass");
  await newcomer.getByRole("button", { name: "Sign in" }).click();
  await expect(newcomer.getByTestId("signed-in-as")).toHaveText("Nia Newcomer");
  await newcomer.goto(`${origin}/review`);
  await expect(newcomer.getByRole("heading", { level: 1, name: "Review" })).toBeVisible();
  await newcomer.close();
  expect(first.some((line) => line.startsWith("Demo SSO: http://localhost:"))).toBe(true);

  expect(await stop(demo)).toBe(0);
  // Stopped and read to the end: all the demo printed is here.
  await demo.drained;
  expect(demo.lines.filter((line) => ACCESS_LINE.test(line))).toEqual([]);
  expect(demo.printed.filter((line) => WARNING.test(line))).toEqual([]);

  // A real warning still reaches the terminal: the data directory left open to others.
  chmodSync(demo.dataDir, 0o755);

  // Started again with --verbose, on the same data directory (its history is there already).
  const verbose = startDemo(["--verbose"], await freePort(), demo.dataDir);
  await running(verbose);
  await askSimulator(verbose, "/verbose-demo");
  await expect
    .poll(() => verbose.lines.filter((line) => REQUEST_LINE.test(line) && line.startsWith("GET /verbose-demo/")), {
      timeout: 10_000,
    })
    .toHaveLength(1);
  expect(verbose.lines.filter((line) => /telemetry/i.test(line))).toEqual([]);
  expect(verbose.lines.filter((line) => line.startsWith("Simulator request log: "))).toEqual([
    "Simulator request log: on this terminal (--verbose)",
  ]);
  // Nothing of this start went to the file the first one wrote.
  expect(readFileSync(logFile, "utf8")).not.toContain("/verbose-demo/");

  expect(await stop(verbose)).toBe(0);
  await verbose.drained;
  expect(verbose.printed.filter((line) => WARNING.test(line))).toEqual([
    expect.stringMatching(/ WARN: db: \S+ was open to other users \(mode 0755\); it is now 0700$/),
  ]);
});

test("npm run demo refuses an unknown flag, saying which, before starting anything", async () => {
  const demo = startDemo(["--no-such-flag"], await freePort());
  expect(await demo.exited).toBe(2);
  await expect.poll(() => demo.lines).toContain("Usage: npm run demo -- [--rebuild] [--verbose]");
  expect(demo.lines[0]).toMatch(/^Daybook demo: Unknown option '--no-such-flag'/);
  expect(existsSync(path.join(demo.dataDir, "simulator-requests.log"))).toBe(false);
});
