import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { PropertyScope } from "@/lib/core/access";
import { addDays, daysEnding } from "@/lib/core/days";
import { decodeItem } from "@/lib/features/history/item-codec";
import { purgePersonalData, storeReport } from "@/lib/features/history/store";
import { readStorePrivacy } from "@/lib/features/privacy/server";
import { liveObservations, storedItems, storedReports } from "@/lib/server/db/schema";
import type { GuestArrival, GuestsReport, UsageReport } from "@/lib/server/partner-api";
import { describeEachDatabase } from "@/tests/support/databases";
import { apiFor } from "@/tests/support/partner-api";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

import { guestName } from "./banned";
import { bannedAfterStayFileFor, bannedAfterStayFor, bannedAfterStayPageFor } from "./banned-list";
import { coverageFor } from "./server";

/**
 * The insights over days stored from the real simulator, checked against the same figures worked
 * out here from the reports as the simulator served them: every reading of every arrival, the
 * rule applied to them by hand.
 */

const SUPERVISOR: PropertyScope = { allProperties: false, properties: ["Riverside & Co. Hotel", "Harbour View Hotel"] };
const ADMIN: PropertyScope = { allProperties: true, properties: [] };
const LAST_DAY = "2026-11-22";
const DAYS = daysEnding(LAST_DAY, 6);
const PURGED_DAY = DAYS[0]!;
/** Each day pulled the next morning; the day before the last read again that evening. */
const PULLS = [...DAYS.map((day) => `${addDays(day, 1)}T11:30:00Z`), `${addDays(LAST_DAY, 0)}T18:00:00Z`].sort();

let sim: LaunchedSimulator;
const pulled: { at: Date; report: GuestsReport; usage: UsageReport }[] = [];

beforeAll(async () => {
  sim = await launchSimulator();
  const api = apiFor(sim);
  for (const at of PULLS) {
    await sim.setClock(at);
    pulled.push({ at: new Date(at), report: await api.guests(), usage: await api.usage() });
  }
}, 60_000);

afterAll(async () => {
  await sim?.close();
});

const identity = (item: GuestArrival) =>
  JSON.stringify([
    item.propertyName,
    item.propertyTimeZone,
    item.checkInAtUtc,
    item.firstName,
    item.lastName,
    item.dateOfBirth,
  ]);

/** Every stored arrival's readings, in pull order, as the simulator served them. */
function readingsByHand() {
  const arrivals = new Map<string, { item: GuestArrival; readings: { at: Date; value: boolean }[] }>();
  for (const { at, report } of pulled) {
    for (const item of report.items) {
      if (!DAYS.includes(item.checkInDateLocal)) continue;
      const entry = arrivals.get(identity(item)) ?? { item, readings: [] };
      entry.readings.push({ at, value: item.isCurrentlyBanned });
      arrivals.set(identity(item), entry);
    }
  }
  return [...arrivals.values()];
}

const sees = (scope: PropertyScope, name: string) => scope.allProperties || scope.properties.includes(name);

