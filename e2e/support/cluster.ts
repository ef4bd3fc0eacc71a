/**
 * Daybook as the deployment guide (deploy/README.md) runs it: two production instances of the one
 * `npm run build` on ports 3001 and 3002, live mode, one PostgreSQL database, the same secrets on
 * both, Debian's nginx in front on port 8080 with deploy/nginx/daybook.conf unchanged, and a Partner
 * API simulator of this harness's own (own port, own request log, own clock), apart from the
 * suite's demo server and simulator.
 *
 * Daybook decides which day is due and which day a report is by its own clock: the instances run
 * with the bench's clock shim (scripts/bench/clock-shim.mjs), which starts their clock at the
 * simulator's and lets the harness move both together, so nothing depends on the wall clock.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, rmSync, type WriteStream } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";

import { SHIM_URL, VirtualClock } from "@/scripts/bench/clock";
import { SERVER_NODE_FLAGS } from "@/scripts/heap.mjs";
import { DEMO_KEY } from "@/simulator/keys";
import { builtServerActionsKey, commandEnv, runToEnd } from "@/tests/support/commands";
import { holdNginxPorts, INSTANCE_PORTS, listening, startNginx, type Nginx } from "@/tests/support/nginx";
import { startPostgresCluster, type PostgresCluster } from "@/tests/support/postgres-cluster";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

import { answers, ROOT } from "./processes";

/**
 * The clock the cluster starts on: 11:00 UTC, inside the daily window (every demo property reports
 * 2026-11-08), past the westernmost property's day closing (Honolulu, 10:00 UTC) plus the grace.
 * In the past: PostgreSQL stamps a session's activity with its own (real) clock, which must not lie
 * behind Daybook's by more than the idle limit.
 */
export const CLUSTER_START = "2026-11-09T11:00:00Z";
/** The next days at the same hour: each a day the instances hold nothing of, its pull due. */
export const CLUSTER_NEXT_DAY = "2026-11-10T11:00:00Z";
export const CLUSTER_DAY_AFTER = "2026-11-11T11:00:00Z";

export interface Instance {
  port: number;
  /** http://127.0.0.1:PORT: the instance's own port, as the monitoring reaches it. */
  url: string;
  /** The process now running (changes with each start). */
  pid(): number;
  /** What it printed on stdout and stderr since the harness started it the first time, one line each. */
  lines: string[];
  /** Starts it (again), resolving once it answers; `override` changes settings for this start only. */
  start(override?: Record<string, string>): Promise<void>;
  /** Sends the signal and resolves with the exit code once the process has ended. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Resolves with the exit code of the process now running, once it ends. */
  exited(): Promise<number | null>;
}

