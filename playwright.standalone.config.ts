import { defineConfig } from "@playwright/test";

import shared, { STANDALONE_SPECS } from "./playwright.config";

/**
 * The end-to-end specs that start their own processes (see STANDALONE_SPECS), without the suite's
 * server: `npm test` runs them after the unit tests, in the chain beside the other end-to-end tests.
 */
export default defineConfig({
  ...shared,
  testIgnore: undefined,
  testMatch: STANDALONE_SPECS,
  globalSetup: undefined,
  globalTeardown: undefined,
  webServer: undefined,
  // Apart from the other run's: each run empties its own output folder when it starts.
  outputDir: "test-results/standalone",
  reporter: process.env.CI
    ? [["list"]]
    : [["list"], ["html", { open: "never", outputFolder: "playwright-report/standalone" }]],
});
