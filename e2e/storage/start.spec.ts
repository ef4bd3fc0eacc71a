// `npm start` (scripts/server.mjs) on a data directory of its own, beside the suite's server: a demo
// database refuses a live start with what to do, `npm run user -- purge-demo` makes it live-ready, a
// live database refuses the demo, SIGTERM closes the embedded database so that no lock is left, and
// a bad configuration or an unreachable database ends start-up before anything listens.
// It lives with the end-to-end tests because the server serves the production build.
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

import { freePort, ownEnv, startNode, stopAll, type Child } from "@/e2e/support/processes";
import { SERVER_NODE_FLAGS } from "@/scripts/heap.mjs";
import { builtServerActionsKey } from "@/tests/support/commands";

const started: Child[] = [];
let dataDir: string;
let lockFile: string;

function baseEnv(): NodeJS.ProcessEnv {
  const env = ownEnv();
  // No pulls: the demo has no simulator here, and the live address answers nothing.
  return {
    ...env,
    DAYBOOK_DATA_DIR: dataDir,
    DAYBOOK_SYNC: "off",
    DAYBOOK_DEMO_HISTORY_DAYS: "0",
    NEXT_TELEMETRY_DISABLED: "1",
  };
}

async function liveEnv(): Promise<NodeJS.ProcessEnv> {
  return {
    ...baseEnv(),
    // A loopback address nothing listens on: nothing here calls the API.
    PARTNER_API_BASE_URL: `http://127.0.0.1:${await freePort()}`,
    PARTNER_API_KEY: "0123456789abcdef0123456789abcdef",
    AUTH_SECRET: "Qm4-live-auth-secret-of-the-start-test-7Vx2",
    DAYBOOK_ENCRYPTION_KEY: "Tb9-live-encryption-key-of-the-start-test-3Wk8",
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: builtServerActionsKey(),
    // Made once the demo's accounts are gone: its line tells that start-up has finished.
    DAYBOOK_ADMIN_EMAIL: "ops@example.com",
    DAYBOOK_ADMIN_PASSWORD: "Ops-password-of-the-start-test-5Jq",
  };
}

function startProcess(args: string[], env: NodeJS.ProcessEnv): Child {
  return startNode(args, env, started);
}

async function startServer(env: NodeJS.ProcessEnv): Promise<Child> {
  return startProcess(
    [...SERVER_NODE_FLAGS, "scripts/server.mjs", "--port", String(await freePort()), "--hostname", "127.0.0.1"],
    env,
  );
}

/**
 * Waits for the server to have started: listening, and start-up's last line printed (after the
 * database was opened and the first accounts made). Fails with its output at once if it stops first.
 */
async function running(server: Child, lastLine: string): Promise<void> {
  const ready = expect
    .poll(
      () => server.lines.some((line) => line.startsWith("Daybook is listening on")) && server.lines.includes(lastLine),
      {
        timeout: 120_000,
      },
    )
    .toBe(true);
  const stopped = server.exited.then((code) => {
    throw new Error(`the server stopped (code ${code}) while starting:\n${server.lines.join("\n")}`);
  });
  await Promise.race([ready, stopped]);
}

/** The process's exit code; fails with its output if it is still running when the test's patience runs out. */
async function exitCode(child: Child): Promise<number | null> {
  let code: number | null | undefined;
  void child.exited.then((value) => (code = value));
  try {
    await expect.poll(() => code !== undefined, { timeout: 120_000 }).toBe(true);
  } catch {
    throw new Error(`the process is still running; its output:\n${child.lines.join("\n")}`);
  }
  return code ?? null;
}

test.beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "daybook-start-"));
  // As an operator's mkdir under a usual umask leaves it: the server tightens it.
  chmodSync(dataDir, 0o755);
  lockFile = path.join(dataDir, "pglite.lock");
});

test.afterAll(() => {
  stopAll(started);
  rmSync(dataDir, { recursive: true, force: true });
});