export interface Cluster {
  nginx: Nginx;
  instances: readonly [Instance, Instance];
  postgres: PostgresCluster;
  simulator: LaunchedSimulator;
  /** Moves both instances' clocks and the simulator's together (both instances must be running). */
  moveTo(iso: string): Promise<void>;
  /**
   * The admin account created before the instances started (`npm run user -- add`): its first
   * sign-in asks for a password of its own, `own`.
   */
  account: { email: string; password: string; own: string; name: string };
  metricsToken: string;
  /** The settings both instances run with, for the commands run beside them (backup, doctor). */
  env: Record<string, string>;
  /** A query on the cluster's database. */
  query<T extends pg.QueryResultRow>(sql: string): Promise<T[]>;
  stop(): Promise<void>;
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function instance(port: number, env: NodeJS.ProcessEnv, log: WriteStream): Instance {
  const lines: string[] = [];
  let child: ChildProcess | null = null;
  const running = () => child !== null && child.exitCode === null && child.signalCode === null;
  const url = `http://127.0.0.1:${port}`;
  const self: Instance = {
    port,
    url,
    lines,
    pid: () => child?.pid ?? 0,
    exited: () => (child ? exitOf(child) : Promise.resolve(null)),
    async start(override = {}) {
      if (running()) return;
      if (await listening(port)) throw new Error(`port ${port}, fixed by deploy/nginx/daybook.conf, is taken`);
      // As the systemd unit starts it: node itself, no npm in between, so signals reach Daybook.
      const started = spawn(
        process.execPath,
        ["--import", SHIM_URL, ...SERVER_NODE_FLAGS, "scripts/server.mjs", "--port", String(port)],
        {
          cwd: ROOT,
          env: { ...env, ...override },
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      child = started;
      for (const stream of [started.stdout!, started.stderr!]) {
        createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => {
          lines.push(line);
          log.write(`[${port}] ${line}\n`);
        });
      }
      const deadline = Date.now() + 60_000;
      while (!(await answers(`${url}/sign-in`))) {
        if (!running() || Date.now() > deadline) {
          await self.stop("SIGKILL");
          throw new Error(`the instance on port ${port} did not start:\n${lines.slice(-30).join("\n")}`);
        }
        await sleep(200);
      }
    },
    async stop(signal = "SIGTERM") {
      if (!child) return null;
      if (running()) child.kill(signal);
      return exitOf(child);
    },
  };
  return self;
}

/** `npm run user -- ARGS` as an operator runs it, with `input` on stdin. */
async function user(env: NodeJS.ProcessEnv, args: string[], input = "") {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/user.ts", ...args], {
    cwd: ROOT,
    env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stdin.end(input);
  const code = await exitOf(child);
  if (code !== 0) throw new Error(`npm run user -- ${args[0]} exited ${code}:\n${output}`);
}

/**
 * Starts the whole cluster. Stop it with `stop()` in afterAll: it ends nginx, both instances, the
 * database cluster and the simulator, and removes their files.
 */
export async function startCluster(options: { instanceEnv?: Record<string, string> } = {}): Promise<Cluster> {
  const stops: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch(() => {});
  };
  try {
    // Before any instance takes its port: the unit tests' nginx test may be running beside this suite.
    const releasePorts = await holdNginxPorts();
    stops.push(async () => releasePorts());
    const simulator = await launchSimulator({ now: CLUSTER_START });
    stops.push(() => simulator.close());
    const postgres = await startPostgresCluster();
    stops.push(() => postgres.stop());
    const dir = mkdtempSync(path.join(os.tmpdir(), "daybook-cluster-"));
    stops.push(async () => rmSync(dir, { recursive: true, force: true }));
    const clock = new VirtualClock(CLUSTER_START, path.join(dir, "clock.json"));

    const metricsToken = randomBytes(24).toString("base64url");
    const settings: Record<string, string> = {
      NODE_ENV: "production",
      PARTNER_API_BASE_URL: simulator.url,
      PARTNER_API_KEY: DEMO_KEY,
      DATABASE_URL: postgres.url,
      // The same secrets on every instance: a session, a stored secret and a server action made on
      // one are good on the other.
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      DAYBOOK_ENCRYPTION_KEY: randomBytes(32).toString("base64url"),
      NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: builtServerActionsKey(),
      DAYBOOK_TRUSTED_PROXIES: "1",
      DAYBOOK_METRICS_TOKEN: metricsToken,
      // Off at first, so that people's loads of the first day are what asks the API; the daily pull
      // is tested by starting the instances again with DAYBOOK_SYNC=on.
      DAYBOOK_SYNC: "off",
      // The harness moves Daybook's clock by a day: the stored days must stay within retention.
      DAYBOOK_RETENTION_DAYS: "3650",
      DAYBOOK_DRAIN_SECONDS: "20",
      DAYBOOK_MAIL: "off",
      HOSTNAME: "127.0.0.1",
      ...options.instanceEnv,
    };
    // Shared by both instances, and kept current by moveTo: an instance started (again) later
    // starts on the clock as moved, not on CLUSTER_START.
    const env = commandEnv({ ...settings, ...clock.env() });
    const account = {
      email: "cluster-admin@daybook.example",
      password: randomBytes(12).toString("base64url"),
      own: randomBytes(12).toString("base64url"),
      name: "Cleo Cluster",
    };
    // The first command on the new database applies the migrations.
    await user(
      env,
      ["add", "--email", account.email, "--name", account.name, "--role", "admin", "--all", "--password-stdin"],
      `${account.password}\n`,
    );
    // What is tested is the cluster, not enrolment: the admin signs in with a password alone, as an
    // operator may choose (a live Daybook asks admins for a second factor until one does).
    await user(env, ["require-2fa", "--roles", "none"]);

    const log = createWriteStream(path.join(ROOT, ".data", "e2e-cluster.log"));
    stops.push(() => new Promise<void>((resolve) => log.end(resolve)));
    const instances = [instance(INSTANCE_PORTS[0], env, log), instance(INSTANCE_PORTS[1], env, log)] as const;
    stops.push(async () => {
      await Promise.all(instances.map((one) => one.stop("SIGKILL")));
    });
    // Both at once, as a rolling start after an upgrade may: migrations are applied by one of them.
    await Promise.all(instances.map((one) => one.start()));

    const nginx = await startNginx();
    stops.push(() => nginx.stop());

    const pool = new pg.Pool({ connectionString: postgres.url, max: 2 });
    pool.on("error", () => {});
    stops.push(() => pool.end());

    return {
      nginx,
      instances,
      postgres,
      simulator,
      account,
      metricsToken,
      env: settings,
      async moveTo(iso) {
        await simulator.setClock(iso);
        env.BENCH_CLOCK_START = iso;
        env.BENCH_CLOCK_ANCHOR = String(Date.now());
        for (const one of instances) await clock.moveTo(iso, one.pid());
      },
      query: async (sql) => (await pool.query(sql)).rows,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** `npm run -s NAME -- ARGS` as an operator runs it beside the cluster, with the instances' settings. */
export function npmRun(name: string, args: readonly string[], env: Record<string, string>) {
  return runToEnd("npm", ["run", "-s", name, "--", ...args], commandEnv(env));
}
