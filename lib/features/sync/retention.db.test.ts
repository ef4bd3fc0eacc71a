import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";

import { readStoredReport } from "@/lib/features/history/store";
import { retentionCutoff, runSync } from "@/lib/features/sync/run";
import { itemReviews, listSignOffs, liveObservations, storedItems, storedReports } from "@/lib/server/db/schema";
import { describeEachDatabase } from "@/tests/support/databases";
import { apiFor, pullTime } from "@/tests/support/partner-api";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

let sim: LaunchedSimulator;
beforeAll(async () => {
  sim = await launchSimulator();
});
afterAll(() => sim.close());

/** A report without its items and their count. */
const topLevel = (report: object) =>
  Object.fromEntries(Object.entries(report).filter(([key]) => key !== "items" && key !== "totalCount"));

it("cuts at whole days back from today's UTC date", () => {
  expect(retentionCutoff(new Date("2026-11-23T11:30:00Z"), 3)).toBe("2026-11-20");
  expect(retentionCutoff(new Date("2026-03-01T00:00:00Z"), 90)).toBe("2025-12-01");
});

describeEachDatabase("the retention period", (db) => {
  async function pullAt(at: string, retentionDays = 90) {
    await sim.setClock(at);
    const result = await runSync(db(), apiFor(sim), { now: new Date(at), trigger: "schedule", retentionDays });
    if (result.status !== "finished") throw new Error("the pull was skipped");
    return result.run;
  }

  async function itemsOf(day: string) {
    const reports = db()
      .select({ id: storedReports.id })
      .from(storedReports)
      .where(eq(storedReports.reportedDate, day));
    const [items] = await db().select({ n: count() }).from(storedItems).where(inArray(storedItems.reportId, reports));
    const [observations] = await db()
      .select({ n: count() })
      .from(liveObservations)
      .where(inArray(liveObservations.reportId, reports));
    return { items: items!.n, observations: observations!.n };
  }

  it("removes the guest data of old days and keeps their figures, top levels, reviews and sign-offs", async () => {
    for (const day of ["2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22"]) await pullAt(pullTime(day));
    // A second pull of Nov 18 late in its window: later bans become observations.
    await pullAt(pullTime("2026-11-19", "18:00"));
    expect((await itemsOf("2026-11-18")).observations).toBeGreaterThan(0);
    const usageBefore = await readStoredReport(db(), "usage", "2026-11-18");
    const guestsBefore = await readStoredReport(db(), "guests", "2026-11-18");
    await db()
      .insert(itemReviews)
      .values({
        itemKey: "a".repeat(64),
        propertyName: "Riverside & Co. Hotel",
        listDate: "2026-11-18",
        checkInAtUtc: "2026-11-18T15:00:00Z",
        reviewerEmail: "supervisor@daybook.demo",
        reviewerName: "Sam Supervisor",
        note: "Spoke with J. Doe at the desk",
      });
    // A review of a day still kept keeps its key and note.
    await db()
      .insert(itemReviews)
      .values({
        itemKey: "b".repeat(64),
        propertyName: "Riverside & Co. Hotel",
        listDate: "2026-11-21",
        checkInAtUtc: "2026-11-21T15:00:00Z",
        reviewerEmail: "supervisor@daybook.demo",
        reviewerName: "Sam Supervisor",
        note: "Checked",
      });
    await db()
      .insert(listSignOffs)
      .values({
        propertyName: "Riverside & Co. Hotel",
        listDate: "2026-11-18",
        signerEmail: "supervisor@daybook.demo",
        signerName: "Sam Supervisor",
        itemCount: 4,
        note: "All four seen",
        undoneAt: new Date("2026-11-19T12:00:00Z"),
        undoneByEmail: "admin@daybook.demo",
        undoneReason: "Signed off the wrong guest list",
      });

    // Three days kept on Nov 23: the 20th, 21st and 22nd; the 18th and 19th lose their guest data.
    const purging = pullTime("2026-11-23");
    const run = await pullAt(purging, 3);
    expect(run.message).toContain("Removed the guest data of 2 days before 2026-11-20 (kept 3 days).");
    for (const day of ["2026-11-18", "2026-11-19"]) expect(await itemsOf(day)).toEqual({ items: 0, observations: 0 });
    expect((await itemsOf("2026-11-20")).items).toBeGreaterThan(0);

    expect(await readStoredReport(db(), "usage", "2026-11-18")).toEqual(usageBefore);
    const guestsAfter = (await readStoredReport(db(), "guests", "2026-11-18"))!;
    expect(guestsAfter.report.items).toEqual([]);
    expect(topLevel(guestsAfter.report)).toEqual(topLevel(guestsBefore!.report));
    expect(guestsAfter.copy).toMatchObject({
      reportedDate: "2026-11-18",
      itemsPurgedAt: new Date(purging).toISOString(),
    });
    const [criminal] = await db()
      .select({ itemCount: storedReports.itemCount, purgedAt: storedReports.itemsPurgedAt })
      .from(storedReports)
      .where(and(eq(storedReports.endpoint, "criminal-arrivals"), eq(storedReports.reportedDate, "2026-11-19")));
    expect(criminal).toMatchObject({ purgedAt: new Date(purging) });
    expect(criminal!.itemCount).toBeGreaterThan(0);

    // The records stay, with nothing in them that could lead back to a guest.
    const reviews = await db()
      .select({
        id: itemReviews.id,
        listDate: itemReviews.listDate,
        itemKey: itemReviews.itemKey,
        note: itemReviews.note,
        reviewer: itemReviews.reviewerEmail,
      })
      .from(itemReviews)
      .orderBy(itemReviews.listDate);
    expect(reviews).toEqual([
      {
        id: reviews[0]!.id,
        listDate: "2026-11-18",
        itemKey: `purged:${reviews[0]!.id}`,
        note: null,
        reviewer: "supervisor@daybook.demo",
      },
      {
        id: reviews[1]!.id,
        listDate: "2026-11-21",
        itemKey: "b".repeat(64),
        note: "Checked",
        reviewer: "supervisor@daybook.demo",
      },
    ]);
    expect(
      await db()
        .select({
          listDate: listSignOffs.listDate,
          note: listSignOffs.note,
          reason: listSignOffs.undoneReason,
          undoneBy: listSignOffs.undoneByEmail,
        })
        .from(listSignOffs),
    ).toEqual([{ listDate: "2026-11-18", note: null, reason: null, undoneBy: "admin@daybook.demo" }]);

    // Nothing is left to remove the next time.
    const next = await pullAt(pullTime("2026-11-23", "11:45"), 3);
    expect(next.message).toContain("No guest data was due for removal (kept 3 days).");
  });
});
