/** Ports of their own, so a demo running on 3000 does not get in the way. */
export const E2E_PORT = 3310;
export const E2E_SIMULATOR_PORT = 4310;
export const SIMULATOR_URL = `http://127.0.0.1:${E2E_SIMULATOR_PORT}`;
