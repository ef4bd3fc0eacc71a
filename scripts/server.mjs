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
// - a graceful stop: on SIGTERM or SIGINT readiness turns 503, the listener closes, requests in flight
//   finish (up to DAYBOOK_DRAIN_SECONDS), scheduled work stops, the database closes, exit 0.
// What the bundled code contributes (the logger, metrics, readiness, the drain time from the
// configuration) it hands over on globalThis under Symbol.for("daybook.server"), set at start-up
// (lib/server/lifecycle.ts).
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import next from "next";

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
const app = next({ dev: false, dir: root, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

/** What the bundle hands over at start-up; absent only if start-up itself failed. */
const bundle = () => globalThis[Symbol.for("daybook.server")];

const inFlight = new Set();

const server = createServer((request, response) => {
  // Overwritten, never appended: whatever a client sent under this name is gone.
  request.headers[PEER_HEADER] = request.socket.remoteAddress ?? "";
  const requestId = randomUUID();
  const started = process.hrtime.bigint();
  response.setHeader("X-Request-Id", requestId);
  const done = new Promise((resolve) => response.once("close", resolve));
  inFlight.add(done);
  response.once("close", () => {
    inFlight.delete(done);
    const pathname = (request.url ?? "/").split("?")[0];
    bundle()?.requestFinished({
      method: request.method ?? "GET",
      route: routeOf(pathname),
      // A response the client abandoned before it was sent has no status of its own.
      status: response.headersSent ? response.statusCode : 499,
      durationMs: Number(process.hrtime.bigint() - started) / 1e6,
      requestId,
    });
  });
  requests.run({ requestId }, () => void handle(request, response));
});
// Longer than the usual reverse proxy's idle timeout, so a proxy never reuses a connection Node closed.
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  const shown = hostname === "0.0.0.0" || hostname === "::" ? "localhost" : hostname;
  console.log(`Daybook is listening on http://${shown}:${port}`);
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
