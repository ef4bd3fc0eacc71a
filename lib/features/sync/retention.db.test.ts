import { and, asc, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";

import type { PropertyScope } from "@/lib/core/access";
import { addDays } from "@/lib/core/days";
import { dayParts, listStoredDays, readGuestPartStates, readStoredReport } from "@/lib/features/history/store";
import { readPolicySet } from "@/lib/features/privacy/repository";
import { offeredGuestDays, readPurgeNotes } from "@/lib/features/reports/purged";
import { describeRetention } from "@/lib/features/sync/messages";
import { purgeExpiredGuestData, retentionCutoff } from "@/lib/features/sync/retention";
import { runSync } from "@/lib/features/sync/run";
import {
  auditEvents,
  itemReviews,
  listSignOffs,
  liveObservations,
  privacyAssignments,
  privacyPolicies,
  purgeLog,
  storedCoverage,
  storedItems,
  storedReports,
} from "@/lib/server/db/schema";
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

it("cuts at whole days back from today's date in the property's own zone", () => {
  // 11:30 UTC on Nov 23 is Nov 23 in Honolulu and in Sydney alike.
  expect(retentionCutoff(new Date("2026-11-23T11:30:00Z"), ["Pacific/Honolulu"], 3)).toBe("2026-11-20");
  expect(retentionCutoff(new Date("2026-03-01T00:00:00Z"), ["Europe/London"], 90)).toBe("2025-12-01");
  // 13:30 UTC: Sydney is already on Nov 24, Honolulu still on Nov 23.
  const late = new Date("2026-11-23T13:30:00Z");
  expect(retentionCutoff(late, ["Australia/Sydney"], 2)).toBe("2026-11-22");
  expect(retentionCutoff(late, ["Pacific/Honolulu"], 2)).toBe("2026-11-21");
  // Several zones, or none known: the reading furthest ahead, so no day is kept past its limit anywhere.
  expect(retentionCutoff(late, ["Pacific/Honolulu", "Australia/Sydney"], 2)).toBe("2026-11-22");
  expect(retentionCutoff(new Date("2026-11-23T10:30:00Z"), [], 2)).toBe("2026-11-22");
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
    // Nine properties' Nov 18 and 19; and Quiet Pines Motel's Nov 20: no arrival of it ever named its
    // zone, so its days are counted in the zone furthest ahead (already Nov 24 there).
    expect(run.message).toContain("Removed the guest data of 3 days (19 property days; kept 3 days).");
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

/**
 * Two properties in far-apart zones under policies of different lengths: Outback Rest (Sydney,
 * UTC+11 in November) keeps 2 days under "AU", Harbour View Hotel (Honolulu, UTC−10) keeps 3 under
 * "US-HI"; every other property keeps the default's 3650.
 */
describeEachDatabase("retention per property, in each property's zone", (db) => {
  const SYDNEY = "Outback Rest";
  const HONOLULU = "Harbour View Hotel";
  const EVERYONE: PropertyScope = { allProperties: true, properties: [] };
  /** Honolulu Nov 22 23:00, Sydney Nov 23 20:00. */
  const FIRST = new Date("2026-11-23T09:00:00Z");
  /** Honolulu Nov 23 03:30, Sydney Nov 24 00:30: a new day in Sydney only. */
  const SECOND = new Date("2026-11-23T13:30:00Z");

  const policies = () => readPolicySet(db(), 3650);

  /** Stored items of one property's part of a day, per endpoint. */
  async function itemsAt(day: string, propertyName: string) {
    const rows = await db()
      .select({ endpoint: storedReports.endpoint, n: count() })
      .from(storedItems)
      .innerJoin(storedReports, eq(storedReports.id, storedItems.reportId))
      .where(and(eq(storedReports.reportedDate, day), eq(storedItems.propertyName, propertyName)))
      .groupBy(storedReports.endpoint);
    return Object.fromEntries(rows.map((row) => [row.endpoint, row.n]));
  }

  async function purgedParts(day: string) {
    const parts = await readGuestPartStates(db(), "guests", day);
    return parts.filter((part) => part.itemsPurgedAt !== null).map((part) => part.propertyName);
  }

  const before: Record<string, Record<string, number>> = {};

  beforeAll(async () => {
    for (const day of ["2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22"]) {
      const at = pullTime(addDays(day, 1));
      await sim.setClock(at);
      const result = await runSync(db(), apiFor(sim), { now: new Date(at), trigger: "schedule", retentionDays: 3650 });
      if (result.status !== "finished") throw new Error("the pull was skipped");
    }
    for (const day of ["2026-11-19", "2026-11-20", "2026-11-21"]) {
      for (const name of [SYDNEY, HONOLULU]) before[`${day}|${name}`] = await itemsAt(day, name);
    }
    const [au, hi] = await db()
      .insert(privacyPolicies)
      .values([
        { name: "AU", retentionDays: 2, kept: {} },
        { name: "US-HI", retentionDays: 3, kept: {} },
      ])
      .returning({ id: privacyPolicies.id });
    await db()
      .insert(privacyAssignments)
      .values([
        { propertyName: SYDNEY, policyId: au!.id },
        { propertyName: HONOLULU, policyId: hi!.id },
      ]);
    const review = (propertyName: string, listDate: string, note: string) => ({
      itemKey: `${propertyName}|${listDate}`.padEnd(64, "x"),
      propertyName,
      listDate,
      checkInAtUtc: `${listDate}T15:00:00Z`,
      reviewerEmail: "supervisor@daybook.demo",
      reviewerName: "Sam Supervisor",
      note,
    });
    await db()
      .insert(itemReviews)
      .values([
        review(SYDNEY, "2026-11-20", "Sydney, past"),
        review(HONOLULU, "2026-11-20", "Honolulu, kept"),
        review(HONOLULU, "2026-11-19", "Honolulu, last kept day"),
      ]);
    await db()
      .insert(auditEvents)
      .values([
        { action: "guest.reveal_id", propertyName: SYDNEY, details: { checkInAtUtc: "2026-11-20T05:00:00Z" } },
        { action: "guest.reveal_id", propertyName: HONOLULU, details: { checkInAtUtc: "2026-11-21T20:00:00Z" } },
      ]);
  });

  it("keeps each property's last day within its policy and removes the first one past, in its own zone", async () => {
    expect(before[`2026-11-20|${SYDNEY}`]!.guests).toBeGreaterThan(0);
    expect(before[`2026-11-20|${HONOLULU}`]!.guests).toBeGreaterThan(0);
    const versionBefore = (await dayParts(db(), "guests", "2026-11-20"))!.version;

    const first = await purgeExpiredGuestData(db(), { policies: await policies(), now: FIRST });
    // Sydney's Nov 23: 2 days kept are the 21st and 22nd. Honolulu's Nov 22: 3 days are the 19th to 21st.
    expect(await itemsAt("2026-11-21", SYDNEY)).toEqual(before[`2026-11-21|${SYDNEY}`]);
    expect(await itemsAt("2026-11-20", SYDNEY)).toEqual({});
    expect(await itemsAt("2026-11-19", HONOLULU)).toEqual(before[`2026-11-19|${HONOLULU}`]);
    expect(await itemsAt("2026-11-18", HONOLULU)).toEqual({});
    // Nov 20 straddles the limits: Sydney's part is gone, Honolulu's and everyone else's stay.
    expect(await purgedParts("2026-11-20")).toEqual([SYDNEY]);
    expect(await itemsAt("2026-11-20", HONOLULU)).toEqual(before[`2026-11-20|${HONOLULU}`]);
    expect(await purgedParts("2026-11-18")).toEqual([HONOLULU, SYDNEY]);
    expect(first.byPolicy.find((entry) => entry.policy === "Default")).toMatchObject({ parts: 0 });
    expect(first.byPolicy.find((entry) => entry.policy === "AU")).toMatchObject({ days: 4, parts: 4 });
    expect(first.byPolicy.find((entry) => entry.policy === "US-HI")).toMatchObject({ days: 2, parts: 2 });
    expect(describeRetention(first)).toBe(
      "Removed the guest data of 4 days (4 property days) under AU (kept 2 days) and of 2 days (2 property days) under US-HI (kept 3 days).",
    );

    // The day is partly purged: its version changes (no held copy serves the removed arrivals), it is not purged whole.
    expect((await dayParts(db(), "guests", "2026-11-20"))!.version).not.toBe(versionBefore);
    const [day] = await db()
      .select({ purgedAt: storedReports.itemsPurgedAt })
      .from(storedReports)
      .where(and(eq(storedReports.endpoint, "guests"), eq(storedReports.reportedDate, "2026-11-20")));
    expect(day!.purgedAt).toBeNull();

    // An hour and a half past Sydney's midnight: its 21st goes; Honolulu, still on the 23rd, loses its 19th only.
    await purgeExpiredGuestData(db(), { policies: await policies(), now: SECOND });
    expect((await itemsAt("2026-11-22", SYDNEY)).guests).toBeGreaterThan(0);
    expect(await itemsAt("2026-11-21", SYDNEY)).toEqual({});
    expect(await itemsAt("2026-11-20", HONOLULU)).toEqual(before[`2026-11-20|${HONOLULU}`]);
    expect(await itemsAt("2026-11-19", HONOLULU)).toEqual({});
    // The usage figures of every day stay.
    expect((await readStoredReport(db(), "usage", "2026-11-18"))!.report.byProperty.length).toBeGreaterThan(0);
  });

  it("logs each removal with its rule, day, property, kind and rows, never the data", async () => {
    const entries = await db()
      .select({
        reason: purgeLog.reason,
        rule: purgeLog.rule,
        kind: purgeLog.kind,
        day: purgeLog.day,
        propertyName: purgeLog.propertyName,
        rows: purgeLog.rows,
        at: purgeLog.at,
      })
      .from(purgeLog)
      .orderBy(asc(purgeLog.id));
    const sydney20 = entries.filter((entry) => entry.day === "2026-11-20" && entry.propertyName === SYDNEY);
    expect(sydney20).toEqual(
      expect.arrayContaining([
        {
          reason: "retention",
          rule: "AU: kept 2 days",
          kind: "guest arrivals",
          day: "2026-11-20",
          propertyName: SYDNEY,
          rows: before[`2026-11-20|${SYDNEY}`]!.guests,
          at: FIRST,
        },
        {
          reason: "retention",
          rule: "AU: kept 2 days",
          kind: "review notes",
          day: "2026-11-20",
          propertyName: SYDNEY,
          rows: 1,
          at: FIRST,
        },
      ]),
    );
    expect(entries).toContainEqual({
      reason: "retention",
      rule: "US-HI: kept 3 days",
      kind: "guest arrivals",
      day: "2026-11-19",
      propertyName: HONOLULU,
      rows: before[`2026-11-19|${HONOLULU}`]!.guests,
      at: SECOND,
    });
    expect(entries).toContainEqual(
      expect.objectContaining({ kind: "audit check-in times", propertyName: SYDNEY, day: "2026-11-20", rows: 1 }),
    );
    // Nothing of a property under the default policy, and no entry of zero rows.
    expect(entries.filter((entry) => entry.propertyName !== SYDNEY && entry.propertyName !== HONOLULU)).toEqual([]);
    expect(entries.every((entry) => entry.rows > 0)).toBe(true);
  });

  it("forgets reviews and audit check-in instants per property day", async () => {
    const reviews = await db()
      .select({ propertyName: itemReviews.propertyName, listDate: itemReviews.listDate, note: itemReviews.note })
      .from(itemReviews)
      .orderBy(asc(itemReviews.propertyName), asc(itemReviews.listDate));
    expect(reviews).toEqual([
      { propertyName: HONOLULU, listDate: "2026-11-19", note: null },
      { propertyName: HONOLULU, listDate: "2026-11-20", note: "Honolulu, kept" },
      { propertyName: SYDNEY, listDate: "2026-11-20", note: null },
    ]);
    const audits = await db()
      .select({ propertyName: auditEvents.propertyName, details: auditEvents.details })
      .from(auditEvents)
      .orderBy(asc(auditEvents.id));
    expect(audits).toEqual([
      { propertyName: SYDNEY, details: { checkInDay: "2026-11-20" } },
      { propertyName: HONOLULU, details: { checkInAtUtc: "2026-11-21T20:00:00Z" } },
    ]);
  });

  it("answers 410 for a purged property, and names it and the erased arrivals on the unfiltered day", async () => {
    const read = async (scope: PropertyScope, propertyName?: string) =>
      readPurgeNotes(db(), { endpoint: "guests", day: "2026-11-20", scope, propertyName, policies: await policies() });
    await expect(read(EVERYONE, "outback rest")).rejects.toMatchObject({
      status: 410,
      code: "day_purged",
      message:
        "The guest details of Outback Rest for 2026-11-20 were removed after AU's 2 days; its figures remain on the Overview.",
    });
    await db()
      .update(storedCoverage)
      .set({ erasedItems: 1 })
      .where(
        and(
          eq(storedCoverage.propertyName, HONOLULU),
          inArray(
            storedCoverage.reportId,
            db()
              .select({ id: storedReports.id })
              .from(storedReports)
              .where(and(eq(storedReports.endpoint, "guests"), eq(storedReports.reportedDate, "2026-11-20"))),
          ),
        ),
      );
    expect(await read(EVERYONE)).toEqual({
      purgedProperties: [{ propertyName: SYDNEY, policy: "AU", retentionDays: 2 }],
      erasedArrivals: 1,
    });
    // Only of the properties the person may see.
    expect(await read({ allProperties: false, properties: [HONOLULU] })).toEqual({
      purgedProperties: [],
      erasedArrivals: 1,
    });
    expect(await read({ allProperties: false, properties: [HONOLULU] }, HONOLULU)).toEqual({
      purgedProperties: [],
      erasedArrivals: 1,
    });
    await expect(read({ allProperties: false, properties: [SYDNEY] })).rejects.toMatchObject({
      status: 410,
      code: "day_purged",
    });
  });

  it("offers a guest day unless every part the person may see is purged", async () => {
    const stored = await listStoredDays(db(), "guests");
    const offered = async (scope?: PropertyScope) =>
      (await offeredGuestDays(db(), "guests", stored, scope)).map((copy) => copy.reportedDate);
    const all = stored.map((copy) => copy.reportedDate);
    expect(await offered(EVERYONE)).toEqual(all);
    expect(await offered()).toEqual(all);
    expect(await offered({ allProperties: false, properties: [SYDNEY] })).toEqual(["2026-11-22"]);
    expect(await offered({ allProperties: false, properties: [HONOLULU, SYDNEY] })).toEqual([
      "2026-11-22",
      "2026-11-21",
      "2026-11-20",
    ]);
  });
});
