import { defineConfig, devices } from "@playwright/test";

import { CHROMIUM_ARGS, CHROMIUM_PATH } from "@/e2e/support/chromium";
import { E2E_CLOCK } from "@/e2e/support/clock";
import { E2E_DATA_DIR, E2E_PORT, E2E_SERVER_LOG, E2E_SIMULATOR_PORT } from "@/e2e/support/ports";

/**
 * Specs that start every process they use (their own Daybook instances, PostgreSQL, nginx) and never
 * the suite's server: `playwright.standalone.config.ts` runs them, so that `npm test` can run them in
 * its other chain, beside these.
 */
export const STANDALONE_SPECS = ["operations/cluster.spec.ts", "demo.spec.ts", "storage/start.spec.ts"];

export default defineConfig({
  testDir: "./e2e",
  testIgnore: STANDALONE_SPECS,
  // The simulator's fault queue and clock are shared state: one test at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // A test that signs several people in (a scrypt hash each, then a page) takes 20 to 30 s on a
  // 2-core machine: room for that, since a passing test ends as soon as it is done.
  timeout: 60_000,
  // What a test waits for (a signed-in page, a section streamed in) may take several seconds on a
  // machine busy with other work; an assertion that passes returns as soon as it does.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // Sets the simulator's clock to E2E_CLOCK (see e2e/support/clock.ts) once the web server is up.
  globalSetup: "./e2e/support/global-setup.ts",
  // Looks for secrets in the server's and the simulator's logs once every test has run.
  globalTeardown: "./e2e/support/global-teardown.ts",
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // A failed test leaves its screenshot, and Playwright's page snapshot and error in its folder
    // under test-results/. A trace (DOM snapshots, network, console at every action) is recorded only
    // with DAYBOOK_E2E_TRACE=1: recording one for every test, to keep a failed one's, cost a quarter
    // of the suite's CPU time. The screencast's frames stay out of it even then.
    screenshot: "only-on-failure",
    trace: process.env.DAYBOOK_E2E_TRACE === "1" ? { mode: "retain-on-failure", screenshots: false } : "off",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    // The production build from `npm run build`, with the simulator beside it, as `npm run demo` runs them;
    // first the demo accounts and history, pulled as of E2E_CLOCK (see e2e/support/demo-history.ts).
    command:
      `rm -rf '${E2E_DATA_DIR}' && mkdir -p '${E2E_DATA_DIR}' && ` +
      `{ node --conditions=react-server --import tsx e2e/support/demo-history.ts && node scripts/demo.mjs; } 2>&1 | tee '${E2E_SERVER_LOG}'`,
    url: `http://localhost:${E2E_PORT}/`,
    env: {
      PORT: String(E2E_PORT),
      DAYBOOK_SIMULATOR_PORT: String(E2E_SIMULATOR_PORT),
      // The single sign-on specs start an identity provider of their own and set it up as an admin would.
      DAYBOOK_DEMO_SSO: "off",
      // Short enough that the slow-provider test (e2e/access/sso-faults.spec.ts) sees Daybook give up.
      DAYBOOK_OIDC_TIMEOUT_MS: "3000",
      DAYBOOK_DATA_DIR: E2E_DATA_DIR,
      DAYBOOK_SYNC: "off",
      // The demo writes each request's access line at debug; the tests read them in the server's log.
      DAYBOOK_LOG_LEVEL: "debug",
      E2E_CLOCK,
      // Daybook itself keeps the real clock (its session cookies expire by the browser's), so the
      // stored days, which go by E2E_CLOCK, must never fall out of the retention period on a later date.
      DAYBOOK_RETENTION_DAYS: "3650",
      // Few enough that a test reaches the per-person reveal limit quickly (e2e/reports/reveal.spec.ts).
      DAYBOOK_REVEALS_PER_HOUR: "10",
      // Few enough that the demo's unusual days fill more than one page (e2e/insights/unusual-days.spec.ts).
      DAYBOOK_UNUSUAL_DAYS_PER_PAGE: "2",
      // Fewer than the demo's ten properties, more than the regional manager's five (six rows): an admin
      // meets the trends of a large group (e2e/properties/group-trends.spec.ts), the regional manager a line each.
      DAYBOOK_TRENDS_PER_PROPERTY_MAX: "8",
      // Room for the throttle spec's 20 sign-ins at once to all reach the throttle; the admission
      // spec's burst is larger than this queue.
      DAYBOOK_SIGN_IN_QUEUE: "30",
    },
    reuseExistingServer: false,
    timeout: 240_000,
    // Written to E2E_SERVER_LOG by tee (an access line a request): read there, not echoed into the run's output.
    stdout: "ignore",
  },
});
