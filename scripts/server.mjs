#!/usr/bin/env node
// `npm start`: Daybook's production server. It is Next's own request handler behind a plain Node
// HTTP server, for one reason: the address of the connection a request came on. Next passes it on
// only as X-Forwarded-For, and only when the client sent none, so a client could choose the address
// Daybook throttles sign-ins by and writes in its audit log. Here every request carries the
// connection's address in a header of Daybook's own, set from the socket and never from the client;
// lib/core/client-address.ts reads it, with DAYBOOK_TRUSTED_PROXIES for proxies in front.
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import next from "next";

/** Must match PEER_HEADER in lib/core/client-address.ts. */
const PEER_HEADER = "x-daybook-peer";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const USAGE = "Usage: node scripts/server.mjs [--port N] [--hostname H]   (PORT and HOSTNAME work as for next start)";

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
    console.error(`Daybook: ${error.message}\n${USAGE}`);
    process.exit(2);
  }
}

const { port, hostname } = options();
const app = next({ dev: false, dir: root, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((request, response) => {
  // Overwritten, never appended: whatever a client sent under this name is gone.
  request.headers[PEER_HEADER] = request.socket.remoteAddress ?? "";
  void handle(request, response);
});
// Longer than the usual reverse proxy's idle timeout, so a proxy never reuses a connection Node closed.
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  const shown = hostname === "0.0.0.0" || hostname === "::" ? "localhost" : hostname;
  console.log(`Daybook is listening on http://${shown}:${port}`);
});

/**
 * Registered by Daybook's own code (lib/server/shutdown.ts): closes the embedded database, so that
 * the next start needs no recovery and finds no lock.
 */
const shutdownHooks = () => globalThis[Symbol.for("daybook.shutdown")]?.run() ?? Promise.resolve();

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    // Should closing the database hang, the process still ends, and says so.
    setTimeout(() => {
      console.error("Daybook: the database did not close within 10 s; stopping anyway.");
      process.exit(1);
    }, 10_000).unref();
    shutdownHooks()
      .catch(() => {})
      .finally(() => process.exit(0));
  };
  server.close(finish);
  server.closeIdleConnections();
  // Requests still running get a few seconds to finish; the database is closed either way.
  setTimeout(finish, 5_000).unref();
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
