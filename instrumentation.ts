import type { Instrumentation } from "next";

/** Runs once when a server starts, before it answers any request. */
export async function register() {
  // NEXT_RUNTIME is Next's own build-time constant, not configuration: it keeps Node-only code out of the Edge bundle.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // First, so that everything written from here on, Next's own error lines included, is redacted
    // and goes to the one log (JSON lines in production).
    const { installConsoleRedaction } = await import("@/lib/server/log/console");
    installConsoleRedaction({ intoLog: true });
    // Before anything else is loaded, since some modules read the configuration as they load: a
    // bad configuration ends the process here, naming each variable, before the server listens.
    // Then the log's format and level, and what scripts/server.mjs calls when a request ends (its
    // access line, the request metrics) or the process stops.
    const { configureLog } = await import("@/lib/server/log");
    const { configOrExit, installServerBridge } = await import("@/lib/server/lifecycle");
    const { observeHttpRequest } = await import("@/lib/server/metrics");
    const config = configOrExit();
    configureLog(config.log);
    installServerBridge({
      drainMs: config.operations.drainMs,
      // Behind a reverse proxy (deploy/nginx/daybook.conf gzips every answer), compressing here too
      // would cost each instance CPU for nothing; answering directly (the demo, one instance), it is ours.
      compress: config.trustedProxies === 0,
      observe: observeHttpRequest,
      accessLevel: config.log.access,
    });
    const { startDaybook } = await import("@/lib/features/admin/setup");
    await startDaybook();
  }
}

/**
 * A failure that escaped a page, route, action or the proxy: one line naming the route (its pattern,
 * not the path asked for, whose query may hold a guest's name) and the error by name and code, with
 * the digest the browser's error screen shows, so the two can be matched.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  const digest = (error as { digest?: unknown } | null)?.digest;
  const what = `daybook: ${request.method} ${context.routeType} ${context.routePath} failed`;
  const tail = typeof digest === "string" ? ` digest ${digest}` : "";
  // The log (pino, the request context) is Node's: imported here, never into the Edge bundle, which
  // Next builds from this file too and which would otherwise take in Node's APIs. Anything but Edge
  // is Node (a test calls this with no NEXT_RUNTIME at all).
  if (process.env.NEXT_RUNTIME !== "edge") {
    const { describeErrorForLog, log } = await import("@/lib/server/log");
    log.error(`${what} (${describeErrorForLog(error)})${tail}`);
  } else {
    console.error(`${what} (${error instanceof Error ? error.name : "unknown error"})${tail}`);
  }
};
