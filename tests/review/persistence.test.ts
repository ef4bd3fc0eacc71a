import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { itemKeyOf } from "@/lib/features/review/item-key";
import { reviewQueue } from "@/lib/features/review/queue";
import { reviewItemInput, signOffInput } from "@/lib/features/review/schemas";
import { reviewArrival, reviewsOfDay, signOffArrivalList } from "@/lib/features/review/server";
import { openDatabase, type OpenedDatabase } from "@/lib/server/db/open";
import { createPostgresDatabase } from "@/tests/support/databases";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

import { contextOf, listIn, person, RIVERSIDE, storeDay } from "./support";

const DAY = "2026-10-20";

let sim: LaunchedSimulator;
beforeAll(async () => {
  sim = await launchSimulator();
});
afterAll(async () => {
  await sim?.close();
});

/** Reviews and a sign-off written, the database closed and opened again: everything is still there. */
async function survivesReopen(open: () => Promise<OpenedDatabase>) {
  let opened = await open();
  const { items } = await storeDay(opened.db, sim, DAY);
  const list = listIn(items, RIVERSIDE, DAY);
  const supervisor = await person(opened.db, "supervisor", [RIVERSIDE], "Sam Supervisor");
  const ctx = contextOf(opened.db, supervisor);
  for (const item of list) {
    await reviewArrival(
      ctx,
      reviewItemInput.parse({ propertyName: RIVERSIDE, day: DAY, itemKey: itemKeyOf(item), note: "seen" }),
    );
  }
  await signOffArrivalList(ctx, signOffInput.parse({ propertyName: RIVERSIDE, day: DAY, note: "done" }));
  const before = await reviewsOfDay(opened.db, supervisor, DAY);
  await opened.close();

  opened = await open();
  try {
    const after = await reviewsOfDay(opened.db, supervisor, DAY);
    expect(after).toEqual(before);
    expect(after.reviews).toHaveLength(list.length);
    expect(after.signOffs).toEqual([
      expect.objectContaining({ signerName: "Sam Supervisor", note: "done", itemCount: list.length }),
    ]);
    const queue = await reviewQueue(opened.db, supervisor, { now: new Date(), overdueHours: 24 });
    expect(queue.find((row) => row.propertyName === RIVERSIDE && row.day === DAY)).toBeUndefined();
  } finally {
    await opened.close();
  }
}

describe("review records survive a reopen", () => {
  it("on PGlite on disk", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "daybook-review-"));
    try {
      await survivesReopen(() => openDatabase({ dataDir }));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it("on PostgreSQL", async () => {
    const created = await createPostgresDatabase();
    try {
      await survivesReopen(() => openDatabase({ databaseUrl: created.url, dataDir: ":memory:" }));
    } finally {
      await created.drop();
    }
  }, 60_000);
});
