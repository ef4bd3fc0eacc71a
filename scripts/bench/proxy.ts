/**
 * A counting HTTP proxy between Daybook and the simulator: the simulator logs calls but not their
 * sizes, so the bytes Daybook receives are counted here. Each call is labelled with what the bench
 * was doing when it started (`window`).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

import type { ActivitySource } from "./idle";
import { onCleanup } from "./processes";
import { endpointOf } from "./simulator";

export interface ProxiedCall {
  /** Real epoch ms of the start. */
  at: number;
  path: string;
  endpoint: string;
  status: number | null;
  /** Response body bytes as received from the API. */
  bytes: number;
  done: boolean;
  window: string;
  /** The virtual instant the bench had set when the call started. */
  virtualAt: string;
}

export interface CountingProxy {
  url: string;
  calls: ProxiedCall[];
  /** The label given to calls from now on. */
  window: string;
  /** The virtual instant given to calls from now on. */
  virtualAt: string;
  activity: ActivitySource;
  stop(): Promise<void>;
}

export async function startCountingProxy(targetUrl: string): Promise<CountingProxy> {
  const target = new URL(targetUrl);
  const agent = new http.Agent({ keepAlive: true });
  const calls: ProxiedCall[] = [];
  const proxy: Partial<CountingProxy> = { calls, window: "start", virtualAt: "" };

  const server = http.createServer((req, res) => {
    const call: ProxiedCall = {
      at: Date.now(),
      path: (req.url ?? "/").split("?")[0]!,
      endpoint: endpointOf((req.url ?? "/").split("?")[0]!),
      status: null,
      bytes: 0,
      done: false,
      window: proxy.window!,
      virtualAt: proxy.virtualAt!,
    };
    calls.push(call);
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
        agent,
      },
      (answer) => {
        call.status = answer.statusCode ?? null;
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.on("data", (chunk: Buffer) => {
          call.bytes += chunk.length;
        });
        answer.on("end", () => {
          call.done = true;
        });
        answer.on("error", () => {
          call.done = true;
          res.destroy();
        });
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      call.done = true;
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.on("aborted", () => {
      call.done = true;
      upstream.destroy();
    });
    req.pipe(upstream);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  let stopped: Promise<void> | null = null;
  const stop = () => {
    stopped ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
      agent.destroy();
    });
    return stopped;
  };
  onCleanup(stop);

  return Object.assign(proxy, {
    url: `http://127.0.0.1:${port}`,
    activity: async () => ({
      count: calls.length,
      inFlight: calls.filter((call) => !call.done).length,
      lastStartedAt: calls.reduce((latest, call) => Math.max(latest, call.at), 0),
    }),
    stop,
  }) as CountingProxy;
}
