import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

import { TEST_NODE_FLAGS } from "./tests/support/node-flags";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./", import.meta.url)),
      // `server-only` throws outside a React Server environment; tests run server code directly.
      "server-only": fileURLToPath(new URL("./tests/support/server-only.ts", import.meta.url)),
    },
  },
  test: {
    include: ["{lib,simulator,tests,scripts,identity-provider}/**/*.test.ts"],
    environment: "node",
    // Made once for the whole run: a throwaway PostgreSQL cluster, so that database tests run on
    // PostgreSQL as well as on PGlite; a migrated PGlite database's files; the test accounts' password hash.
    globalSetup: [
      "tests/support/postgres-global-setup.ts",
      "tests/support/pglite-template-global-setup.ts",
      "tests/support/fixture-password-global-setup.ts",
    ],
    // The workers' V8 flags: see tests/support/node-flags.ts.
    execArgv: [...TEST_NODE_FLAGS],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
