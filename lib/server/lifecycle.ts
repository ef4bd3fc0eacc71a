/**
 * Where this instance is in its life (starting, serving, draining), and what the bundled code hands
 * to Daybook's server (scripts/server.mjs, plain JavaScript outside the bundle) on globalThis: the
 * drain time from the configuration, the switch into draining, and what to do when a request ends
 * (one access line, the request metrics).
 */
import { ConfigError, getConfig, type Config } from "@/lib/server/config";
import { describeErrorForLog, log } from "@/lib/server/log";
import { processWide } from "@/lib/server/process-state";

export type Phase = "starting" | "serving" | "draining";

const state = processWide("lifecycle", () => ({ phase: "starting" as Phase }));

export function currentPhase(): Phase {
  return state.phase;
}

/** Start-up is done: readiness may answer 200 from now on. */
export function markServing(): void {
  if (state.phase === "starting") state.phase = "serving";
}

/**
 * The configuration, or the end of the process. Called first at start-up, before any module that
 * reads the configuration as it loads: a ConfigError names each variable and what is wrong with it,
 * never a value, and the process exits non-zero before Daybook's server listens.
 */
export function configOrExit(): Config {
  try {
    return getConfig();
  } catch (error) {
    log.error(
      error instanceof ConfigError
        ? error.message
        : `Daybook cannot start: the configuration could not be read (${describeErrorForLog(error)})`,
    );
    process.exit(1);
  }
}

const STARTUP = Symbol.for("daybook.startup");

/**
 * Start-up's checks passed (the configuration, the database and its migrations, the first
 * accounts): Daybook's server (scripts/server.mjs) waits for this before it listens, so a process
 * that cannot work never answers, and one that answers can. Absent under `next dev`.
 */
export function markChecked(): void {
  (globalThis as { [STARTUP]?: { checked(): void } })[STARTUP]?.checked();
}

/** The process is stopping: readiness answers 503 from now on, whatever the database says. */
export function startDrain(): void {
  state.phase = "draining";
}

/** One finished request, as scripts/server.mjs measures it: the route's pattern, never its URL. */
export interface FinishedRequest {
  method: string;
  route: string;
  status: number;
  durationMs: number;
  requestId: string;
}

export interface ServerBridge {
  drainMs: number;
  /** Whether scripts/server.mjs compresses its answers: only when no reverse proxy is in front to do it. */
  compress: boolean;
  startDrain(): void;
  requestFinished(request: FinishedRequest): void;
}

const BRIDGE = Symbol.for("daybook.server");

/**
 * Probes come every few seconds from each balancer and monitor, and a page brings a dozen static
 * files: their lines would bury the rest. They are written at debug level.
 */
const QUIET_ROUTES = new Set(["/api/health/live", "/api/health/ready", "/api/metrics", "/_next/static"]);

export function installServerBridge(options: {
  drainMs: number;
  compress: boolean;
  /** The level of a request's access line (the configuration's `log.access`); probes' are at debug. */
  accessLevel?: "info" | "debug";
  /** The request metrics (lib/server/metrics), when there are any. */
  observe?: (request: FinishedRequest) => void;
}): void {
  const bridge: ServerBridge = {
    drainMs: options.drainMs,
    compress: options.compress,
    startDrain,
    requestFinished(request) {
      const { requestId, ...fields } = request;
      const line = { fields: { ...fields, durationMs: Math.round(request.durationMs * 10) / 10, requestId } };
      const message = `${request.method} ${request.route} ${request.status} in ${line.fields.durationMs} ms`;
      if (request.status >= 500) log.info(message, line);
      else if (QUIET_ROUTES.has(request.route)) log.debug(message, line);
      else log[options.accessLevel ?? "info"](message, line);
      options.observe?.(request);
    },
  };
  (globalThis as { [BRIDGE]?: ServerBridge })[BRIDGE] = bridge;
}
