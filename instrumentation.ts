import type { Instrumentation } from "next";

import { configureLog, describeErrorForLog, log } from "@/lib/server/log";

/** Runs once when a server starts, before it answers any request. */
export async function register() {
  // NEXT_RUNTIME is Next's own build-time constant, not configuration: it keeps Node-only code out of the Edge bundle.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // First, so that everything written from here on, Next's own error lines included, is redacted
    // and goes to the one log (JSON lines in production).
    const { installConsoleRedaction } = await import("@/lib/server/log/console");
    installConsoleRedaction({ intoLog: true });
    // The log's format and level before anything else is loaded; a bad configuration is reported by
    // startDaybook, in the default format.
    const { getConfig } = await import("@/lib/server/config");
    try {
      configureLog(getConfig().log);
    } catch {}
    const { startDaybook } = await import("@/lib/features/admin/setup");
    await startDaybook();
  }
}

/**
 * A failure that escaped a page, route, action or the proxy: one line naming the route (its pattern,
 * not the path asked for, whose query may hold a guest's name) and the error by name and code, with
 * the digest the browser's error screen shows, so the two can be matched.
 */
export const onRequestError: Instrumentation.onRequestError = (error, request, context) => {
  const digest = (error as { digest?: unknown } | null)?.digest;
  log.error(
    `daybook: ${request.method} ${context.routeType} ${context.routePath} failed (${describeErrorForLog(error)})` +
      (typeof digest === "string" ? ` digest ${digest}` : ""),
  );
};