test("a demo database refuses a live start until purge-demo; a live one refuses the demo; SIGTERM leaves no lock", async () => {
  test.setTimeout(420_000);

  // The demo sets the database up, makes its directory private, and stops cleanly on SIGTERM.
  const demo = await startServer(baseEnv());
  await running(demo, "Demo sign-ins (unless changed since):");
  expect(existsSync(lockFile)).toBe(true);
  expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  process.kill(demo.pid, "SIGTERM");
  expect(await exitCode(demo)).toBe(0);
  expect(existsSync(lockFile)).toBe(false);

  // Live on the demo's database: refused with what to do, and no stack trace.
  const refused = await startServer(await liveEnv());
  expect(await exitCode(refused)).toBe(1);
  const output = refused.lines.join("\n");
  expect(output).toContain(
    "Daybook cannot start live: this database was set up by the demo. Its accounts have published passwords and its stored days are invented.\n" +
      "  Start on a fresh database instead (an empty DAYBOOK_DATA_DIR, or a new DATABASE_URL database),\n" +
      "  or remove the demo's accounts and data with `npm run user -- purge-demo`, then start again.",
  );
  expect(output).not.toMatch(/^\s+at /m);
  expect(existsSync(lockFile)).toBe(false);

  // The operator's way out.
  const purge = startProcess(["--import", "tsx", "scripts/user.ts", "purge-demo"], await liveEnv());
  expect(await exitCode(purge), purge.lines.join("\n")).toBe(0);
  expect(purge.lines).toContain("The database is ready for a live Daybook.");

  // Now live starts, and stops cleanly too.
  const live = await startServer(await liveEnv());
  await running(live, "Daybook: created the first accounts: ops@example.com");
  expect(existsSync(lockFile)).toBe(true);
  process.kill(live.pid, "SIGTERM");
  expect(await exitCode(live)).toBe(0);
  expect(existsSync(lockFile)).toBe(false);

  // The demo on the live database: refused.
  const demoOnLive = await startServer(baseEnv());
  expect(await exitCode(demoOnLive)).toBe(1);
  expect(demoOnLive.lines.join("\n")).toContain(
    "Daybook cannot start the demo on this database: it holds a live deployment's data.\n" +
      "  Run the demo on a data directory of its own (DAYBOOK_DATA_DIR) and without DATABASE_URL.",
  );
  expect(existsSync(lockFile)).toBe(false);
});

/** Whether anything accepts a connection on the port. */
function listens(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

test("a bad configuration ends start-up before anything listens, naming each variable and no value", async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  const tooShort = "Short-secret-4Fz";
  const env = await liveEnv();
  delete env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY;
  const server = startProcess(
    [...SERVER_NODE_FLAGS, "scripts/server.mjs", "--port", String(port), "--hostname", "127.0.0.1"],
    {
      ...env,
      AUTH_SECRET: tooShort,
    },
  );
  expect(await exitCode(server)).toBe(1);
  const output = server.lines.join("\n");
  expect(output).toContain("Daybook cannot start: invalid configuration");
  expect(output).toContain("AUTH_SECRET must be at least 32 characters long");
  expect(output).toContain("NEXT_SERVER_ACTIONS_ENCRYPTION_KEY is required outside demo mode");
  expect(output).not.toContain("Daybook is listening");
  expect(output).not.toContain(tooShort);
  expect(output).not.toMatch(/^\s+at /m);
  expect(await listens(port)).toBe(false);
});

test("a database that cannot be reached ends start-up before anything listens, saying so", async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  // A loopback port nothing listens on, with a password that must never be printed.
  const databaseUrl = `postgres://daybook:Not-for-logs-9Qd@127.0.0.1:${await freePort()}/daybook`;
  const server = startProcess(
    [...SERVER_NODE_FLAGS, "scripts/server.mjs", "--port", String(port), "--hostname", "127.0.0.1"],
    {
      ...(await liveEnv()),
      DATABASE_URL: databaseUrl,
    },
  );
  expect(await exitCode(server)).toBe(1);
  const output = server.lines.join("\n");
  expect(output).toContain("Daybook cannot start: the PostgreSQL server named in DATABASE_URL could not be reached.");
  expect(output).not.toContain("Daybook is listening");
  expect(output).not.toContain("Not-for-logs-9Qd");
  expect(await listens(port)).toBe(false);
});
