import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";

import { openTestDatabase } from "@/tests/support/databases";

import type { OpenedDatabase } from "./open";

let opened: OpenedDatabase;
beforeAll(async () => {
  opened = await openTestDatabase("postgres");
});
afterAll(() => opened.close());

// Compiling a plan over a year of history took longer than running it, and a random read of a
// cached or SSD page costs about a sequential one. (PGlite has neither JIT nor disk.)
it("runs PostgreSQL queries without JIT and with SSD page costs, on every connection of the pool", async () => {
  const settings = await Promise.all(
    Array.from({ length: 4 }, () =>
      opened.db.transaction(async (tx) => {
        const jit = (await tx.execute<{ jit: string }>(sql`show jit`)).rows[0]?.jit;
        const cost = (await tx.execute<{ random_page_cost: string }>(sql`show random_page_cost`)).rows[0];
        return `${jit} ${cost?.random_page_cost}`;
      }),
    ),
  );
  expect(settings).toEqual(["off 1.1", "off 1.1", "off 1.1", "off 1.1"]);
});
