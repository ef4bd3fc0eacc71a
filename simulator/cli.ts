import { parseArgs } from "node:util";

import { FAULT_KINDS, isFaultKind, type FaultKind } from "./faults";
import { startSimulator, type SimulatorOptions } from "./server";

const DEFAULT_PORT = 4010;

const USAGE = `Usage: npm run simulator -- [--port N] [--host H] [--seed S] [--large] [--properties N]
                          [--latency MS] [--concurrency N] [--now ISO] [--fail-next KIND,KIND...]
                          [--quiet | --log-file PATH]
  --port         TCP port (default ${DEFAULT_PORT}; 0 picks a free one)
  --host         interface to bind (default 127.0.0.1)
  --seed         integer data seed (default 20260814)
  --large        about 200 properties and 20,000 arrivals a day
  --properties   only the first N properties of the catalogue (all by default)
  --latency      milliseconds added before every API answer
  --concurrency  concurrent requests per key before 429 (default 6)
  --now          frozen clock, an ISO instant such as 2026-11-23T02:00:00Z
  --fail-next    faults for the next requests: ${FAULT_KINDS.join(", ")}
  --quiet        no per-request lines
  --log-file     per-request lines to this file (emptied on start, mode 600), not stderr`;

class UsageError extends Error {}

function integer(name: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) throw new UsageError(`--${name} must be an integer, got "${text}"`);
  const value = Number(text);
  if (value < min || value > max) throw new UsageError(`--${name} must be between ${min} and ${max}, got ${text}`);
  return value;
}

function parseFaults(text: string | undefined): FaultKind[] {
  if (text === undefined || text.trim() === "") return [];
  return text.split(",").map((raw) => {
    const kind = raw.trim();
    if (!isFaultKind(kind))
      throw new UsageError(`--fail-next: unknown fault "${kind}" (known: ${FAULT_KINDS.join(", ")})`);
    return kind;
  });
}

function parseCommandLine(argv: string[]): SimulatorOptions | "help" {
  const { values, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      seed: { type: "string" },
      large: { type: "boolean" },
      properties: { type: "string" },
      latency: { type: "string" },
      concurrency: { type: "string" },
      now: { type: "string" },
      "fail-next": { type: "string" },
      quiet: { type: "boolean" },
      "log-file": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return "help";
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  if (values.now !== undefined && !/^\d{4}-\d{2}-\d{2}T/.test(values.now)) {
    throw new UsageError(`--now must be an ISO instant such as 2026-11-23T02:00:00Z, got "${values.now}"`);
  }
  if (values["log-file"] === "") throw new UsageError("--log-file needs a file path");
  if (values.quiet && values["log-file"] !== undefined)
    throw new UsageError("--quiet and --log-file exclude each other");
  return {
    port: integer("port", values.port, 0, 65535) ?? DEFAULT_PORT,
    host: values.host,
    seed: integer("seed", values.seed, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
    large: values.large ?? false,
    properties: integer("properties", values.properties, 1, 10_000),
    latencyMs: integer("latency", values.latency, 0, 600_000),
    concurrencyLimit: integer("concurrency", values.concurrency, 1, 10_000),
    now: values.now,
    failNext: parseFaults(values["fail-next"]),
    quiet: values.quiet ?? false,
    logFile: values["log-file"],
  };
}

async function main(): Promise<void> {
  let options: SimulatorOptions | "help";
  try {
    options = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    // parseArgs reports unknown or value-less flags with a TypeError whose message is already clear.
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(`simulator: ${reason}\n${USAGE}\n`);
    process.exit(2);
  }
  if (options === "help") {
    process.stdout.write(`${USAGE}\n`);
    return;
  }

  let simulator;
  try {
    simulator = await startSimulator(options);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // Option values the server rejects are still usage errors (exit 2); anything else, e.g. a busy port, is 1.
    process.stderr.write(`simulator: ${reason}\n`);
    process.exit(error instanceof RangeError ? 2 : 1);
  }
  process.stdout.write(`Partner API simulator listening on ${simulator.url}\n`);

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    simulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

void main();
