import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

import { handleApiRequest } from "./api";
import type { SimulatorContext } from "./context";
import { handleControlRequest } from "./control";
import { DayStore } from "./data/day-store";
import { parseIsoInstant } from "./data/local-time";
import { catalogue } from "./data/properties";
import { isFaultKind, type FaultKind } from "./faults";
import { RequestLines, RequestLog } from "./request-log";
import { splitTarget } from "./request-target";
import { problem, sendProblem } from "./responses";
import { SimulatorState } from "./state";

export type { FaultKind } from "./faults";
export { FAULT_KINDS } from "./faults";
export { DEMO_KEY, KEYS, type Endpoint, type SimulatorKey } from "./keys";

export interface SimulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  seed?: number;
  /** About 200 properties and about 20,000 arrivals a day. */
  large?: boolean;
  /** Only the first N properties of the catalogue (e.g. a smaller group in large mode); all by default. */
  properties?: number;
  /** Added before every API answer. */
  latencyMs?: number;
  /** Concurrent requests allowed per key before 429. */
  concurrencyLimit?: number;
  /** Frozen clock: an ISO 8601 instant with a zone. */
  now?: string;
  /** No per-request lines at all. */
  quiet?: boolean;
  /** The per-request lines go to this file instead of stderr (truncated on start, mode 600). */
  logFile?: string;
  /** Faults queued at start, as with POST /__simulator/faults { next }. */
  failNext?: FaultKind[];
}

export interface RunningSimulator {
  /** e.g. "http://127.0.0.1:43121", no trailing slash. */
  url: string;
  port: number;
  close(): Promise<void>;
}

export const DEFAULT_SEED = 20260814;
export const DEFAULT_CONCURRENCY_LIMIT = 6;

function validated(options: SimulatorOptions) {
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError(`port must be 0-65535, got ${port}`);
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  const latencyMs = options.latencyMs ?? 0;
  if (!Number.isFinite(latencyMs) || latencyMs < 0) throw new RangeError(`latencyMs must be >= 0, got ${latencyMs}`);
  const concurrencyLimit = options.concurrencyLimit ?? DEFAULT_CONCURRENCY_LIMIT;
  if (!Number.isInteger(concurrencyLimit) || concurrencyLimit < 1) {
    throw new RangeError(`concurrencyLimit must be a positive integer, got ${concurrencyLimit}`);
  }
  const nowMs = options.now === undefined ? null : parseIsoInstant(options.now);
  if (options.now !== undefined && nowMs === null) {
    throw new RangeError(`now must be an ISO 8601 instant with a zone, got ${options.now}`);
  }
  const properties = options.properties;
  if (properties !== undefined && (!Number.isInteger(properties) || properties < 1)) {
    throw new RangeError(`properties must be a positive integer, got ${properties}`);
  }
  const failNext = options.failNext ?? [];
  const badFault = failNext.find((kind) => !isFaultKind(kind));
  if (badFault !== undefined) throw new RangeError(`unknown fault kind ${String(badFault)}`);
  const logFile = options.logFile;
  if (logFile !== undefined && (typeof logFile !== "string" || logFile === "")) {
    throw new RangeError(`logFile must be a file path, got ${JSON.stringify(logFile)}`);
  }
  // Asking for no lines and for a file of them is a mistake worth naming rather than guessing at.
  if (logFile !== undefined && options.quiet) throw new RangeError("quiet and logFile exclude each other");
  return {
    port,
    host: options.host ?? "127.0.0.1",
    failNext,
    logFile,
    properties,
    settings: {
      seed,
      large: options.large ?? false,
      latencyMs,
      concurrencyLimit,
      nowMs,
      quiet: options.quiet ?? false,
    },
  };
}

/** Malformed HTTP never reaches a handler; it still gets a problem body and a correlation id. */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const correlationId = randomUUID();
  const body = JSON.stringify(problem(400, "invalid_request", "The request could not be parsed.", correlationId));
  socket.end(
    "HTTP/1.1 400 Bad Request\r\n" +
      "Content-Type: application/problem+json\r\n" +
      `X-Correlation-Id: ${correlationId}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      "Connection: close\r\n\r\n" +
      body,
  );
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const { port, host, failNext, logFile, properties, settings } = validated(options);
  let boundPort = port;
  const lines =
    logFile !== undefined ? RequestLines.file(logFile) : settings.quiet ? RequestLines.none() : RequestLines.stderr();
  const context: SimulatorContext = {
    state: new SimulatorState(settings, failNext),
    log: new RequestLog(),
    lines,
    store: new DayStore(settings.seed),
    catalogue: catalogue(settings.large).slice(0, properties),
    inFlight: new Map(),
    hangTimers: new Set(),
    port: () => boundPort,
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const { path } = splitTarget(req.url ?? "/");
    if (path === "/__simulator" || path.startsWith("/__simulator/")) {
      await handleControlRequest(context, req, res, path);
    } else {
      await handleApiRequest(context, req, res);
    }
  };

  const server = createServer((req, res) => {
    // A client vanishing mid-request must never surface as an unhandled error.
    req.on("error", () => undefined);
    res.on("error", () => undefined);
    handle(req, res).catch(() => {
      if (!res.headersSent) {
        sendProblem(res, problem(500, "internal_error", "An unexpected error occurred.", randomUUID()));
      } else {
        res.destroy();
      }
    });
  });
  server.on("clientError", answerClientError);
  // Idle connections stay open longer than a client's pause between calls (Node's default is 5 s):
  // a client reusing one just as the server closes it sees ECONNRESET, which a gateway's minute-long
  // keep-alive makes rare in front of the real API.
  server.keepAliveTimeout = 65_000;

  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    lines.close();
    throw error;
  }
  boundPort = (server.address() as AddressInfo).port;
  server.on("error", (error) => {
    if (!settings.quiet) process.stderr.write(`simulator server error: ${String(error)}\n`);
  });

  let closing: Promise<void> | null = null;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${boundPort}`,
    port: boundPort,
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const timer of context.hangTimers) clearTimeout(timer);
        context.hangTimers.clear();
        server.close(() => {
          lines.close();
          resolve();
        });
        // Hanging and keep-alive connections would otherwise hold close() open.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
