/**
 * Staff flags on both databases, on days pulled from the simulator: every count is the one counted
 * here from the stored guest arrivals themselves, only stored days count, and the property the
 * simulator's staff flag far more often than the rest is said to be far outside the group.
 */
import { eq, isNotNull } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";

import { decodeItem } from "@/lib/features/history/item-codec";
import { purgePersonalData } from "@/lib/features/history/purge";
import type { Database } from "@/lib/server/db/open";
import { storedItems, storedReports } from "@/lib/server/db/schema";
import { STAFF_FLAGS } from "@/simulator/data/investigations";
import { DEFAULT_PROPERTIES } from "@/simulator/data/properties";
import { describeEachDatabase } from "@/tests/support/databases";
import { pullTime } from "@/tests/support/partner-api";
import { pullAt, simulatorPerFile } from "@/tests/support/simulator-per-file";

import { staffFlagsFor } from "./staff-flags";
import { weekdayOfDay } from "./staff-flags-figures";

const sim = simulatorPerFile();

const NOW = new Date("2026-11-23T12:00:00Z");
const EVERY_PROPERTY = { allProperties: true, properties: [] };
const WHOLE = Number.MAX_SAFE_INTEGER;
const HEAVY = DEFAULT_PROPERTIES.find((property) => property.id === STAFF_FLAGS.heavyPropertyId)!.name;

interface Guest {
  day: string;
  propertyName: string;
  propertyTimeZone: string;
  isFlagged: boolean;
  matchedBanAtCheckIn: boolean | null;
  hasCriminalRecord: boolean;
  isSexualOffender: boolean;
}

/** Every stored guest arrival, decoded, with its stored day. */
async function storedGuests(db: Database): Promise<Guest[]> {
  const rows = await db
    .select({ day: storedReports.reportedDate, item: storedItems.item })
    .from(storedItems)
    .innerJoin(storedReports, eq(storedReports.id, storedItems.reportId))
    .where(isNotNull(storedItems.propertyTimeZone));
  return rows.map((row) => ({ ...decodeItem<Guest>(row.item), day: row.day }));
}

const labelOf = (guest: Guest) =>
  guest.propertyName === "Seaside Suites"
    ? `Seaside Suites (${guest.propertyTimeZone.split("/").at(-1)!.replace(/_/g, " ")} time)`
    : guest.propertyName;

function countsOf(guests: readonly Guest[]) {
  const flagged = guests.filter((guest) => guest.isFlagged);
  return {
    arrivals: guests.length,
    flagged: flagged.length,
    flaggedUnmatched: flagged.filter(
      (guest) => guest.matchedBanAtCheckIn !== true && !guest.hasCriminalRecord && !guest.isSexualOffender,
    ).length,
  };
}

