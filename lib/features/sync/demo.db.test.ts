import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";

import { addDays } from "@/lib/core/days";
import { readStoredCriminalArrivals } from "@/lib/features/history/criminal-range";
import { listStoredDays } from "@/lib/features/history/store";
import { signOffDemoLists } from "@/lib/features/review/demo";
import { itemKeyOf } from "@/lib/features/review/item-key";
import { fillDemoHistory, latestDemoDay } from "@/lib/features/sync/demo";
import { listRuns } from "@/lib/features/sync/repository";
import { itemReviews, listSignOffs, liveObservations, storedReports } from "@/lib/server/db/schema";
import { addUser, uniqueEmail } from "@/tests/support/access-fixtures";
import { describeEachDatabase } from "@/tests/support/databases";
import { apiFor, pullInstant } from "@/tests/support/partner-api";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

let sim: LaunchedSimulator;
beforeAll(async () => {
  sim = await launchSimulator();
});
afterAll(() => sim.close());

it("ends the demo history with the last day whose pull time has passed", () => {
  expect(latestDemoDay(new Date("2026-11-25T11:29:59Z"))).toBe("2026-11-23");
  expect(latestDemoDay(new Date("2026-11-25T11:30:00Z"))).toBe("2026-11-24");
});

describeEachDatabase("the demo's history", (db) => {
  it("pulls each day at its time on the simulator's clock, some twice, then gives the clock back", async () => {
    const now = new Date("2026-11-25T12:00:00Z");
    const filled = await fillDemoHistory(db(), apiFor(sim), { days: 4, simulatorUrl: sim.url, now });
    expect(filled).toMatchObject({ days: 4, first: "2026-11-21", last: "2026-11-24" });
    expect(filled!.ms).toBeGreaterThan(0);

    expect((await listStoredDays(db(), "usage")).map((copy) => copy.reportedDate)).toEqual([
      "2026-11-24",
      "2026-11-23",
      "2026-11-22",
      "2026-11-21",
    ]);
    expect((await listStoredDays(db(), "guests")).map((copy) => copy.pulledAt)).toEqual([
      "2026-11-25T11:30:00.000Z",
      "2026-11-24T11:30:00.000Z",
      "2026-11-23T11:30:00.000Z",
      "2026-11-22T11:30:00.000Z",
    ]);
    // Second pulls at 18:00 for every day whose 18:00 has passed (Nov 24's has not at noon on the 25th).
    const runs = await listRuns(db());
    expect(runs.map((run) => [run.startedAt.toISOString(), run.trigger, run.outcome])).toEqual([
      ["2026-11-25T11:30:00.000Z", "demo", "stored"],
      ["2026-11-24T18:00:00.000Z", "demo", "stored"],
      ["2026-11-24T11:30:00.000Z", "demo", "stored"],
      ["2026-11-23T18:00:00.000Z", "demo", "stored"],
      ["2026-11-23T11:30:00.000Z", "demo", "stored"],
      ["2026-11-22T18:00:00.000Z", "demo", "stored"],
      ["2026-11-22T11:30:00.000Z", "demo", "stored"],
    ]);
    const [observations] = await db().select({ n: count() }).from(liveObservations);
    expect(observations!.n).toBeGreaterThan(0);

    const clock = await (await fetch(`${sim.url}/__simulator/clock`)).json();
    expect(clock.now).toBeNull();
  });

  it("does nothing once a day is stored, or when no days are asked for", async () => {
    const [before] = await db().select({ n: count() }).from(storedReports).where(eq(storedReports.endpoint, "usage"));
    expect(await fillDemoHistory(db(), apiFor(sim), { days: 4, simulatorUrl: sim.url })).toBeNull();
    expect(await fillDemoHistory(db(), apiFor(sim), { days: 0, simulatorUrl: sim.url })).toBeNull();
    const [after] = await db().select({ n: count() }).from(storedReports).where(eq(storedReports.endpoint, "usage"));
    expect(after).toEqual(before);
  });
});

describeEachDatabase("the demo supervisor's past work", (db) => {
  it("signs off the lists of all but the latest days, every guest reviewed, some late; newer lists stay open", async () => {
    const supervisor = await addUser(db(), uniqueEmail("supervisor"), {
      role: "supervisor",
      properties: ["Riverside & Co. Hotel", "Harbour View Hotel"],
    });
    const now = new Date("2026-11-25T12:00:00Z");
    const filled = await fillDemoHistory(db(), apiFor(sim), {
      days: 16,
      simulatorUrl: sim.url,
      now,
      supervisorEmail: supervisor.email,
    });
    expect(filled).toMatchObject({ first: "2026-11-09", last: "2026-11-24" });
    const through = "2026-11-17"; // the last day minus the QUEUED_DAYS left to work through

    const signOffs = await db().select().from(listSignOffs);
    expect(signOffs.length).toBe(filled!.signedOff);
    expect(signOffs.length).toBeGreaterThan(0);
    for (const signOff of signOffs) {
      expect(["Riverside & Co. Hotel", "Harbour View Hotel"]).toContain(signOff.propertyName);
      expect(signOff.listDate <= through).toBe(true);
      expect(signOff.signerEmail).toBe(supervisor.email);
    }
    // Every stored criminal arrival of a signed-off list has a review, made before the sign-off.
    const items = (await readStoredCriminalArrivals(db(), "2026-11-09", through)).filter((entry) =>
      ["Riverside & Co. Hotel", "Harbour View Hotel"].includes(entry.item.propertyName),
    );
    const reviews = await db().select().from(itemReviews);
    expect(new Set(reviews.map((review) => review.itemKey))).toEqual(
      new Set(items.map((entry) => itemKeyOf(entry.item))),
    );
    // Hours from the pull to the sign-off vary: some within a day, some overdue.
    const hours = signOffs.map(
      (signOff) => (signOff.signedOffAt.getTime() - pullInstant(signOff.listDate).getTime()) / 3_600_000,
    );
    expect(hours.some((h) => h <= 24)).toBe(true);
    expect(hours.some((h) => h > 24)).toBe(true);
    // Lists of the latest days stay open, for the queue.
    const open = await readStoredCriminalArrivals(db(), addDays(through, 1), "2026-11-24");
    expect(open.some((entry) => entry.item.propertyName === "Riverside & Co. Hotel")).toBe(true);

    // Stopped part-way through a list (its items reviewed, no sign-off yet), a second run goes on
    // from there: the signed-off lists stay as they are, and only that list is signed off.
    const last = signOffs.at(-1)!;
    await db().delete(listSignOffs).where(eq(listSignOffs.id, last.id));
    const again = await signOffDemoLists(db(), { supervisorEmail: supervisor.email, from: "2026-11-09", through });
    expect(again).toBe(1);
    const after = await db().select().from(listSignOffs);
    expect(after.map((row) => [row.propertyName, row.listDate]).sort()).toEqual(
      signOffs.map((row) => [row.propertyName, row.listDate]).sort(),
    );
    expect((await db().select().from(itemReviews)).length).toBe(reviews.length);
  }, 60_000);
});
