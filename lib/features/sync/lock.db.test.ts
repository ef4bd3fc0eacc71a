import { count } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { withPullLock } from "@/lib/features/sync/lock";
import { runSync, SKIPPED_MESSAGE, type RunSyncResult } from "@/lib/features/sync/run";
import { syncRuns } from "@/lib/server/db/schema";
import { describeEachDatabase, twoInstancesOnPostgres } from "@/tests/support/databases";
import { apiFor, pullTime } from "@/tests/support/partner-api";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

let sim: LaunchedSimulator;
beforeAll(async () => {
  sim = await launchSimulator();
});
afterAll(() => sim.close());
beforeEach(async () => {
  await sim.reset();
  await sim.setClock(pullTime("2026-09-02"));
});

const options = { now: new Date(pullTime("2026-09-02")), trigger: "schedule" as const };
const statuses = (results: RunSyncResult[]) => results.map((result) => result.status).sort();

// The PGlite suite first: its start blocks the event loop for seconds, and a keep-alive socket to
// the simulator left idle meanwhile can be reset under the next request.
describeEachDatabase("one pull at a time within an instance", (db) => {
  it("skips the second of two pulls started together, then frees the lock", async () => {
    const results = await Promise.all([runSync(db(), apiFor(sim), options), runSync(db(), apiFor(sim), options)]);
    expect(statuses(results)).toEqual(["finished", "skipped"]);
    expect(await withPullLock(db(), async () => "free")).toEqual({ acquired: true, value: "free" });
  });

  it("frees the lock when the pull throws", async () => {
    await expect(withPullLock(db(), () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await withPullLock(db(), async () => "free")).toEqual({ acquired: true, value: "free" });
  });
});

describe("one pull at a time across instances on PostgreSQL", () => {
  const instances = twoInstancesOnPostgres();

  it("skips a pull while another instance holds the lock, and pulls once it is free", async () => {
    const { first, second } = instances();
    const skipped = await withPullLock(first.db, () => runSync(second.db, apiFor(sim), options));
    expect(skipped).toEqual({ acquired: true, value: { status: "skipped", message: SKIPPED_MESSAGE } });
    expect((await sim.requests()).length).toBe(0);

    const after = await runSync(second.db, apiFor(sim), options);
    expect(after).toMatchObject({ status: "finished", run: { outcome: "stored" } });
  });

  it("lets exactly one of two simultaneous pulls run", async () => {
    const { first, second } = instances();
    // A slow API keeps the first pull holding the lock while the second asks for it.
    await sim.setFaults({ latencyMs: 300 });
    const results = await Promise.all([
      runSync(first.db, apiFor(sim), options),
      runSync(second.db, apiFor(sim), options),
    ]);
    expect(statuses(results)).toEqual(["finished", "skipped"]);
    expect((await sim.requests()).length).toBe(3);
    const [runs] = await first.db.select({ n: count() }).from(syncRuns);
    expect(runs!.n).toBe(2);
  });
});
