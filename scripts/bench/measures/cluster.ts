/**
 * Daybook as deploy/README.md runs it: two instances on one PostgreSQL database (ports 3001 and
 * 3002), Debian's nginx in front with deploy/nginx/daybook.conf. How many upstream calls 50 loads
 * of one report make when nginx spreads them over both instances, and what nginx adds to a
 * request's time.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Browser } from "playwright-core";

import { holdNginxPorts, INSTANCE_PORTS, startNginx, type Nginx } from "../../../tests/support/nginx";
import { startPostgresCluster } from "../../../tests/support/postgres-cluster";
import { signIn } from "../browser";
import type { VirtualClock } from "../clock";
import { SetupError, startDaybook, type Daybook } from "../daybook";
import { simulatorActivity, waitIdle } from "../idle";
import { onCleanup } from "../processes";
import { atMost, describeError, failedRow, median, percentile, round, row, spec, type Row } from "../report";
import { countByEndpoint, endpointOf, type Simulator } from "../simulator";

export const CLUSTER_SPECS = {
  coalescing: spec("cluster.usage-50-concurrent-two-instances", "calls", atMost(1)),
  overhead: spec("cluster.nginx-overhead-p50", "ms (p50)", atMost(5)),
};

const CONCURRENCY = 50;
const SAMPLES = 40;
const WARM_UP = 4;
const ROUTE = "/api/reports/usage";

export interface ClusterOptions {
  appDir: string;
  runDir: string;
  simulator: Simulator;
  clock: VirtualClock;
  browser: Browser;
}

function tally(values: readonly (number | string)[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[String(value)] = (counts[String(value)] ?? 0) + 1;
  return counts;
}

async function timedGet(url: string, cookieHeader: string): Promise<number> {
  const started = performance.now();
  // A browser's Accept-Encoding: what nginx compresses is part of what it adds.
  const response = await fetch(url, { headers: { cookie: cookieHeader, "accept-encoding": "gzip" } });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return ms;
}

async function coalescingRow(
  nginx: Nginx,
  instances: readonly Daybook[],
  simulator: Simulator,
  cookieHeader: string,
): Promise<Row> {
  const activity = simulatorActivity(simulator);
  for (const instance of instances) await waitIdle(instance.pid, activity);
  await simulator.clearRequests();
  const from = nginx.accessLog().length;
  const statuses = await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      const response = await fetch(`${nginx.url.replace("localhost", "127.0.0.1")}${ROUTE}`, {
        headers: { cookie: cookieHeader },
      });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  for (const instance of instances) await waitIdle(instance.pid, activity);
  const log = await simulator.requests();
  const calls = log.filter((request) => endpointOf(request.path) === "usage");
  const answeredBy = tally(
    nginx
      .accessLog()
      .slice(from)
      .map((entry) => entry.upstreams.at(-1) ?? "none"),
  );
  return row(CLUSTER_SPECS.coalescing, calls.length, {
    requests: CONCURRENCY,
    daybookStatuses: tally(statuses),
    answeredBy,
    upstreamStatuses: tally(calls.map((call) => String(call.status))),
    otherUpstreamCalls: countByEndpoint(log.filter((request) => endpointOf(request.path) !== "usage")),
  });
}

/** Through nginx and straight to an instance in turn (each instance in turn too), after warm-ups. */
async function overheadRow(nginx: Nginx, instances: readonly Daybook[], cookieHeader: string): Promise<Row> {
  const through: number[] = [];
  const direct: number[] = [];
  const nginxUrl = `${nginx.url.replace("localhost", "127.0.0.1")}${ROUTE}`;
  for (let i = 0; i < WARM_UP + SAMPLES; i++) {
    const throughMs = await timedGet(nginxUrl, cookieHeader);
    const directMs = await timedGet(`${instances[i % instances.length]!.url}${ROUTE}`, cookieHeader);
    if (i >= WARM_UP) {
      through.push(throughMs);
      direct.push(directMs);
    }
  }
  const summary = (values: number[]) => ({ p50: round(median(values)), p90: round(percentile(values, 90)) });
  return row(CLUSTER_SPECS.overhead, median(through) - median(direct), {
    route: `${ROUTE} (held, after the 50 loads)`,
    samples: SAMPLES,
    throughNginxMs: summary(through),
    directMs: summary(direct),
  });
}

/**
 * Starts PostgreSQL, the two instances (one after the other: the first applies the migrations and
 * creates the admin) and nginx, measures, and stops them all again.
 */
export async function clusterRows(options: ClusterOptions): Promise<Row[]> {
  const stops: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  };
  const removeCleanup = onCleanup(stopAll);
  try {
    let instances: Daybook[];
    let nginx: Nginx;
    try {
      const releasePorts = await holdNginxPorts();
      stops.push(async () => releasePorts());
      const postgres = await startPostgresCluster();
      stops.push(() => postgres.stop());
      // The same secrets on both, as the deployment guide requires.
      const env = {
        DATABASE_URL: postgres.url,
        AUTH_SECRET: randomBytes(32).toString("hex"),
        DAYBOOK_TRUSTED_PROXIES: "1",
      };
      instances = [];
      for (const port of INSTANCE_PORTS) {
        const instance = await startDaybook({
          appDir: options.appDir,
          dataDir: path.join(options.runDir, `data-cluster-${port}`),
          apiBaseUrl: options.simulator.url,
          sync: false,
          clock: options.clock,
          logFile: path.join(options.runDir, `daybook-cluster-${port}.log`),
          env,
          port,
        });
        stops.push(() => instance.stop());
        instances.push(instance);
      }
      nginx = await startNginx();
      stops.push(() => nginx.stop());
    } catch (error) {
      throw error instanceof SetupError
        ? error
        : new SetupError(`the cluster could not start: ${describeError(error)}`);
    }
    const { cookieHeader } = await signIn(options.browser, instances[0]!);
    const rows: Row[] = [];
    try {
      rows.push(await coalescingRow(nginx, instances, options.simulator, cookieHeader));
    } catch (error) {
      rows.push(failedRow(CLUSTER_SPECS.coalescing, error));
    }
    try {
      rows.push(await overheadRow(nginx, instances, cookieHeader));
    } catch (error) {
      rows.push(failedRow(CLUSTER_SPECS.overhead, error));
    }
    return rows;
  } finally {
    await stopAll();
    removeCleanup();
  }
}
