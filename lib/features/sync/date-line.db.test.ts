import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";

import { readStoredReport } from "@/lib/features/history/store";
import { listRuns, nextPull } from "@/lib/features/sync/repository";
import { runSync } from "@/lib/features/sync/run";
import { storedCoverage, storedReports, type StoredEndpoint } from "@/lib/server/db/schema";
import type { Database } from "@/lib/server/db/types";
import { describeEachDatabase, openTestDatabase } from "@/tests/support/databases";
import { apiFor } from "@/tests/support/partner-api";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

/** Harbour View Hotel (Honolulu, UTC−10) and the Kiritimati property (UTC+14): never on the same day. */
const DATE_LINE_KEY = "feedface000000000000000000000006";
const STEP_MS = 15 * 60_000;
const ENDPOINTS: StoredEndpoint[] = ["usage", "guests", "criminal-arrivals"];

let sim: LaunchedSimulator;
beforeAll(async () => {
  sim = await launchSimulator({ large: true });
});
afterAll(() => sim.close());

/** Runs the schedule as the scheduler would, every 15 minutes from `from` to `to`, pulling when due. */
async function operate(db: Database, from: string, to: string, apiKey?: string) {
  const pulls: string[] = [];
  for (let at = Date.parse(from); at <= Date.parse(to); at += STEP_MS) {
    const now = new Date(at);
    if (!(await nextPull(db, now, 30)).due) continue;
    await sim.setClock(now.toISOString());
    const result = await runSync(db, apiFor(sim, apiKey), { now, trigger: "schedule" });
    if (result.status !== "finished") throw new Error("the pull was skipped");
    expect(result.run.outcome).not.toBe("failed");
    pulls.push(now.toISOString());
  }
  return pulls;
}

/** The property days stored for `endpoint`, as "day|name", with how often each was stored. */
async function storedParts(db: Database, endpoint: StoredEndpoint) {
  const rows = await db
    .select({ day: storedReports.reportedDate, name: storedCoverage.propertyName })
    .from(storedCoverage)
    .innerJoin(storedReports, eq(storedReports.id, storedCoverage.reportId))
    .where(eq(storedReports.endpoint, endpoint));
  return rows.map((row) => `${row.day}|${row.name}`).sort();
}

describeEachDatabase("zones a day apart", (db) => {
  it("stores every day of both properties once, completely, from one pull a day", async () => {
    await sim.reset();
    const pulls = await operate(db(), "2026-11-20T00:00:00Z", "2026-11-23T23:45:00Z", DATE_LINE_KEY);
    // The first tick learns the zones (a pull at once), then one pull a day at 10:30 UTC, when
    // Honolulu's day has closed (plus 30 minutes' grace) and Kiritimati's next one has too.
    expect(pulls).toEqual([
      "2026-11-20T00:00:00.000Z",
      "2026-11-20T10:30:00.000Z",
      "2026-11-21T10:30:00.000Z",
      "2026-11-22T10:30:00.000Z",
      "2026-11-23T10:30:00.000Z",
    ]);
    const runs = await listRuns(db());
    expect(runs.every((run) => run.endpoints.every((entry) => entry.result !== "not a whole day"))).toBe(true);

    const names = (await apiFor(sim, DATE_LINE_KEY).usage()).byProperty.map((row) => row.propertyName);
    expect(names).toHaveLength(2);
    const [honolulu, kiritimati] = names as [string, string];
    for (const endpoint of ENDPOINTS) {
      const parts = await storedParts(db(), endpoint);
      // Once each (the store's key makes a second copy impossible; none is missing either).
      expect(new Set(parts).size).toBe(parts.length);
      for (const day of ["2026-11-20", "2026-11-21", "2026-11-22"]) {
        expect(parts).toContain(`${day}|${honolulu}`);
        expect(parts).toContain(`${day}|${kiritimati}`);
      }
    }
    // A stored day is each property's own local day, whole: its arrivals are what its usage row counts.
    for (const day of ["2026-11-20", "2026-11-21", "2026-11-22"]) {
      const usage = (await readStoredReport(db(), "usage", day))!;
      const guests = (await readStoredReport(db(), "guests", day))!;
      expect(usage.copy.coverage).toMatchObject({ missing: [] });
      expect(usage.copy.coverage?.covered).toHaveLength(2);
      expect(guests.report.items.every((item) => item.checkInDateLocal === day)).toBe(true);
      for (const row of usage.report.byProperty) {
        const arrivals = guests.report.items.filter((item) => item.propertyName === row.propertyName);
        expect(arrivals.length).toBe(row.scans);
      }
      expect(usage.report.totals.scans.value).toBe(guests.report.items.length);
    }
  });
});

it("stores a worldwide group's days from one pull a day, each of its 200 properties once", async () => {
  // A group of 200 properties runs on PostgreSQL; the embedded database is for groups a tenth its size.
  const handle = await openTestDatabase("postgres");
  try {
    await sim.reset();
    const pulls = await operate(handle.db, "2026-11-21T09:00:00Z", "2026-11-23T09:00:00Z");
    // No more hourly pulls for want of a common day: the first at once, then one a day.
    expect(pulls).toEqual(["2026-11-21T09:00:00.000Z", "2026-11-21T10:30:00.000Z", "2026-11-22T10:30:00.000Z"]);
    const names = new Set((await apiFor(sim).usage()).byProperty.map((row) => row.propertyName));
    expect(names.size).toBeGreaterThanOrEqual(190);
    const day = (await readStoredReport(handle.db, "guests", "2026-11-21"))!;
    expect(day.copy.coverage).toEqual({ covered: [...names].sort(), missing: [] });
    expect(day.report.items.every((item) => item.checkInDateLocal === "2026-11-21")).toBe(true);
    const usage = (await readStoredReport(handle.db, "usage", "2026-11-21"))!;
    expect(usage.report.totals.scans.value).toBe(day.report.items.length);
  } finally {
    await handle.close();
  }
}, 240_000);
