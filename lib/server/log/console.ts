import { formatWithOptions } from "node:util";

import { redact } from "@/lib/core/redact";

import { ORIGINAL_CONSOLE } from "./index";

const METHODS = ["log", "info", "debug", "warn", "error"] as const;
type Method = (typeof METHODS)[number];

/**
 * Sends whatever anything in the process writes with `console.*` through the redaction that
 * Daybook's own log lines get: Next's logger (a page's uncaught error, with its message and stack),
 * Auth.js's and any library's. Installed once, at start-up (instrumentation.ts, the scripts);
 * `log` (./index.ts) then writes through the methods kept here, so its lines are redacted once.
 * Arguments are formatted as console formats them, without colours, and the text is redacted.
 */
export function installConsoleRedaction(): void {
  const holder = globalThis as { [ORIGINAL_CONSOLE]?: Record<Method, (...args: unknown[]) => void> };
  if (holder[ORIGINAL_CONSOLE]) return;
  const original = Object.fromEntries(METHODS.map((method) => [method, console[method].bind(console)])) as Record<
    Method,
    (...args: unknown[]) => void
  >;
  holder[ORIGINAL_CONSOLE] = original;
  for (const method of METHODS) {
    console[method] = (...args: unknown[]) => original[method](redact(formatWithOptions({ colors: false }, ...args)));
  }
}
