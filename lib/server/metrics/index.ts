/**
 * Daybook's Prometheus metrics (prom-client), served by GET /api/metrics.
 *
 * One registry per process, on globalThis under `daybook.metrics`: Next bundles a module once per
 * route or action that imports it, and dev reloads evaluate it again, so a registry made per module
 * copy would scatter the counts over several registries and scrape only one. Each metric is made
 * once on that registry (`metric` below) and every copy of a module finds the same one.
 * scripts/server.mjs, which is plain JavaScript outside the bundles, counts each request through the
 * bridge start-up installs (lib/server/lifecycle.ts).
 *
 * Labels carry only fixed words, route patterns, the API's fixed endpoint paths and property names:
 * never a person's name, an e-mail, a search or any other text someone typed.
 *
 * Free of `server-only`, like lib/server/log: the command-line scripts (the pull, accounts) run the
 * same instrumented code.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
  type Metric,
} from "prom-client";

import { processWide } from "@/lib/server/process-state";

export interface HttpRequestObservation {
  method: string;
  /** The route's pattern (`/admin/mail/caught/[id]`), never the path asked for; `(unmatched)` for none. */
  route: string;
  status: number;
  durationMs: number;
}

interface MetricsState {
  registry: Registry;
}

/** Durations from a few milliseconds (a held report) to the upstream timeout's range. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const state = processWide<MetricsState>("metrics", () => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return { registry };
});

/** The process's registry: everything Daybook measures, process metrics included. */
export function metricsRegistry(): Registry {
  return state.registry;
}

/** The scrape: the registry in Prometheus text format, and its content type. */
export async function scrapeMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: state.registry.contentType, body: await state.registry.metrics() };
}

/**
 * Whether an `Authorization` header carries `Bearer <token>`. Compared in constant time (as
 * digests, so that neither the length nor the first differing character shows in the timing).
 */
export function bearerMatches(authorization: string | null, token: string): boolean {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization ?? "");
  const given = createHash("sha256")
    .update(match?.[1] ?? "")
    .digest();
  const expected = createHash("sha256").update(token).digest();
  return timingSafeEqual(given, expected) && match !== null;
}

/**
 * The metric named `name` on the process's registry, made by `create` the first time: whichever
 * copy of a module asks, the same metric answers.
 */
export function metric<M extends Metric>(name: string, create: (registry: Registry) => M): M {
  return (state.registry.getSingleMetric(name) as M | undefined) ?? create(state.registry);
}

export function counter<L extends string>(config: Omit<CounterConfiguration<L>, "registers">): Counter<L> {
  return metric(config.name, (registry) => new Counter({ ...config, registers: [registry] }));
}

export function gauge<L extends string>(config: Omit<GaugeConfiguration<L>, "registers">): Gauge<L> {
  return metric(config.name, (registry) => new Gauge({ ...config, registers: [registry] }));
}

export function histogram<L extends string>(config: Omit<HistogramConfiguration<L>, "registers">): Histogram<L> {
  return metric(
    config.name,
    (registry) => new Histogram({ buckets: DURATION_BUCKETS, ...config, registers: [registry] }),
  );
}

// ---------------------------------------------------------------------------------------------
// HTTP requests

const HTTP_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/**
 * A route pattern is a path of fixed segments and [params]: anything else (a query, a space, an
 * e-mail's @) is not one, and not kept.
 */
const ROUTE_PATTERN = /^\/[A-Za-z0-9_\-./[\]()]*$/;
/** A raw path's `.` or `..` segment (a catch-all's `[...slug]` is a pattern's own). */
const DOT_SEGMENT = /(^|\/)\.\.?(\/|$)/;

const httpRequests = () =>
  histogram({
    name: "daybook_http_request_duration_seconds",
    help: "Requests Daybook answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
  });

/**
 * One finished request. A method outside HTTP's own or a route that is not a pattern is counted
 * as `OTHER` / `(unmatched)`, so nothing a client wrote becomes a label.
 */
export function observeHttpRequest({ method, route, status, durationMs }: HttpRequestObservation): void {
  const upper = method.toUpperCase();
  httpRequests().observe(
    {
      method: HTTP_METHODS.has(upper) ? upper : "OTHER",
      route: route.length <= 200 && ROUTE_PATTERN.test(route) && !DOT_SEGMENT.test(route) ? route : "(unmatched)",
      status: Number.isInteger(status) && status >= 100 && status <= 599 ? String(status) : "0",
    },
    Math.max(0, durationMs) / 1000,
  );
}

// ---------------------------------------------------------------------------------------------
// Upstream calls

