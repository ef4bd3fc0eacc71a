/**
 * Daybook's one way to a log line: pino, JSON lines on stdout for a log collector (production), or
 * readable lines in the demo and in development (pino-pretty, warnings and errors on stderr as a
 * terminal expects). Every message is redacted (lib/core/redact.ts) before it is written: keys,
 * password hashes, session tokens, cookies, e-mails, ID numbers and dates of birth become markers,
 * and a database error's bound parameters go. Failures are described by the error's name and code,
 * never its message, since a driver's message may quote row values (guest data) and an upstream one
 * a request. What other code writes with `console.*` (libraries, Next itself) passes through the
 * same redaction, and in the server into this logger, once lib/server/log/console.ts is installed.
 *
 * Free of `server-only`, so scripts and tests use it too. A line written while a request is handled
 * carries that request's id (set by scripts/server.mjs, returned as X-Request-Id).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";

import { redact, type RedactOptions } from "@/lib/core/redact";
import type { LogLevel } from "@/lib/server/config/schema";
import { processSlot, processWide } from "@/lib/server/process-state";

export interface LogSettings {
  level: LogLevel;
  /** `plain`: the message alone, for a command's output, which is its answer to whoever ran it. */
  format: "json" | "pretty" | "plain";
  /** Where lines go instead of stdout/stderr (tests). */
  destination?: DestinationStream;
}

/** Fields of a structured line: fixed words, numbers, route patterns. Strings are redacted all the same. */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface LineOptions extends RedactOptions {
  fields?: LogFields;
}

/** The request being handled, shared with scripts/server.mjs (plain JavaScript outside the bundle). */
export const REQUEST_CONTEXT = Symbol.for("daybook.request-context");

interface RequestContext {
  requestId: string;
}

function requestContext(): RequestContext | undefined {
  const storage = (globalThis as { [REQUEST_CONTEXT]?: AsyncLocalStorage<RequestContext> })[REQUEST_CONTEXT];
  return storage?.getStore();
}

// Once per process: Next loads this module in more than one bundle (instrumentation, routes, pages),
// and each must write with the settings start-up gave.
const current = processSlot<{ settings: LogSettings; logger: Logger }>("log.logger");

function create(settings: LogSettings): Logger {
  const options: pino.LoggerOptions = {
    level: settings.level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const context = requestContext();
      return context ? { requestId: context.requestId } : {};
    },
  };
  if (settings.destination) return pino(options, settings.destination);
  if (settings.format === "json") return pino(options, pino.destination({ fd: 1, sync: true }));
  // Synchronous streams: no worker thread (which a bundle cannot load), and nothing lost at exit.
  const readable = (fd: 1 | 2) =>
    pretty({
      destination: fd,
      sync: true,
      colorize: Boolean(fd === 1 ? process.stdout.isTTY : process.stderr.isTTY),
      translateTime: "SYS:HH:MM:ss",
      ignore: settings.format === "plain" ? "pid,hostname,time,level" : "pid,hostname",
      // A readable line is its message and the request it belongs to; the other fields (an access
      // line's) are for JSON, and the message says them in words.
      hideObject: true,
      messageFormat: "{msg}{if requestId} [request {requestId}]{end}",
    });
  return pino(
    options,
    pino.multistream(
      [
        { level: "trace", stream: readable(1) },
        { level: "warn", stream: readable(2) },
      ],
      { dedupe: true },
    ),
  );
}

/** Sets the level and format (start-up, from the configuration); until then: info, plain. */
export function configureLog(settings: LogSettings): void {
  current.set({ settings, logger: create(settings) });
}

function logger(): Logger {
  return (current.get() ?? current.set({ settings: DEFAULT, logger: create(DEFAULT) })).logger;
}

const DEFAULT: LogSettings = { level: "info", format: "plain" };

const LEVEL_RANK = { debug: 20, info: 30, warn: 40, error: 50 } as const;
type LineLevel = keyof typeof LEVEL_RANK;

// Once per process, like the logger: a scope opened in one bundle must hold in code of another.
const quiet = processWide("log.quiet", () => new AsyncLocalStorage<LineLevel>());

/**
 * Runs `work` writing only lines at `least` or above: for a bulk job whose every step would
 * otherwise be a line (the demo's first start pulls 30 days, a hundred calls to the API), and
 * which says what it did in one line of its own when it ends. Warnings and errors still show.
 */
export function withLogAtLeast<T>(least: LineLevel, work: () => Promise<T>): Promise<T> {
  return quiet.run(least, work);
}

function redactFields(fields: LogFields | undefined, options: RedactOptions | undefined): LogFields {
  if (!fields) return {};
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [name, typeof value === "string" ? redact(value, options) : value]),
  );
}

function write(level: LineLevel, message: string, options?: LineOptions): void {
  const least = quiet.getStore();
  if (least && LEVEL_RANK[level] < LEVEL_RANK[least]) return;
  logger()[level](redactFields(options?.fields, options), redact(message, options));
}

/**
 * `keep: ["e-mail"]` is for a line that exists to name accounts (start-up's first accounts, a
 * command's answer); nothing else can be kept.
 */
export const log = {
  debug: (message: string, options?: LineOptions) => write("debug", message, options),
  info: (message: string, options?: LineOptions) => write("info", message, options),
  warn: (message: string, options?: LineOptions) => write("warn", message, options),
  error: (message: string, options?: LineOptions) => write("error", message, options),
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
