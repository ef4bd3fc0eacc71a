/**
 * Daybook's production server (`npm start`'s scripts/server.mjs in the build copy) on a throwaway database, pointed at
 * a simulator (or the counting proxy in front of one), with its clock set by clock-shim.mjs.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";

import { builtServerActionsKey } from "@/tests/support/commands";

import { SERVER_NODE_FLAGS } from "../heap.mjs";
import { SHIM_URL, type VirtualClock } from "./clock";
import { baseEnv, freePort, listeningProcess, runToEnd, sleep, startChild, tail, type Child } from "./processes";
import { DEMO_KEY } from "./simulator";

/** The first admin, created from DAYBOOK_ADMIN_EMAIL / DAYBOOK_ADMIN_PASSWORD on the empty database. */
export const ADMIN = { email: "bench-admin@daybook.example", password: "bench-admin-password" } as const;

/** The demo's admin, who sees every property (DEMO_USERS in lib/features/admin/setup.ts). */
export const DEMO_ADMIN = { email: "admin@daybook.demo", password: "admin-demo-pass" } as const;

export type Account = { readonly email: string; readonly password: string };

export interface Daybook {
  url: string;
  /** The process that listens: the real server, not a wrapper. */
  pid: number;
  child: Child;
  clock: VirtualClock;
  logFile: string;
  stop(): Promise<void>;
}

export interface DaybookOptions {
  appDir: string;
  dataDir: string;
  apiBaseUrl: string;
  /** DAYBOOK_SYNC: the in-process scheduler pulls the day when it is due. */
  sync: boolean;
  clock: VirtualClock;
  logFile: string;
  /** More settings for this server, e.g. DAYBOOK_SIGN_IN_QUEUE. */
  env?: Record<string, string>;
  /** A fixed port (the instances behind deploy/nginx/daybook.conf); a free one otherwise. */
  port?: number;
  /**
   * Demo mode, as `npm run demo` runs it: no PARTNER_API_BASE_URL, the simulator named by its port,
   * the demo's accounts, and on the empty database the demo's history filled before the server
   * answers (by Daybook's clock; the simulator's clock is left at real time afterwards).
   */
  demo?: boolean;
}

export class SetupError extends Error {}

export async function startDaybook(options: DaybookOptions): Promise<Daybook> {
  mkdirSync(options.dataDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env = baseEnv({
    NODE_ENV: "production",
    // The server as npm start runs it: its heap budget (scripts/heap.mjs).
    NODE_OPTIONS: [`--import=${SHIM_URL}`, ...SERVER_NODE_FLAGS].join(" "),
    ...options.clock.env(),
    PORT: String(port),
    DAYBOOK_DATA_DIR: options.dataDir,
    ...(options.demo
      ? { DAYBOOK_SIMULATOR_PORT: new URL(options.apiBaseUrl).port }
      : {
          PARTNER_API_BASE_URL: options.apiBaseUrl,
          PARTNER_API_KEY: DEMO_KEY,
          DAYBOOK_ADMIN_EMAIL: ADMIN.email,
          DAYBOOK_ADMIN_PASSWORD: ADMIN.password,
        }),
    AUTH_SECRET: randomBytes(32).toString("hex"),
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: builtServerActionsKey(options.appDir),
    DAYBOOK_SYNC: options.sync ? "on" : "off",
    // The simulated day opens the screens an hour of Daybook's time apart; the defaults would end the
    // sign-in in between (idle after 30 minutes, at most 12 hours).
    DAYBOOK_SESSION_IDLE_MINUTES: String(24 * 60),
    DAYBOOK_SESSION_MAX_HOURS: String(7 * 24),
    ...options.env,
  });
  // What is measured is the reports, not enrolment: the bench's admin signs in with a password alone,
  // as an operator may choose (a live Daybook asks admins for a second factor until one does; the
  // demo asks no one).
  if (!options.demo) {
    await runToEnd(process.execPath, ["--import", "tsx", "scripts/user.ts", "require-2fa", "--roles", "none"], {
      cwd: options.appDir,
      env,
      logFile: options.logFile,
    });
  }
  const child = startChild(
    process.execPath,
    [path.join(options.appDir, "scripts", "server.mjs"), "--port", String(port), "--hostname", "127.0.0.1"],
    { cwd: options.appDir, env, logFile: options.logFile },
  );

  const exitedEarly = child.exited.then((code) => {
    throw new SetupError(`Daybook exited (${code}) while starting:\n${tail(options.logFile, 20)}`);
  });
  // The demo's history (30 days of pulls) is filled before the server answers.
  await Promise.race([waitReady(url, options.logFile, options.demo ? 300_000 : 120_000), exitedEarly]);
  exitedEarly.catch(() => undefined);

  let pid: number | null = null;
  for (let attempt = 0; attempt < 50 && pid === null; attempt++) {
    pid = listeningProcess(child.pid, port);
    if (pid === null) await sleep(100);
  }
  if (pid === null) throw new SetupError(`no process of Daybook's tree listens on port ${port}`);
  return { url, pid, child, clock: options.clock, logFile: options.logFile, stop: () => child.stop() };
}

async function waitReady(url: string, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/sign-in`, { redirect: "manual" });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new SetupError(`Daybook did not answer /sign-in within ${timeoutMs / 1000} s:\n${tail(logFile, 20)}`);
}

export function logFileIn(dir: string, name: string): string {
  return path.join(dir, `${name}.log`);
}