/**
 * How one upstream request ended: `ok`; the API's refusal (`http_4xx`, `rate_limited` for 429,
 * `http_5xx`); no answer (`timeout`, `network`); an answer Daybook could not use (`invalid_body`:
 * not JSON, against the contract, over the size limit; `redirect` elsewhere); `aborted` by its
 * caller; or never sent because the circuit was open (`circuit_open`).
 */
export type UpstreamOutcome =
  | "ok"
  | "http_4xx"
  | "rate_limited"
  | "http_5xx"
  | "timeout"
  | "network"
  | "invalid_body"
  | "redirect"
  | "aborted"
  | "circuit_open";

const upstreamRequests = () =>
  histogram({
    name: "daybook_upstream_request_duration_seconds",
    help: "Requests to the Partner API, by endpoint path and outcome (circuit_open: refused without a request)",
    labelNames: ["endpoint", "outcome"] as const,
  });

/** One request to the Partner API; `endpoint` is the API's fixed path (`/api/public/v1/guests`). */
export function observeUpstreamRequest(endpoint: string, outcome: UpstreamOutcome, durationMs: number): void {
  upstreamRequests().observe({ endpoint, outcome }, Math.max(0, durationMs) / 1000);
}

/** Why a report needed no call of its own: it joined one in flight, or the stored copy answered. */
export type CallSaving = "single_flight" | "held_copy";

const callsSaved = () =>
  counter({
    name: "daybook_upstream_calls_saved_total",
    help: "Partner API calls not made: joined to one in flight (single_flight) or answered from the held copy (held_copy)",
    labelNames: ["endpoint", "by"] as const,
  });

export function countSavedCall(endpoint: string, by: CallSaving): void {
  callsSaved().inc({ endpoint, by });
}

/** The circuit breaker's states as numbers: a gauge holds a number. */
export const CIRCUIT_STATE_VALUE = { closed: 0, "half-open": 1, open: 2 } as const;

/**
 * The circuit breaker's state, read on each scrape from `read` (the configured API's breaker).
 * The first registration wins: every copy of the partner-api module reads the same breaker.
 */
export function watchCircuitState(read: () => keyof typeof CIRCUIT_STATE_VALUE | null): void {
  gauge({
    name: "daybook_upstream_circuit_state",
    help: "The Partner API circuit breaker: 0 closed, 1 half-open, 2 open",
    collect() {
      const current = read();
      if (current === null) this.reset();
      else this.set(CIRCUIT_STATE_VALUE[current]);
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Sign-in

/** Why a sign-in was refused after its password or code was checked. */
export type SignInFailure =
  "invalid_password" | "disabled" | "invalid_code" | "expired" | "sso_refused" | "password_off";
/** A sign-in refused before anything was checked: the account or address is locked, or the queue is full. */
export type SignInThrottle = "locked" | "busy";

const signInFailures = () =>
  counter({
    name: "daybook_sign_in_failures_total",
    help: "Refused sign-ins, by reason",
    labelNames: ["reason"] as const,
  });

const signInThrottles = () =>
  counter({
    name: "daybook_sign_in_throttled_total",
    help: "Sign-ins turned away unchecked: locked (too many failures) or busy (the sign-in queue was full)",
    labelNames: ["by"] as const,
  });

export function countSignInFailure(reason: SignInFailure): void {
  signInFailures().inc({ reason });
}

export function countSignInThrottle(by: SignInThrottle): void {
  signInThrottles().inc({ by });
}

// ---------------------------------------------------------------------------------------------
// Database pool

/** What the gauges read of node-postgres's pool. */
export interface PoolUse {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const watchedPool = processWide<{ pool: PoolUse | null }>("metrics.pool", () => ({ pool: null }));

/**
 * The PostgreSQL pool the gauges read. The embedded database has no pool: the gauges are made
 * only once a pool is watched, and say nothing on PGlite.
 */
export function watchPool(pool: PoolUse): void {
  watchedPool.pool = pool;
  const poolGauge = (name: string, help: string, read: (pool: PoolUse) => number) =>
    gauge({
      name,
      help,
      collect() {
        const current = watchedPool.pool;
        if (current) this.set(read(current));
        else this.reset();
      },
    });
  poolGauge("daybook_db_pool_connections", "PostgreSQL connections the pool holds", (p) => p.totalCount);
  poolGauge("daybook_db_pool_idle_connections", "PostgreSQL connections idle in the pool", (p) => p.idleCount);
  poolGauge("daybook_db_pool_waiting_queries", "Queries waiting for a pool connection", (p) => p.waitingCount);
}

/** The pool is closed: its gauges read 0 until another is watched. */
export function stopWatchingPool(pool: PoolUse): void {
  if (watchedPool.pool === pool) watchedPool.pool = null;
}
