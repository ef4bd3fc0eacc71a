/** Ports of their own, so a demo running on 3000 does not get in the way. */
export const E2E_PORT = 3310;
export const E2E_SIMULATOR_PORT = 4310;
export const SIMULATOR_URL = `http://127.0.0.1:${E2E_SIMULATOR_PORT}`;

// Set once by the runner's main process; its test workers inherit it, so all agree on the paths.
const run = (process.env.DAYBOOK_E2E_RUN ??= String(process.pid));

/** A fresh data directory per run: accounts, throttling and audit start empty. */
export const E2E_DATA_DIR = `/tmp/daybook-e2e-${run}`;

/** Everything the e2e server prints, so tests can check that no secret reaches the logs. */
export const E2E_SERVER_LOG = `${E2E_DATA_DIR}.log`;
