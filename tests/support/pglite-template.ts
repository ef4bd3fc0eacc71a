import fs from "node:fs/promises";
import { inject } from "vitest";

import { startMemoryDatabasesFrom } from "@/lib/server/db/pglite";

// In-memory databases start from the run's migrated files (tests/support/pglite-template-global-setup.ts),
// read only when a test file first opens one.
startMemoryDatabasesFrom(async () => new Blob([await fs.readFile(inject("pgliteTemplate"))]));
