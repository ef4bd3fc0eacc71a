#!/usr/bin/env node
// `npm start` (or, under a service manager, `node scripts/server.mjs`, so signals reach Node itself):
// Daybook's production server. It is Next's own request handler behind a plain Node HTTP server,
// for what only the connection knows or only the outermost layer can do:
// - the address of the connection a request came on. Next passes it on only as X-Forwarded-For, and
//   only when the client sent none, so a client could choose the address Daybook throttles sign-ins
//   by and writes in its audit log. Here every request carries the connection's address in a header
//   of Daybook's own, set from the socket and never from the client; lib/core/client-address.ts
//   reads it, with DAYBOOK_TRUSTED_PROXIES for proxies in front.
// - a request id for each request (X-Request-Id, and on every log line written while it runs), and
//   one access line when it ends, by route pattern, never the URL (a query may hold a guest's name);
// - listening only once start-up's checks have passed (see startupChecked below);
// - refusals of server-action posts Next would answer 500 (scripts/request-gate.mjs);
// - requests entering Next a few per turn of the event loop, so a burst never stops the probes
//   being answered (scripts/request-pace.mjs);
// - compression (gzip or deflate, as the browser accepts) when Daybook answers directly; behind a
//   reverse proxy (DAYBOOK_TRUSTED_PROXIES above 0) the proxy compresses. Next's own `compress` works
//   only under `next start`, not beside a server of one's own. Streamed pages stay streamed: Next
//   flushes the compressor after each part.
// - a graceful stop: on SIGTERM or SIGINT readiness turns 503, the listener closes, requests in flight
//   finish (up to DAYBOOK_DRAIN_SECONDS), scheduled work stops, the database closes, exit 0.
// What the bundled code contributes (the logger, metrics, readiness, the drain time from the
// configuration) it hands over on globalThis under Symbol.for("daybook.server"), set at start-up
// (lib/server/lifecycle.ts).
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, IncomingMessage } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { getHeapStatistics } from "node:v8";
import compression from "compression";
import next from "next";

import { HEAP_MB } from "./heap.mjs";
import { bodyRefusal, bodyToCheck, gateRefusal } from "./request-gate.mjs";
import { createPace, skipsTheLine } from "./request-pace.mjs";

/** Must match PEER_HEADER in lib/core/client-address.ts. */
const PEER_HEADER = "x-daybook-peer";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const USAGE = "Usage: node scripts/server.mjs [--port N] [--hostname H]   (PORT and HOSTNAME work as for next start)";

function fail(message) {
  console.error(`Daybook: ${message}`);
  process.exit(2);
}

function options() {
  try {
    const { values } = parseArgs({
      options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } },
      strict: true,
      allowPositionals: false,
    });
    const port = Number(values.port ?? process.env.PORT ?? 3000);
    if (!Number.isInteger(port) || port < 0 || port > 65_535)
      throw new Error(`not a port: ${values.port ?? process.env.PORT}`);
    return { port, hostname: values.hostname ?? process.env.HOSTNAME ?? "0.0.0.0" };
  } catch (error) {
    fail(`${error.message}\n${USAGE}`);
  }
}

function readBuildFile(...parts) {
  try {
    return JSON.parse(readFileSync(path.join(root, ".next", ...parts), "utf8"));
  } catch {
    fail("no production build found: run `npm run build` first");
  }
}

/**
 * Next embeds the server-actions key in the build: an instance given another key (or a build made
 * without one, which gets a random key) would answer "failed to find server action" to forms
 * rendered by the other instances. Checked before Next starts, since Next itself would not say.
 * The variable is Next's own, read here to compare it with the build, never printed.
 */
function checkServerActionsKey() {
  const given = process.env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY;
  if (!given) return; // Required in live mode by the configuration, which says so at start-up.
  const built = readBuildFile("server", "server-reference-manifest.json").encryptionKey;
  if (built !== given)
    fail(
      "NEXT_SERVER_ACTIONS_ENCRYPTION_KEY differs from the key the build was made with: " +
        "build again with the same NEXT_SERVER_ACTIONS_ENCRYPTION_KEY set (`NEXT_SERVER_ACTIONS_ENCRYPTION_KEY=… npm run build`)",
    );
}

/**
 * The route pattern of a path (`/admin/users/[id]`), from the build's own manifest, for the access
 * line and the metrics: a pattern names the code that answered and carries nothing a user typed.
 */
function routeMatcher() {
  const manifest = readBuildFile("routes-manifest.json");
  const routes = [...manifest.staticRoutes, ...manifest.dynamicRoutes].map((route) => ({
    page: route.page,
    regex: new RegExp(route.regex),
  }));
  return (pathname) => {
    if (pathname.startsWith("/_next/static/")) return "/_next/static";
    if (pathname.startsWith("/_next/")) return "/_next";
    return routes.find((route) => route.regex.test(pathname))?.page ?? "(unmatched)";
  };
}

