import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";

import { listStoredDays, readStoredReport } from "@/lib/features/history/store";
import { listRuns } from "@/lib/features/sync/repository";
import { runSync } from "@/lib/features/sync/run";
import { openDatabase } from "@/lib/server/db/open";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

import { apiFor, pullTime } from "./support";

let dataDir: string;
let sim: LaunchedSimulator;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "daybook-history-"));
  sim = await launchSimulator();
});
afterAll(async () => {
  await sim.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it("keeps the stored days and the runs across closing and reopening the embedded database", async () => {
  const at = pullTime("2026-11-22");
  await sim.setClock(at);
  const first = await openDatabase({ dataDir });
  let before;
  try {
    const result = await runSync(first.db, apiFor(sim), { now: new Date(at), trigger: "command" });
    expect(result).toMatchObject({ status: "finished", run: { outcome: "stored" } });
    before = {
      usage: await readStoredReport(first.db, "usage", "2026-11-21"),
      guests: await readStoredReport(first.db, "guests", "2026-11-21"),
      criminal: await readStoredReport(first.db, "criminal-arrivals", "2026-11-21"),
      runs: await listRuns(first.db),
    };
  } finally {
    await first.close();
  }

  const second = await openDatabase({ dataDir });
  try {
    expect(before.guests!.report.items.length).toBeGreaterThan(100);
    expect(await readStoredReport(second.db, "usage", "2026-11-21")).toEqual(before.usage);
    expect(await readStoredReport(second.db, "guests", "2026-11-21")).toEqual(before.guests);
    expect(await readStoredReport(second.db, "criminal-arrivals", "2026-11-21")).toEqual(before.criminal);
    expect(await listRuns(second.db)).toEqual(before.runs);
    expect((await listStoredDays(second.db, "guests")).map((copy) => copy.reportedDate)).toEqual(["2026-11-21"]);
  } finally {
    await second.close();
  }
}, 60_000);
