/**
 * Daybook's one way to a log line. Every line is redacted (lib/core/redact.ts) before it is written:
 * keys, password hashes, session tokens, cookies, e-mails, ID numbers and dates of birth become
 * markers, and a database error's bound parameters go. Failures are described by the error's name
 * and code, never its message, since a driver's message may quote row values (guest data) and an
 * upstream one a request. What other code writes with `console.*` (libraries, Next itself) passes
 * through the same redaction once lib/server/log/console.ts is installed, at start-up.
 *
 * Free of `server-only` and of Node's own modules, so scripts, tests and the Edge runtime can use it.
 */
import { redact, type RedactOptions } from "@/lib/core/redact";

type Method = "log" | "warn" | "error";
type Sink = Record<Method, (line: string) => void>;

/** Where console's own methods are kept once the console is wrapped, so no line is redacted twice. */
export const ORIGINAL_CONSOLE = Symbol.for("daybook.console.original");

function sink(): Sink {
  return (globalThis as { [ORIGINAL_CONSOLE]?: Sink })[ORIGINAL_CONSOLE] ?? console;
}

function write(method: Method, message: string, options?: RedactOptions): void {
  sink()[method](redact(message, options));
}

/**
 * `info` goes to stdout, `warn` and `error` to stderr, as console's do. `keep: ["e-mail"]` is for a
 * line that exists to name accounts (start-up's first accounts, a command's answer); nothing else
 * can be kept.
 */
export const log = {
  info: (message: string, options?: RedactOptions) => write("log", message, options),
  warn: (message: string, options?: RedactOptions) => write("warn", message, options),
  error: (message: string, options?: RedactOptions) => write("error", message, options),
};

/** An error's name and code (a driver's SQLSTATE too), never its message: a driver's message may quote row values. */
export function describeErrorForLog(error: unknown): string {
  if (!(error instanceof Error)) return "unknown error";
  const code = (error as { code?: unknown }).code;
  const correlation = (error as { correlationId?: unknown }).correlationId;
  return [
    error.name,
    typeof code === "string" ? code : null,
    typeof correlation === "string" ? `correlation ${correlation}` : null,
  ]
    .filter(Boolean)
    .join(" ");
}

/** Logs that `what` failed, naming the error as `describeErrorForLog` does. */
export function logFailure(what: string, error: unknown): void {
  log.error(`${what} failed (${describeErrorForLog(error)})`);
}
