/**
 * The Partner API simulator (simulator/cli.ts) in a child process of its own, so that generating a
 * large day (about 0.5 s of CPU) never stalls the bench's own timers, and its control endpoints.
 */
import { createRequire } from "node:module";
import path from "node:path";

import { REPO_ROOT } from "./build";
import { baseEnv, startChild, type Child } from "./processes";

/** The simulator's published demo key: every endpoint, every property. */
export const DEMO_KEY = "da7ab00cda7ab00cda7ab00cda7ab00c";

export const API_PATHS = {
  usage: "/api/public/v1/usage/dashboard",
  guests: "/api/public/v1/guests",
  criminalArrivals: "/api/public/v1/criminal-arrivals",
} as const;

export interface LoggedRequest {
  seq: number;
  /** Epoch ms of arrival. */
  at: number;
  method: string;
  path: string;
  status: number | null;
  fault: string | null;
}

export interface Simulator {
  url: string;
  large: boolean;
  child: Child;
  requests(): Promise<LoggedRequest[]>;
  clearRequests(): Promise<void>;
  setLatency(ms: number): Promise<void>;
  setClock(iso: string): Promise<void>;
  /** A report straight from the API with the demo key: its size in bytes and how long it took. */
  direct(apiPath: string): Promise<{ bytes: number; ms: number }>;
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);

export async function startSimulator(options: {
  large: boolean;
  now: string;
  logFile: string;
  /** Only the first N properties of the catalogue. */
  properties?: number;
}): Promise<Simulator> {
  const tsx = path.join(path.dirname(require.resolve("tsx/package.json")), "dist", "cli.mjs");
  const args = [tsx, "simulator/cli.ts", "--port", "0", "--now", options.now, "--quiet"];
  if (options.large) args.push("--large");
  if (options.properties !== undefined) args.push("--properties", String(options.properties));
  const child = startChild(process.execPath, args, {
    cwd: REPO_ROOT,
    env: baseEnv(),
    logFile: options.logFile,
    stdout: "pipe",
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = "";
    const timer = setTimeout(() => reject(new Error("the simulator did not start within 60 s")), 60_000);
    child.process.stdout!.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(buffer);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    void child.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the simulator exited (${code}) before it was listening`));
    });
  });
  child.process.stdout!.resume();

  const control = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${url}/__simulator/${route}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as unknown;
    if (!response.ok) throw new Error(`simulator ${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };

  return {
    url,
    large: options.large,
    child,
    requests: async () => ((await control("GET", "requests")) as { requests: LoggedRequest[] }).requests,
    clearRequests: async () => void (await control("DELETE", "requests")),
    setLatency: async (ms) => void (await control("POST", "faults", { latencyMs: ms })),
    setClock: async (iso) => void (await control("POST", "clock", { now: iso })),
    direct: async (apiPath) => {
      const started = performance.now();
      const response = await fetch(`${url}${apiPath}`, {
        headers: { "X-API-Key": DEMO_KEY, Accept: "application/json" },
      });
      const body = await response.arrayBuffer();
      const ms = performance.now() - started;
      if (!response.ok) throw new Error(`direct ${apiPath}: ${response.status}`);
      return { bytes: body.byteLength, ms };
    },
    stop: () => child.stop(),
  };
}

/** Which report a request log path is for ("usage", "guests", "criminal-arrivals"), or "other". */
export function endpointOf(requestPath: string): string {
  if (requestPath.endsWith("/usage/dashboard")) return "usage";
  if (requestPath.endsWith("/criminal-arrivals")) return "criminal-arrivals";
  if (requestPath.endsWith("/guests")) return "guests";
  return "other";
}

export function countByEndpoint(requests: readonly { path: string }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const request of requests) {
    const endpoint = endpointOf(request.path);
    counts[endpoint] = (counts[endpoint] ?? 0) + 1;
  }
  return counts;
}