describeEachDatabase("staff flags", (db) => {
  beforeAll(async () => {
    for (const day of ["2026-11-20", "2026-11-21", "2026-11-22"]) await pullAt(db(), sim(), pullTime(day));
  }, 120_000);

  it("counts each property's and weekday's flags from the stored days alone, and says who flags far more", async () => {
    const guests = await storedGuests(db());
    const view = await staffFlagsFor(db(), EVERY_PROPERTY, { window: 30 }, { now: NOW, pageSize: WHOLE });
    // Three days stored of the window's thirty: the others are not days without flags.
    expect(view).toMatchObject({ from: "2026-10-24", to: "2026-11-22", storedDays: 3, purgedDays: 0 });
    expect(view.overall).toMatchObject(countsOf(guests));
    expect(view.overall.flagged).toBeGreaterThan(0);
    expect(view.overall.flaggedUnmatched).toBeGreaterThan(0);
    expect(view.overall.flaggedUnmatched).toBeLessThan(view.overall.flagged);

    const labels = [...new Set(guests.map(labelOf))];
    for (const label of labels) {
      const row = view.properties.rows.find((entry) => entry.label === label);
      const counts = countsOf(guests.filter((guest) => labelOf(guest) === label));
      expect(row, label).toMatchObject({ ...counts, storedDays: 3, per100: (counts.flagged / counts.arrivals) * 100 });
    }
    // A property without arrivals has no rate, never 0 flags per 100.
    expect(view.properties.rows.find((entry) => entry.label === "Quiet Pines Motel")).toMatchObject({
      arrivals: 0,
      per100: null,
      unmatchedShare: null,
      judgement: { kind: "too-few-arrivals" },
    });
    // Most flags per 100 arrivals first.
    const rates = view.properties.rows.map((entry) => entry.per100 ?? -1);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));

    for (let weekday = 0; weekday < 7; weekday += 1) {
      const onDay = guests.filter((guest) => weekdayOfDay(guest.day) === weekday);
      expect(view.weekdays[weekday], `weekday ${weekday}`).toMatchObject(countsOf(onDay));
      expect(view.weekdays[weekday]!.propertyDays).toBe(
        new Set(onDay.map((guest) => `${guest.day}|${labelOf(guest)}`)).size,
      );
    }

    // The group has its range; the property whose staff flag most is far above it, in words with counts.
    expect(view.baseline).toMatchObject({ kind: "baseline", days: labels.length });
    expect(view.far.map((entry) => entry.label)).toEqual([HEAVY]);
    const heavy = view.far[0]!;
    expect(heavy.judgement.kind).toBe("far-above");
    if (heavy.judgement.kind === "far-above") {
      expect(heavy.judgement.sentence).toMatch(
        new RegExp(
          `^${HEAVY} flags \\d+\\.\\d per 100 arrivals \\(${heavy.flagged} of ${heavy.arrivals.toLocaleString("en-US")}\\); the group's usual range is [\\d.]+–[\\d.]+ \\(${labels.length} properties\\)$`,
        ),
      );
    }
  });

  it("judges nothing for a person with too few properties, and keeps the group's range under a filter", async () => {
    const few = await staffFlagsFor(
      db(),
      { allProperties: false, properties: ["Riverside & Co. Hotel", "Harbour View Hotel"] },
      { window: 90 },
      { now: NOW },
    );
    expect(few.baseline).toEqual({ kind: "not-enough-history", days: 2 });
    expect(few.far).toEqual([]);
    expect(few.properties.rows.map((row) => row.judgement)).toEqual([
      { kind: "too-few-properties", properties: 2 },
      { kind: "too-few-properties", properties: 2 },
    ]);
    expect(few.choices).toEqual(["Harbour View Hotel", "Riverside & Co. Hotel"]);

    const all = await staffFlagsFor(db(), EVERY_PROPERTY, { window: 30 }, { now: NOW, pageSize: WHOLE });
    const filtered = await staffFlagsFor(db(), EVERY_PROPERTY, { window: 30, property: HEAVY }, { now: NOW });
    expect(filtered.property).toBe(HEAVY);
    expect(filtered.baseline).toEqual(all.baseline);
    expect(filtered.properties.rows).toEqual(all.properties.rows.filter((row) => row.label === HEAVY));
    expect(filtered.far.map((entry) => entry.label)).toEqual([HEAVY]);
    expect(filtered.overall).toMatchObject({
      arrivals: filtered.properties.rows[0]!.arrivals,
      flagged: filtered.properties.rows[0]!.flagged,
    });
  });

  it("leaves a day whose guest data retention removed out of every count, and says so", async () => {
    const guests = await storedGuests(db());
    const oldest = [...new Set(guests.map((guest) => guest.day))].sort()[0]!;
    await purgePersonalData(db(), addDay(oldest), NOW);
    const view = await staffFlagsFor(db(), EVERY_PROPERTY, { window: 30 }, { now: NOW, pageSize: WHOLE });
    expect(view).toMatchObject({ storedDays: 2, purgedDays: 1 });
    expect(view.overall).toMatchObject(countsOf(guests.filter((guest) => guest.day !== oldest)));
  });
});

function addDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
