import { formatWithOptions } from "node:util";

import { redact } from "@/lib/core/redact";

import { log } from "./index";

const METHODS = ["log", "info", "debug", "warn", "error"] as const;
type Method = (typeof METHODS)[number];

const INSTALLED = Symbol.for("daybook.console.installed");

const LEVEL: Record<Method, "debug" | "info" | "warn" | "error"> = {
  log: "info",
  info: "info",
  debug: "debug",
  warn: "warn",
  error: "error",
};

export interface ConsoleOptions {
  /**
   * The server: every console line becomes a line of Daybook's logger (JSON in production), so the
   * log holds one format. A command keeps console's own output, its answer to whoever ran it.
   */
  intoLog: boolean;
}

/**
 * Sends whatever anything in the process writes with `console.*` (Next's logger with a page's
 * uncaught error and its stack, Auth.js's, any library's) through the redaction that Daybook's own
 * log lines get. Installed once, at start-up (instrumentation.ts, the scripts). Arguments are
 * formatted as console formats them, without colours.
 */
export function installConsoleRedaction(options: ConsoleOptions = { intoLog: false }): void {
  const holder = globalThis as { [INSTALLED]?: true };
  if (holder[INSTALLED]) return;
  holder[INSTALLED] = true;
  for (const method of METHODS) {
    const original = console[method].bind(console);
    console[method] = options.intoLog
      ? (...args: unknown[]) => log[LEVEL[method]](formatWithOptions({ colors: false }, ...args))
      : (...args: unknown[]) => original(redact(formatWithOptions({ colors: false }, ...args)));
  }
}
