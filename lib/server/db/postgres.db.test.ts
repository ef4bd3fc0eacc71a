import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";

import { openTestDatabase } from "@/tests/support/databases";

import type { OpenedDatabase } from "./open";

let opened: OpenedDatabase;
beforeAll(async () => {
  opened = await openTestDatabase("postgres");
});
afterAll(() => opened.close());

// Compiling a plan over a year of history took longer than running it. (PGlite has no JIT.)
it("runs PostgreSQL queries without JIT compilation, on every connection of the pool", async () => {
  const settings = await Promise.all(
    Array.from({ length: 4 }, () =>
      opened.db.transaction(async (tx) => (await tx.execute<{ jit: string }>(sql`show jit`)).rows[0]?.jit),
    ),
  );
  expect(settings).toEqual(["off", "off", "off", "off"]);
});