checkServerActionsKey();
const { port, hostname } = options();
const routeOf = routeMatcher();
// Shared with the bundle's logger (lib/server/log), which adds the request id to each line.
const requests = new AsyncLocalStorage();
globalThis[Symbol.for("daybook.request-context")] = requests;
// Start-up (instrumentation.ts) says here when its checks have passed: the configuration, the
// database and its migrations, the first accounts. Until then nothing listens, so a process that
// cannot work never answers; should a check fail, start-up prints why and ends the process non-zero.
let checked;
const startupChecked = new Promise((resolve) => (checked = resolve));
globalThis[Symbol.for("daybook.startup")] = { checked: () => checked() };
const app = next({ dev: false, dir: root, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();
await startupChecked;

/** What the bundle hands over at start-up; absent only if start-up itself failed. */
const bundle = () => globalThis[Symbol.for("daybook.server")];

const inFlight = new Set();

/** A post's body read and dropped after a refusal, up to this much; past it the connection is cut. */
const DRAIN_LIMIT = 16 * 1024 * 1024;

/**
 * A refusal of scripts/request-gate.mjs, in Daybook's one failure shape. The body is read and
 * dropped, so the client, still sending, reads the answer rather than a reset connection.
 */
function refuse(request, response, { status, code, message }) {
  response.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" });
  response.end(JSON.stringify({ error: { code, message } }));
  let read = 0;
  request.on("data", (chunk) => {
    read += chunk.length;
    if (read > DRAIN_LIMIT) request.socket.destroy();
  });
}

/** A request's body, whole (its length was checked against the limit by the gate). */
async function readWhole(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The request again, its body already read, for Next to read as if it came from the connection. */
function replay(request, body) {
  const again = new IncomingMessage(request.socket);
  for (const key of ["method", "url", "headers", "rawHeaders", "httpVersion", "httpVersionMajor", "httpVersionMinor"])
    again[key] = request[key];
  again.push(body);
  again.push(null);
  again.complete = true;
  return again;
}

const pace = createPace();

/**
 * Files to download (CSV, PDF: `Content-Disposition: attachment`) go as they are: a browser saves a
 * download's bytes as sent, and would keep a compressed file compressed under its .csv name.
 */
const notADownload = (request, response) =>
  !String(response.getHeader("Content-Disposition") ?? "").startsWith("attachment") &&
  compression.filter(request, response);
const compress = bundle()?.compress ? compression({ filter: notADownload }) : null;

/**
 * A client that leaves mid-answer leaves the compressor's zlib stream open; it is destroyed with the
 * response, or it would outlive it.
 */
function compressed(request, response) {
  if (!compress) return;
  compress(request, response, () => {});
  response.once("close", () => {
    if (response.writableFinished) return;
    const noop = () => {};
    // The compressor answers `on("drain")` with its own stream (as Next's `next start` finds it).
    const stream = response.on("drain", noop);
    if (stream === response) response.off("drain", noop);
    else if (typeof stream?.destroy === "function") stream.destroy();
  });
}

const server = createServer((request, response) => {
  // Overwritten, never appended: whatever a client sent under this name is gone.
  request.headers[PEER_HEADER] = request.socket.remoteAddress ?? "";
  const requestId = randomUUID();
  const started = process.hrtime.bigint();
  const pathname = (request.url ?? "/").split("?")[0];
  response.setHeader("X-Request-Id", requestId);
  const done = new Promise((resolve) => response.once("close", resolve));
  inFlight.add(done);
  response.once("close", () => {
    inFlight.delete(done);
    bundle()?.requestFinished({
      method: request.method ?? "GET",
      route: routeOf(pathname),
      // A response the client abandoned before it was sent has no status of its own.
      status: response.headersSent ? response.statusCode : 499,
      durationMs: Number(process.hrtime.bigint() - started) / 1e6,
      requestId,
    });
  });
  const refusal = gateRefusal(request);
  if (refusal) return refuse(request, response, refusal);
  // A request whose client left while it waited is not started.
  const start = (asked) => () => {
    if (response.destroyed) return;
    compressed(asked, response);
    requests.run({ requestId }, () => void handle(asked, response));
  };
  if (skipsTheLine(pathname)) return start(request)();
  if (!bodyToCheck(request)) return pace.enter(start(request));
  void readWhole(request).then(
    (body) => {
      const bad = bodyRefusal(request.headers, body);
      if (bad) return refuse(request, response, bad);
      pace.enter(start(replay(request, body)));
    },
    () => response.destroy(),
  );
});
// Longer than the usual reverse proxy's idle timeout, so a proxy never reuses a connection Node closed.
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  const shown = hostname === "0.0.0.0" || hostname === "::" ? "localhost" : hostname;
  console.log(`Daybook is listening on http://${shown}:${port}`);
  // Without its heap budget (scripts/heap.mjs) V8's limit is a share of the machine's memory.
  if (getHeapStatistics().heap_size_limit > 2 * HEAP_MB * 1024 * 1024) {
    console.warn(
      `Daybook: started without its heap budget; start it as node --max-old-space-size=${HEAP_MB} scripts/server.mjs (npm start does), or its memory grows to about twice what it needs.`,
    );
  }
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  const drainMs = bundle()?.drainMs ?? 20_000;
  // Readiness answers 503 from now on: a balancer polling it stops sending work here.
  bundle()?.startDrain();
  console.log(
    `Daybook: ${signal}: finishing ${inFlight.size} request(s) in flight (up to ${drainMs / 1000} s), then stopping`,
  );
  // No new connections; idle keep-alive ones close now, busy ones once their response is sent.
  server.close();
  server.closeIdleConnections();
  const drained = await Promise.race([
    Promise.allSettled([...inFlight]).then(() => true),
    new Promise((resolve) => setTimeout(() => resolve(false), drainMs).unref()),
  ]);
  // Still a clean stop (the database closes below), so still exit 0; the line says what was cut short.
  if (!drained)
    console.warn(`Daybook: ${inFlight.size} request(s) still running after ${drainMs / 1000} s; stopping anyway`);
  server.closeAllConnections();
  // Scheduled work stops and releases its locks, then the database closes (lib/server/shutdown.ts).
  // Should that hang, the process still ends, and says so.
  setTimeout(() => {
    console.error("Daybook: scheduled work and the database did not stop within 15 s; exiting anyway.");
    process.exit(1);
  }, 15_000).unref();
  await (globalThis[Symbol.for("daybook.shutdown")]?.run() ?? Promise.resolve()).catch(() => {});
  console.log("Daybook: stopped");
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