describeEachDatabase("insights", (db) => {
  it("stores the pulled days and purges the oldest one's guest data", async () => {
    // As a pull does: the usage answer lists the key's properties, those without arrivals too.
    for (const { at, report, usage } of pulled) {
      await storeReport(db(), "usage", usage, { pulledAt: at, privacy: await readStorePrivacy(db()) });
      await storeReport(db(), "guests", report, { pulledAt: at, privacy: await readStorePrivacy(db()) });
    }
    expect(await purgePersonalData(db(), addDays(PURGED_DAY, 1), new Date(`${LAST_DAY}T20:00:00Z`))).toMatchObject({
      days: 1,
    });
  });

  describe("banned after the stay", () => {
    it("lists, per scope, each stay whose guest was not banned at check-in and is banned now, from when Daybook first saw it", async () => {
      for (const scope of [SUPERVISOR, ADMIN]) {
        const expected = readingsByHand()
          .filter(({ item }) => item.checkInDateLocal !== PURGED_DAY && sees(scope, item.propertyName))
          .filter(({ item, readings }) => item.matchedBanAtCheckIn !== true && readings.at(-1)!.value)
          .map(({ item, readings }) => {
            let first = readings.length - 1;
            while (first > 0 && readings[first - 1]!.value) first--;
            return [item.checkInDateLocal, item.propertyName, item.checkInAtUtc, readings[first]!.at.toISOString()];
          })
          .sort(
            (a, b) =>
              b[3]!.localeCompare(a[3]!) ||
              b[0]!.localeCompare(a[0]!) ||
              a[1]!.localeCompare(b[1]!) ||
              a[2]!.localeCompare(b[2]!),
          );
        const list = await bannedAfterStayFor(db(), scope);
        expect(list.entries.length).toBeGreaterThan(0);
        expect(
          list.entries.map((entry) => [
            entry.day,
            entry.propertyName,
            entry.checkInAtUtc,
            entry.bannedSeenAt.toISOString(),
          ]),
        ).toEqual(expected);
        expect(list.purged?.last).toBe(PURGED_DAY);
      }
    });

    it("includes a ban seen only by the later reading, and the simulator's pinned stays", async () => {
      const list = await bannedAfterStayFor(db(), ADMIN);
      expect(list.entries.some((entry) => !entry.seenAtPull)).toBe(true);
      expect(list.entries.some((entry) => entry.atCheckIn === "no screening record")).toBe(true);
      expect(list.entries.every((entry) => entry.propertyName !== "Quiet Pines Motel")).toBe(true);
    });

    it("reads, with a time, only the stays with a reading after it: every ban first seen since then among them", async () => {
      const since = new Date(`${LAST_DAY}T12:00:00Z`);
      const all = await bannedAfterStayFor(db(), ADMIN);
      const recent = await bannedAfterStayFor(db(), ADMIN, since);
      const seenAfter = (entries: typeof all.entries) =>
        entries
          .filter((entry) => entry.bannedSeenAt > since)
          .map((entry) => [entry.day, entry.checkInAtUtc, entry.ref]);
      expect(seenAfter(all.entries).length).toBeGreaterThan(0);
      expect(seenAfter(recent.entries)).toEqual(seenAfter(all.entries));
      expect(recent.entries.length).toBeLessThan(all.entries.length);
    });

    it("shows a page of the list with its guests' names, filtered to a property on request", async () => {
      const list = await bannedAfterStayFor(db(), ADMIN);
      const page = await bannedAfterStayPageFor(db(), ADMIN, {});
      expect(page.all).toBe(list.entries.length);
      expect(page.rows.map((entry) => entry.ref)).toEqual(list.entries.slice(0, 50).map((entry) => entry.ref));
      // Each name as the stored arrival holds it.
      for (const entry of page.rows) {
        const [row] = await db()
          .select({ item: storedItems.item })
          .from(storedItems)
          .where(and(eq(storedItems.reportId, entry.ref.reportId), eq(storedItems.position, entry.ref.position)));
        const item = decodeItem<{ firstName: string | null; middleName: string | null; lastName: string | null }>(
          row!.item,
        );
        expect(entry.name).toBe(guestName(item));
      }
      const label = page.properties.at(-1)!.label;
      const filtered = await bannedAfterStayPageFor(db(), ADMIN, { property: label.toUpperCase() });
      expect(filtered.property?.label).toBe(label);
      expect(filtered.total).toBe(list.entries.filter((entry) => entry.label === label).length);
      expect(filtered.rows.every((entry) => entry.label === label)).toBe(true);
      const unknown = await bannedAfterStayPageFor(db(), ADMIN, { property: "Nowhere Inn" });
      expect(unknown).toMatchObject({ unknownProperty: "Nowhere Inn", property: null, total: list.entries.length });
    });

    it("narrows to a range of stored days and to a name, reading names only for the stays those leave", async () => {
      const list = await bannedAfterStayFor(db(), ADMIN);
      const days = [...new Set(list.entries.map((entry) => entry.day))].sort();
      expect(days.length).toBeGreaterThan(2);
      const [from, to] = [days[1]!, days.at(-2)!];
      const inRange = list.entries.filter((entry) => entry.day >= from && entry.day <= to);
      // Typed backwards, the range reads the way it was meant.
      const ranged = await bannedAfterStayPageFor(db(), ADMIN, { from: to, to: from });
      expect(ranged.range).toEqual({ from, to });
      expect(ranged.total).toBe(inRange.length);
      expect(ranged.days).toEqual({ from: days[0], to: days.at(-1) });
      const bad = await bannedAfterStayPageFor(db(), ADMIN, { from: "2026-02-30" });
      expect(bad).toMatchObject({
        invalidDays: ["2026-02-30"],
        range: { from: null, to: null },
        total: list.entries.length,
      });

      const named = (await bannedAfterStayPageFor(db(), ADMIN, { from, to })).rows.find(
        (entry) => entry.name !== "Name not captured",
      )!;
      const [first] = named.name.split(" ");
      const last = named.name.split(" ").at(-1)!;
      // Part of each of two words, any casing, in any order.
      const search = `${last.slice(0, 3).toUpperCase()}  ${first!.slice(1).toLowerCase()}`;
      const found = await bannedAfterStayPageFor(db(), ADMIN, { from, to, q: search });
      expect(found.search).toBe(search.trim());
      expect(found.rows.length).toBeGreaterThan(0);
      expect(found.rows.map((entry) => entry.ref)).toContainEqual(named.ref);
      for (const entry of found.rows) {
        expect(entry.day >= from && entry.day <= to).toBe(true);
        expect(entry.name.toLowerCase()).toContain(last.slice(0, 3).toLowerCase());
        expect(entry.name.toLowerCase()).toContain(first!.slice(1).toLowerCase());
      }
      const none = await bannedAfterStayPageFor(db(), ADMIN, { q: "zzzz-no-such-guest" });
      expect(none).toMatchObject({ total: 0, rows: [] });
      // "Name not captured" is what the screen says, not a name a search finds.
      const notCaptured = await bannedAfterStayPageFor(db(), ADMIN, { q: "captured" });
      expect(notCaptured.rows.every((entry) => entry.name !== "Name not captured")).toBe(true);

      const file = await bannedAfterStayFileFor(db(), ADMIN, { from, to, q: search, page: "3" });
      expect(file.rows.map((entry) => entry.ref)).toEqual(
        (await bannedAfterStayPageFor(db(), ADMIN, { from, to, q: search })).rows.map((entry) => entry.ref),
      );
      expect(file.range).toEqual({ from, to });
    });

    it("drops a stay once a later observation says the ban was lifted", async () => {
      const before = await bannedAfterStayFor(db(), SUPERVISOR);
      const dropped = before.entries[0]!;
      const [row] = await db()
        .select({ reportId: storedItems.reportId, position: storedItems.position })
        .from(storedItems)
        .innerJoin(storedReports, eq(storedReports.id, storedItems.reportId))
        .where(
          and(
            eq(storedReports.endpoint, "guests"),
            eq(storedItems.propertyName, dropped.propertyName),
            eq(storedItems.checkInAtUtc, dropped.checkInAtUtc),
          ),
        );
      await db()
        .insert(liveObservations)
        .values({
          reportId: row!.reportId,
          position: row!.position,
          observedAt: new Date(`${LAST_DAY}T21:00:00Z`),
          isCurrentlyBanned: false,
        });
      const after = await bannedAfterStayFor(db(), SUPERVISOR);
      expect(after.entries).toHaveLength(before.entries.length - 1);
      expect(after.entries).not.toContainEqual(dropped);
    });
  });

  describe("screening coverage", () => {
    it("gives each property day's shares as the simulator's arrivals say, the purged day not kept", async () => {
      const table = await coverageFor(db(), ADMIN, DAYS);
      // Seaside Suites twice (apart by zone), Quiet Pines without arrivals: ten properties.
      expect(table.series).toHaveLength(10);
      for (const series of table.series) {
        series.cells.forEach((cell, index) => {
          const day = DAYS[index]!;
          if (day === PURGED_DAY) return expect(cell).toEqual({ state: "not kept" });
          // Each arrival once, from whichever pull reported its property's day.
          const items = readingsByHand()
            .map(({ item }) => item)
            .filter(
              (item) =>
                item.checkInDateLocal === day &&
                item.propertyName === series.propertyName &&
                item.propertyTimeZone === (series.propertyTimeZone ?? item.propertyTimeZone),
            );
          if (items.length === 0) return expect(cell).toEqual({ state: "no arrivals" });
          expect(cell).toEqual({
            state: "shares",
            arrivals: items.length,
            unscreenedShare: (items.filter((item) => item.matchedBanAtCheckIn === null).length * 100) / items.length,
            manualShare: (items.filter((item) => item.source !== "scan").length * 100) / items.length,
          });
        });
      }
    });

    it("labels a shared name by zone and keeps a scope to its properties", async () => {
      const admin = await coverageFor(db(), ADMIN, DAYS);
      expect(
        admin.series.filter((series) => series.propertyName === "Seaside Suites").map((series) => series.label),
      ).toEqual(["Seaside Suites (Los Angeles time)", "Seaside Suites (New York time)"]);
      const supervisor = await coverageFor(db(), SUPERVISOR, DAYS);
      expect(supervisor.series.map((series) => series.propertyName)).toEqual([
        "Harbour View Hotel",
        "Riverside & Co. Hotel",
      ]);
    });

    it("shows Hôtel Élysée Montréal's coverage falling from its usual share", async () => {
      const table = await coverageFor(db(), ADMIN, DAYS);
      const montreal = table.series.find((series) => series.propertyName === "Hôtel Élysée Montréal")!;
      const last = montreal.cells.at(-1)!;
      expect(last.state === "shares" && last.unscreenedShare).toBeGreaterThan(20);
    });
  });
});
