import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

import { TEST_NODE_FLAGS } from "./tests/support/node-flags";

const ALL = "{lib,simulator,tests,scripts,identity-provider}/**/*.test.ts";

/** Test files that run in a process of their own (see `projects` below). */
const OWN_PROCESS = [
  "lib/features/guests/reveal.db.test.ts",
  "lib/features/reports/held.db.test.ts",
  "lib/server/db/query-errors.db.test.ts",
  "lib/server/health/readiness.db.test.ts",
  "lib/server/metrics/metrics.db.test.ts",
];

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./", import.meta.url)),
      // `server-only` throws outside a React Server environment; tests run server code directly.
      "server-only": fileURLToPath(new URL("./tests/support/server-only.ts", import.meta.url)),
    },
  },
  test: {
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
    // Most files run one after another in one worker process, which loads Node, the packages and
    // Daybook's modules once instead of once per file. The files that hold process-wide state (the
    // environment, the held reports' and the readiness journal's module caches, a database's
    // connection errors) keep a process each.
    projects: [
      { extends: true, test: { name: "shared", include: [ALL], exclude: [...OWN_PROCESS], isolate: false } },
      { extends: true, test: { name: "own-process", include: [...OWN_PROCESS] } },
    ],
  },
});
