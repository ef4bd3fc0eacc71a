// A second Daybook in live mode beside the suite's demo server: the production build started as
// `npm start` does (scripts/server.mjs), on a port and data directory of its own, reading the
// suite's simulator as its Partner API with the simulator's demo key, with one account created
// beforehand by `npm run user`. For checks that only hold in live mode (HSTS, Secure cookies).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

import { SERVER_NODE_FLAGS } from "@/scripts/heap.mjs";
import { DEMO_KEY } from "@/simulator/keys";
import { builtServerActionsKey } from "@/tests/support/commands";

import { SIMULATOR_URL } from "./ports";
import { answers, freePort, ownEnv, ROOT } from "./processes";

export interface LiveServer {
  /** http://localhost:PORT: Chromium treats localhost as a secure origin, so Secure cookies work there. */
  url: string;
  port: number;
  /** The admin account created before the start. */
  account: { email: string; password: string; name: string };
  /** What the server printed so far. */
  logs(): string;
  stop(): Promise<void>;
}

export interface LiveServerOptions {
  /** Names the data directory and log (under .data/): "live" gives .data/e2e-live-<port>/. */
  name?: string;
  /** More settings, e.g. DAYBOOK_SIGN_IN_QUEUE. */
  env?: Record<string, string>;
  /** How long start-up may take; the production server usually answers within seconds. */
  timeoutMs?: number;
  /**
   * A data directory prepared beforehand (a restored backup) with its account: nothing is created
   * in it, and stop() leaves it to its owner.
   */
  existing?: { dataDir: string; account: LiveServer["account"] };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ["pipe", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${args.join(" ")} exited ${code}:\n${output}`)),
    );
    child.stdin.end(input);
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

/**
 * Starts a live-mode Daybook on the last `npm run build`, with a fresh data directory and its own
 * AUTH_SECRET. Stop it with `stop()` (in afterAll), which also removes its data directory.
 */
export async function startLiveServer(options: LiveServerOptions = {}): Promise<LiveServer> {
  const port = await freePort();
  const name = options.name ?? "live";
  const dataDir = options.existing?.dataDir ?? path.join(ROOT, ".data", `e2e-${name}-${port}`);
  const logFile = `${dataDir}.log`;
  if (!options.existing) {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
  }
  const env: NodeJS.ProcessEnv = {
    ...ownEnv(),
    NODE_ENV: "production",
    PARTNER_API_BASE_URL: SIMULATOR_URL,
    PARTNER_API_KEY: DEMO_KEY,
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: builtServerActionsKey(),
    DAYBOOK_DATA_DIR: dataDir,
    DAYBOOK_SYNC: "off",
    ...options.env,
  };

  const account = options.existing?.account ?? {
    email: `live-admin-${port}@example.com`,
    password: randomBytes(12).toString("base64url"),
    name: "Lee Live",
  };
  // Before the server starts: the embedded database takes one process at a time.
  if (!options.existing) {
    await run(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/user.ts",
        "add",
        "--email",
        account.email,
        "--name",
        account.name,
        "--role",
        "admin",
        "--all",
        "--password-stdin",
      ],
      env,
      `${account.password}\n`,
    );
  }

  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "scripts/server.mjs", "--port", String(port)], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const logs = () => {
    try {
      return readFileSync(logFile, "utf8");
    } catch {
      return "";
    }
  };
  const url = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited(child);
    }
    log.end();
    if (!options.existing) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  while (!(await answers(`${url}/sign-in`))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the live-mode Daybook on port ${port} did not start:\n${logs().slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, port, account, logs, stop };
}
