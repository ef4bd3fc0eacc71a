import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

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
    // A throwaway PostgreSQL cluster, so that database tests run on PostgreSQL as well as on PGlite.
    globalSetup: ["tests/support/postgres-global-setup.ts", "tests/support/pglite-template-global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
