import { fileURLToPath } from "node:url";

/** Ports of their own, so a demo running on 3000 does not get in the way (override to run two suites at once). */
export const E2E_PORT = Number(process.env.DAYBOOK_E2E_PORT ?? 3310);
export const E2E_SIMULATOR_PORT = Number(process.env.DAYBOOK_E2E_SIMULATOR_PORT ?? 4310);
export const SIMULATOR_URL = `http://127.0.0.1:${E2E_SIMULATOR_PORT}`;

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** A fresh data directory per run (the server command empties it): accounts, throttling and audit start empty. */
export const E2E_DATA_DIR = `${ROOT}.data/e2e`;

/**
 * Everything the e2e server prints, so tests can check that no secret reaches the logs; the
 * simulator's request log is in a file of its own, which `serverLogs()` (server-logs.ts) adds.
 */
export const E2E_SERVER_LOG = `${ROOT}.data/e2e-server.log`;

/** Every session cookie value the browser held, one a line, for the log scan after the suite (global-teardown.ts). */
export const E2E_SESSION_COOKIES = `${E2E_DATA_DIR}/session-cookies.txt`;

/** The days whose arrivals the demo history's own simulator made (its `/__simulator/days`), for the same scan. */
export const E2E_HISTORY_DAYS = `${E2E_DATA_DIR}/history-days.json`;

/** The identity provider the single sign-on tests start in their own process (e2e/support/identity-provider.ts). */
export const E2E_IDP_PORT = Number(process.env.DAYBOOK_E2E_IDP_PORT ?? 4330);
