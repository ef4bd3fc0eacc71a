/**
 * deploy/nginx/daybook.conf as nginx runs it (tests/support/nginx.ts), in front of two plain HTTP
 * servers on the instances' ports that answer with what they received: what nginx passes on, which
 * requests it retries on the other instance, what it streams, compresses, caches and denies.
 */
import { once } from "node:events";
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";

import { holdNginxPorts, INSTANCE_PORTS, startNginx, type Nginx } from "@/tests/support/nginx";

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

interface Seen {
  port: number;
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
}

const seen: Seen[] = [];
/** What each instance does with a request; by default it answers what it received as JSON. */
const handlers = new Map<number, Handler>();
const echo: Handler = (request, response) => {
  response.setHeader("content-type", "application/json");
  response.end(JSON.stringify({ headers: request.headers, filler: "x".repeat(4_000) }));
};

let nginx: Nginx;
let instances: Server[];

let releasePorts: () => void;

// The end-to-end cluster suite, when it runs beside this one, holds the ports for its whole file
// (a minute or two): the hook waits for them, longer than the usual hook timeout.
beforeAll(async () => {
  releasePorts = await holdNginxPorts();
  instances = await Promise.all(
    INSTANCE_PORTS.map(async (port) => {
      const server = createServer((request, response) => {
        let body = "";
        request.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
        request.on("end", () => {
          seen.push({ port, method: request.method ?? "", url: request.url ?? "", headers: request.headers });
          (handlers.get(port) ?? echo)(request, response, body);
        });
      });
      server.listen(port, "127.0.0.1");
      await once(server, "listening");
      return server;
    }),
  );
}, 5 * 60_000);

afterAll(async () => {
  for (const server of instances ?? []) {
    server.closeAllConnections();
    server.close();
  }
  releasePorts?.();
});

// A fresh nginx for each test: it remembers an instance that failed (fail_timeout) for 10 s.
beforeEach(async () => {
  seen.length = 0;
  handlers.clear();
  nginx = await startNginx();
});

afterEach(async () => {
  await nginx.stop();
});

const BASE = "http://127.0.0.1:8080";

it("spreads requests over both instances and passes the client's address as one appended hop", async () => {
  for (let i = 0; i < 4; i++) {
    const response = await fetch(`${BASE}/guests`, {
      headers: { "x-forwarded-for": "203.0.113.9", "x-real-ip": "6.6.6.6" },
    });
    expect(response.status).toBe(200);
  }
  expect(new Set(seen.map((request) => request.port))).toEqual(new Set(INSTANCE_PORTS));
  for (const { headers } of seen) {
    // What the client wrote stays to the left; DAYBOOK_TRUSTED_PROXIES=1 reads the entry nginx appended.
    expect(headers["x-forwarded-for"]).toBe("203.0.113.9, 127.0.0.1");
    expect(headers["x-real-ip"]).toBe("127.0.0.1");
    expect(headers["x-forwarded-proto"]).toBe("http");
    // With the port, as the browser's Origin has it: Next compares them for server actions.
    expect(headers.host).toBe("127.0.0.1:8080");
    expect(headers["x-forwarded-host"]).toBe("127.0.0.1:8080");
    // The upstream connection is kept open for the next request.
    expect(headers.connection).toBeUndefined();
  }
});

it("denies /api/metrics from outside, however it is spelled", async () => {
  for (const path of ["/api/metrics", "/api//metrics", "/api/%6Detrics", "/api/./metrics"]) {
    expect((await fetch(`${BASE}${path}`)).status, path).toBe(403);
  }
  expect(seen).toEqual([]);
});

it("retries a GET on the other instance when one fails", async () => {
  // The first instance drops the connection without answering, as a process that dies mid-request.
  handlers.set(INSTANCE_PORTS[0], (request) => request.socket.destroy());
  for (let i = 0; i < 2; i++) expect((await fetch(`${BASE}/guests`)).status).toBe(200);
  expect(seen.filter((request) => request.port === INSTANCE_PORTS[0]).length).toBeGreaterThanOrEqual(1);
  expect(seen.filter((request) => request.port === INSTANCE_PORTS[1])).toHaveLength(2);
});

it("never sends a POST (a form, a sign-in) twice: one that reached a failing instance is answered 502", async () => {
  handlers.set(INSTANCE_PORTS[0], (request) => request.socket.destroy());
  const statuses: number[] = [];
  for (let i = 0; i < 2; i++) statuses.push((await fetch(`${BASE}/settings`, { method: "POST", body: "a=1" })).status);
  // Each POST reached exactly one instance; the one the failing instance got was not run again.
  expect(seen.map((request) => request.method)).toEqual(["POST", "POST"]);
  expect(seen.filter((request) => request.port === INSTANCE_PORTS[0])).toHaveLength(1);
  expect(statuses.sort()).toEqual([200, 502]);
});

it("passes a page on as it streams: the first part arrives before the rest is written", async () => {
  let finish: () => void = () => {};
  const written = new Promise<void>((resolve) => (finish = resolve));
  const streaming: Handler = (_request, response) => {
    response.setHeader("content-type", "text/html; charset=utf-8");
    response.write("<!doctype html><p>shell</p>");
    void written.then(() => response.end("<p>the rest</p>"));
  };
  for (const port of INSTANCE_PORTS) handlers.set(port, streaming);
  const chunks: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const request = httpRequest(`${BASE}/`, (response) => {
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        chunks.push(chunk);
        // Only once the shell is here does the instance write the rest.
        if (chunks.join("").includes("shell")) finish();
      });
      response.on("end", resolve);
    });
    request.on("error", reject);
    request.end();
  });
  expect(chunks.join("")).toBe("<!doctype html><p>shell</p><p>the rest</p>");
});

it("compresses JSON and pages for a client that accepts gzip", async () => {
  const answer = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
    const request = httpRequest(`${BASE}/api/reports/usage`, { headers: { "accept-encoding": "gzip" } }, (response) => {
      const parts: Buffer[] = [];
      response.on("data", (chunk: Buffer) => parts.push(chunk));
      response.on("end", () => resolve({ encoding: response.headers["content-encoding"], body: Buffer.concat(parts) }));
    });
    request.on("error", reject);
    request.end();
  });
  expect(answer.encoding).toBe("gzip");
  expect(JSON.parse(gunzipSync(answer.body).toString("utf8"))).toHaveProperty("filler");
});

it("lets browsers keep built assets for a year", async () => {
  handlers.set(INSTANCE_PORTS[0], (_request, response) => {
    response.setHeader("cache-control", "no-store");
    response.end("console.log(1)");
  });
  handlers.set(INSTANCE_PORTS[1], handlers.get(INSTANCE_PORTS[0])!);
  const response = await fetch(`${BASE}/_next/static/chunks/app.js`);
  expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(await response.text()).toBe("console.log(1)");
});
