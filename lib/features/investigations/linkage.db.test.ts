import { inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import type { PropertyScope } from "@/lib/core/access";
import { addDays } from "@/lib/core/days";
import { POLICY_FIELDS } from "@/lib/core/privacy";
import { eraseArrivals } from "@/lib/features/history/person";
import { purgePersonalData, storeReport } from "@/lib/features/history/store";
import { forgetCachedPolicies, readStorePrivacy } from "@/lib/features/privacy/server";
import type { Database } from "@/lib/server/db/open";
import { privacyAssignments, privacyPolicies, privacyRequests, storedItems } from "@/lib/server/db/schema";
import { describeEachDatabase } from "@/tests/support/databases";
import { guestItem, guestsReport } from "@/tests/support/report-fixtures";

import { missedBansFileFor, missedBansPageFor } from "./missed-bans-list";
import { parseMissedBanQuery } from "./missed-bans-view";
import { repeatVisitorsFileFor, repeatVisitorsPageFor } from "./repeat-visitors-list";
import { readRepeatVisitDays, writeRepeatVisitDays } from "./repeat-visitors-setting";
import { parseRepeatQuery } from "./repeat-visitors-view";

/**
 * Both linkage screens over stored fixture days: each case a document (an identification number)
 * at a few properties, stored as a pull stores it, then read through the screens' own reads.
 */

const NOW = new Date("2026-11-23T12:00:00Z");
/** The 30-day window of NOW: 2026-10-24 to 2026-11-22. */
const WINDOW = { window: 30 as const };
const day = (n: number) => addDays("2026-11-01", n);

const HARBOUR = { propertyName: "Harbour View Hotel", propertyTimeZone: "Pacific/Honolulu" };
const RIVERSIDE = { propertyName: "Riverside & Co. Hotel", propertyTimeZone: "America/New_York" };
const ZURICH = { propertyName: "Grand Hotel Zürich", propertyTimeZone: "Europe/Zurich" };
const MONTREAL = { propertyName: "Hôtel Élysée Montréal", propertyTimeZone: "America/Toronto" };
const SEASIDE_LA = { propertyName: "Seaside Suites", propertyTimeZone: "America/Los_Angeles" };
const SEASIDE_NY = { propertyName: "Seaside Suites", propertyTimeZone: "America/New_York" };

type Property = typeof HARBOUR;

/** One arrival of `document` on local day `n` at 20:00 UTC (in every zone here, the same local day). */
function stay(document: string, property: Property, n: number, guest: string, overrides: Record<string, unknown> = {}) {
  const [firstName, lastName] = guest.split(" ");
  return guestItem({
    ...property,
    checkInDateLocal: day(n),
    checkInAtUtc: `${day(n)}T20:${String(overrides.minute ?? 0).padStart(2, "0")}:00Z`,
    firstName,
    lastName,
    identificationNumber: document,
    ...overrides,
    minute: undefined,
  });
}

const banned = { matchedBanAtCheckIn: true, isCurrentlyBanned: true };
const missed = { matchedBanAtCheckIn: false, isCurrentlyBanned: true };

const STAYS = [
  // A ban matched at Zürich, missed at Harbour View three days later.
  stay("MISS-1", ZURICH, 1, "Ana Ruiz", banned),
  stay("MISS-1", HARBOUR, 4, "Ana Ruiz", missed),
  // Matched at Riverside, then taken in by hand with no screening record there.
  stay("NULL-1", RIVERSIDE, 1, "Bo Lind", banned),
  stay("NULL-1", RIVERSIDE, 5, "Bo Lind", {
    matchedBanAtCheckIn: null,
    isCurrentlyBanned: true,
    source: "manual entry",
  }),
  // Matched at Harbour View, lifted by the evening re-read of its day, then at Riverside unmatched.
  stay("LIFT-1", HARBOUR, 2, "Cy Moss", banned),
  stay("LIFT-1", RIVERSIDE, 6, "Cy Moss", { matchedBanAtCheckIn: false, isCurrentlyBanned: false }),
  // Matched at Zürich; missed at Harbour View; the Zürich arrival is erased later.
  stay("ERASE-1", ZURICH, 2, "Di Holt", banned),
  stay("ERASE-1", HARBOUR, 7, "Di Holt", missed),
  // Matched at Montréal, whose policy keeps no document: nothing links it.
  stay("POLICY-1", MONTREAL, 2, "Ed Kerr", banned),
  stay("POLICY-1", HARBOUR, 8, "Ed Kerr", { matchedBanAtCheckIn: false, isCurrentlyBanned: false }),
  // Matched on the oldest day, which retention purges.
  stay("PURGE-1", RIVERSIDE, -5, "Flo Park", banned),
  stay("PURGE-1", HARBOUR, 9, "Flo Park", missed),
  // Matched and missed, both restricted by a privacy request.
  stay("REST-1", ZURICH, 3, "Gil Shaw", banned),
  stay("REST-1", HARBOUR, 10, "Gil Shaw", missed),
  // Staff flagged at Harbour View; at Riverside 8 days later.
  stay("FLAG-1", HARBOUR, 2, "Hal Voss", { isFlagged: true }),
  stay("FLAG-1", RIVERSIDE, 10, "Hal Voss"),
  // A criminal-record match at Seaside Suites (Los Angeles), then at Seaside Suites (New York).
  stay("ZONE-1", SEASIDE_LA, 3, "Ivy Chen", { hasCriminalRecord: true }),
  stay("ZONE-1", SEASIDE_NY, 5, "Ivy Chen"),
  // Nothing found, but at three properties in six days.
  stay("SPREAD-1", HARBOUR, 11, "Jo Banks"),
  stay("SPREAD-1", RIVERSIDE, 13, "Jo Banks", { minute: 5 }),
  stay("SPREAD-1", ZURICH, 17, "Jo Banks", { minute: 10 }),
  // Flagged at Riverside, at Zürich the day after: involves a property the supervisor does not see.
  stay("FLAG-2", RIVERSIDE, 12, "Kim Ode", { isFlagged: true }),
  stay("FLAG-2", ZURICH, 13, "Kim Ode"),
];

const SUPERVISOR: PropertyScope = { allProperties: false, properties: ["Riverside & Co. Hotel", "Harbour View Hotel"] };
const HARBOUR_ONLY: PropertyScope = { allProperties: false, properties: ["Harbour View Hotel"] };
const ADMIN: PropertyScope = { allProperties: true, properties: [] };

async function storeDays(db: Database) {
  // Montréal's policy keeps everything but the document.
  const kept = { ...Object.fromEntries(POLICY_FIELDS.map((field) => [field, true])), document: false };
  const [policy] = await db
    .insert(privacyPolicies)
    .values({ name: "No documents", kept, retentionDays: 400 })
    .returning({ id: privacyPolicies.id });
  await db.insert(privacyAssignments).values({ propertyName: MONTREAL.propertyName, policyId: policy!.id });
  forgetCachedPolicies(db);
  const days = [...new Set(STAYS.map((item) => item.checkInDateLocal))].sort();
  for (const stored of days) {
    const items = STAYS.filter((item) => item.checkInDateLocal === stored);
    await storeReport(db, "guests", guestsReport(items, { reportedDateLocal: stored }) as never, {
      pulledAt: new Date(`${addDays(stored, 1)}T11:30:00Z`),
      privacy: await readStorePrivacy(db),
    });
  }
  // The lifted ban: day 2 read again that evening, the guest no longer banned.
  const again = STAYS.filter((item) => item.checkInDateLocal === day(2)).map((item) =>
    item.identificationNumber === "LIFT-1" ? { ...item, isCurrentlyBanned: false } : item,
  );
  await storeReport(db, "guests", guestsReport(again, { reportedDateLocal: day(2) }) as never, {
    pulledAt: new Date(`${day(3)}T18:00:00Z`),
    privacy: await readStorePrivacy(db),
  });
}

/** The stored arrivals of these guests (by last name, as the fixture names are unique). */
async function arrivalsOf(db: Database, lastName: string) {
  const rows = await db.execute<{
    report_id: string;
    position: number;
    property_name: string;
    check_in_date_local: string;
  }>(
    sql`select report_id, position, property_name, check_in_date_local from ${storedItems} where item->>'l' = ${lastName}`,
  );
  return rows.rows.map((row) => ({ ...row, reportId: Number(row.report_id) }));
}

describeEachDatabase("the linkage screens", (db) => {
  beforeAll(async () => {
    await storeDays(db());
  });

  const missedFor = (scope: PropertyScope, params: Record<string, string> = {}) =>
    missedBansPageFor(db(), scope, parseMissedBanQuery({ ...WINDOW, ...params }, params), NOW);
  const repeatFor = (scope: PropertyScope, params: Record<string, string> = {}, days = 30) =>
    repeatVisitorsPageFor(db(), scope, parseRepeatQuery({ ...WINDOW, ...params }, params), NOW, days);

  describe("missed bans", () => {
    it("lists the arrivals missed after a ban seen anywhere in the group, per property and source", async () => {
      const page = await missedFor(ADMIN);
      const listed = page.rows.map((row) => [row.name, row.label, row.day, row.category]);
      expect(listed).toEqual([
        ["Gil Shaw", "Harbour View Hotel", day(10), "scan"],
        ["Flo Park", "Harbour View Hotel", day(9), "scan"],
        ["Di Holt", "Harbour View Hotel", day(7), "scan"],
        ["Bo Lind", "Riverside & Co. Hotel", day(5), "no screening record"],
        ["Ana Ruiz", "Harbour View Hotel", day(4), "scan"],
      ]);
      // Cy Moss's ban was lifted before he came; Ed Kerr's was seen where no document is kept.
      expect(page.figures.rows).toEqual([
        expect.objectContaining({ label: "Harbour View Hotel", total: 4 }),
        expect.objectContaining({ label: "Riverside & Co. Hotel", total: 1 }),
      ]);
      expect(page.figures.total.counts).toMatchObject({ scan: 4, "no screening record": 1 });
      expect(page.rows.find((row) => row.name === "Ana Ruiz")).toMatchObject({
        whole: true,
        href: `/guests?day=${day(4)}&property=Harbour+View+Hotel`,
        seen: { shown: true, here: false, label: "Grand Hotel Zürich", kind: "matched", at: `${day(1)}T20:00:00.000Z` },
      });
      expect(page.days).toEqual({ stored: 15, purged: 0 });
    });

    it("withholds the name and the other property from a person who does not see it, and lists nothing of a property they do not see", async () => {
      const page = await missedFor(SUPERVISOR);
      const ana = page.rows.find((row) => row.day === day(4))!;
      expect(ana).toMatchObject({ name: null, whole: false, seen: { shown: false }, label: "Harbour View Hotel" });
      expect(page.withheld).toBe(3);
      expect(page.rows.find((row) => row.day === day(5))).toMatchObject({ name: "Bo Lind", whole: true });
      const file = await missedBansFileFor(db(), HARBOUR_ONLY, parseMissedBanQuery(WINDOW, {}), NOW);
      // Seeing Harbour View alone, every ban there was seen elsewhere: four entries, no name.
      expect(file.rows.map((row) => [row.label, row.name])).toEqual(
        Array.from({ length: 4 }, () => ["Harbour View Hotel", null]),
      );
    });

    it("breaks the linkage on erasure, restriction and retention, as a policy without documents never made it", async () => {
      const before = (await missedFor(ADMIN)).rows.map((row) => row.name);
      expect(before).toEqual(expect.arrayContaining(["Di Holt", "Flo Park"]));
      expect(before).not.toContain("Ed Kerr");

      const [zurich] = (await arrivalsOf(db(), "Holt")).filter((row) => row.property_name === ZURICH.propertyName);
      await db().transaction((tx) =>
        eraseArrivals(
          tx,
          [
            {
              ...zurich!,
              endpoint: "guests",
              day: zurich!.check_in_date_local,
              propertyName: ZURICH.propertyName,
            } as never,
          ],
          NOW,
        ),
      );
      const [request] = await db()
        .insert(privacyRequests)
        .values({ kind: "restriction", receivedAt: NOW, dueAt: NOW })
        .returning({ id: privacyRequests.id });
      const shaw = await arrivalsOf(db(), "Shaw");
      await db()
        .update(storedItems)
        .set({ restrictedBy: request!.id })
        .where(
          inArray(
            sql`(${storedItems.reportId}, ${storedItems.position})`,
            shaw.map((row) => sql`(${row.reportId}, ${row.position})`),
          ),
        );
      await purgePersonalData(db(), day(-4), NOW);

      const after = await missedFor(ADMIN);
      expect(after.rows.map((row) => row.name)).toEqual(["Bo Lind", "Ana Ruiz"]);
      expect(after.days).toEqual({ stored: 15, purged: 1 });
    });
  });

  describe("repeat visitors", () => {
    it("lists both rules for a person who sees every property, with both visits in each property's zone", async () => {
      const page = await repeatFor(ADMIN);
      // Erased, restricted and purged arrivals link nothing (the missed-ban cases above removed them).
      expect(page.rows.map((row) => [row.kind, row.name, row.labels, row.days])).toEqual([
        ["spread", "Jo Banks", ["Harbour View Hotel", "Riverside & Co. Hotel", "Grand Hotel Zürich"], 6],
        ["after-flag", "Kim Ode", ["Riverside & Co. Hotel", "Grand Hotel Zürich"], 1],
        ["after-flag", "Hal Voss", ["Harbour View Hotel", "Riverside & Co. Hotel"], 8],
        ["after-flag", "Cy Moss", ["Harbour View Hotel", "Riverside & Co. Hotel"], 4],
        ["after-flag", "Ivy Chen", ["Seaside Suites (Los Angeles time)", "Seaside Suites (New York time)"], 2],
        ["after-flag", "Ana Ruiz", ["Grand Hotel Zürich", "Harbour View Hotel"], 3],
      ]);
      const voss = page.rows.find((row) => row.name === "Hal Voss")!;
      expect(voss.visits.map((visit) => [visit.label, visit.propertyTimeZone, visit.signals])).toEqual([
        ["Harbour View Hotel", "Pacific/Honolulu", ["Flagged by staff"]],
        ["Riverside & Co. Hotel", "America/New_York", []],
      ]);
      expect(page.figures.total).toEqual({ afterFlag: 5, spread: 1 });
      expect(page.hidden).toBe(0);
    });

    it("shows a person only the entries whose every property they see, and counts the others touching theirs", async () => {
      const page = await repeatFor(SUPERVISOR);
      expect(page.rows.map((row) => row.name)).toEqual(["Hal Voss", "Cy Moss"]);
      // Jo Banks, Kim Ode and Ana Ruiz were at Zürich; Ivy Chen's properties are none of theirs.
      expect(page.hidden).toBe(3);
      const file = await repeatVisitorsFileFor(db(), SUPERVISOR, parseRepeatQuery(WINDOW, {}), NOW, 30);
      expect(file.rows.map((row) => row.name)).toEqual(["Hal Voss", "Cy Moss"]);
      expect(JSON.stringify(file.rows)).not.toContain("Banks");
    });

    it("follows a flag only N days, the setting (30 unless an admin chose)", async () => {
      expect(await readRepeatVisitDays(db())).toEqual({ days: 30, chosen: false });
      await writeRepeatVisitDays(db(), 7, null);
      const setting = await readRepeatVisitDays(db());
      expect(setting).toEqual({ days: 7, chosen: true });
      const page = await repeatFor(ADMIN, {}, setting.days);
      expect(page.rows.map((row) => row.name)).toEqual(["Jo Banks", "Kim Ode", "Cy Moss", "Ivy Chen", "Ana Ruiz"]);
      expect(page.followDays).toBe(7);
    });
  });
});
