import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { propertyKey, type PropertyScope } from "@/lib/core/access";
import { addDays, daysEnding } from "@/lib/core/days";
import {
  acknowledgementsFor,
  resolveRange,
  sideBySideFor,
  signOffsFor,
  trendsFor,
  trendsShownFor,
  type ComparisonRange,
} from "@/lib/features/comparison/server";
import { purgePersonalData, readStoredReport, storeReport } from "@/lib/features/history/store";
import { readStorePrivacy } from "@/lib/features/privacy/server";
import { scopeUsageReport } from "@/lib/features/reports/scope";
import { listSignOffs, storedListCounts } from "@/lib/server/db/schema";
import type { CriminalArrivalsReport, UsageReport } from "@/lib/server/partner-api";
import { describeEachDatabase } from "@/tests/support/databases";
import { apiFor } from "@/tests/support/partner-api";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

/**
 * The comparison's figures over days stored from the real simulator, checked against the same
 * figures worked out here, independently, from the reports as the simulator served them.
 */

const REGIONAL: PropertyScope = {
  allProperties: false,
  properties: [
    "Harbour View Hotel",
    "Seaside Suites",
    "Riverside & Co. Hotel",
    "Hôtel Élysée Montréal",
    "Quiet Pines Motel",
  ],
};
const ADMIN: PropertyScope = { allProperties: true, properties: [] };

const LAST_DAY = "2026-11-22";
/** A week ending on LAST_DAY with one day never pulled: a gap in every figure. */
const MISSING_DAY = "2026-11-19";
const STORED_DAYS = daysEnding(LAST_DAY, 7).filter((day) => day !== MISSING_DAY);
/** At 12:00 UTC every demo zone, Honolulu to Sydney, agrees on which day was yesterday. */
const pullTime = (day: string) => new Date(`${addDays(day, 1)}T12:00:00Z`);
const NOW = new Date(`${addDays(LAST_DAY, 1)}T12:00:00Z`);
const HOUR = 3_600_000;

interface Pulled {
  day: string;
  usage: UsageReport;
  criminal: CriminalArrivalsReport;
}

let sim: LaunchedSimulator;
const pulled: Pulled[] = [];

beforeAll(async () => {
  sim = await launchSimulator();
  const api = apiFor(sim);
  for (const day of STORED_DAYS) {
    await sim.setClock(pullTime(day).toISOString());
    pulled.push({ day, usage: await api.usage(), criminal: await api.criminalArrivals() });
  }
}, 60_000);

afterAll(async () => {
  await sim?.close();
});

const sees = (scope: PropertyScope, name: string) => scope.allProperties || scope.properties.includes(name);
const pulledOn = (day: string) => pulled.find((entry) => entry.day === day)!;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length === 0 ? null : sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

it("pulls the days it meant to from the simulator", () => {
  expect(pulled.map((entry) => entry.usage.reportedDateLocal)).toEqual(STORED_DAYS);
  expect(pulled.map((entry) => entry.criminal.reportedDateLocal)).toEqual(STORED_DAYS);
  // Several zones: the API gives no change on any headline, so Daybook's own baseline is needed.
  expect(pulled.every((entry) => entry.usage.totals.scans.changePercent === null)).toBe(true);
});

describeEachDatabase("the properties comparison", (db) => {
  let week: ComparisonRange;

  it("has no range before anything is stored", async () => {
    expect(await resolveRange(db(), 30)).toBeNull();
  });

  it("stores the pulled days", async () => {
    for (const { day, usage, criminal } of pulled) {
      expect(
        await storeReport(db(), "usage", usage, { pulledAt: pullTime(day), privacy: await readStorePrivacy(db()) }),
      ).toMatchObject({ result: "stored" });
      expect(
        await storeReport(db(), "criminal-arrivals", criminal, {
          pulledAt: pullTime(day),
          privacy: await readStorePrivacy(db()),
        }),
      ).toMatchObject({
        result: "stored",
      });
    }
    week = (await resolveRange(db(), 7))!;
    expect(week).toEqual({ range: 7, from: "2026-11-16", to: LAST_DAY, anyStored: true, endsOnNewest: true });
    expect(await resolveRange(db(), 30, "2026-11-20")).toMatchObject({
      from: "2026-10-22",
      to: "2026-11-20",
      endsOnNewest: false,
    });
  });

  describe("side by side", () => {
    it("computes each property's change against the stored day before, and the headline's, as Daybook's", async () => {
      const stored = (await readStoredReport(db(), "usage", LAST_DAY))!;
      const result = await sideBySideFor(db(), REGIONAL, {
        ...scopeUsageReport(stored.report, REGIONAL),
        storedCopy: stored.copy,
      });

      const today = pulledOn(LAST_DAY).usage.byProperty.filter((row) => sees(REGIONAL, row.propertyName));
      const before = pulledOn("2026-11-21").usage.byProperty.filter((row) => sees(REGIONAL, row.propertyName));
      expect(result.rows.map((row) => row.propertyName)).toEqual(today.map((row) => row.propertyName));
      expect(result.rows).toHaveLength(6); // Seaside Suites twice
      expect(result.rows.map((row) => row.label).filter((label) => label.startsWith("Seaside"))).toEqual([
        "Seaside Suites (1 of 2)",
        "Seaside Suites (2 of 2)",
      ]);
      result.rows.forEach((row, index) => {
        const scans = today[index]!.scans;
        const was = before[index]!.scans;
        expect(row.scans).toBe(scans);
        expect(row.scansBefore).toBe(was);
        if (was === 0) expect(row.change).toEqual({ kind: "no-base", today: scans });
        else expect(row.scansChange).toBeCloseTo(((scans - was) * 100) / was, 10);
        expect(row.manualShare).toBe(scans === 0 ? null : (today[index]!.manualEntry * 100) / scans);
      });
      // Quiet Pines Motel never has any activity: no base, no rates, never 0 %.
      expect(result.rows.find((row) => row.propertyName === "Quiet Pines Motel")).toMatchObject({
        scans: 0,
        change: { kind: "no-base", today: 0 },
        alertsPer100: null,
      });

      const sum = (rows: { scans: number }[]) => rows.reduce((total, row) => total + row.scans, 0);
      expect(result.headlines[0]!.value).toBe(sum(today));
      expect(result.headlines[0]!.change).toMatchObject({ source: "daybook", dayBefore: "2026-11-21" });
      const change = result.headlines[0]!.change;
      expect(change.source === "daybook" && change.percent).toBeCloseTo(
        ((sum(today) - sum(before)) * 100) / sum(before),
        10,
      );
    });

    it("says there is no stored day before when that day was never pulled", async () => {
      const stored = (await readStoredReport(db(), "usage", "2026-11-20"))!;
      const result = await sideBySideFor(db(), ADMIN, {
        ...scopeUsageReport(stored.report, ADMIN),
        storedCopy: stored.copy,
      });
      expect(result.dayBefore).toBe(MISSING_DAY);
      expect(result.dayBeforeStored).toBe(false);
      expect(result.rows.every((row) => row.change.kind === "no-stored-day")).toBe(true);
      expect(result.headlines[0]!.change).toEqual({ source: "none", why: "noStoredDay", dayBefore: MISSING_DAY });
    });
  });

  describe("trends", () => {
    it("gives each of the person's properties its scans per stored day, with a gap for the day not stored", async () => {
      const trends = await trendsFor(db(), REGIONAL, week);
      expect(trends.storedDays).toBe(6);
      expect(trends.days.find((day) => day.day === MISSING_DAY)?.stored).toBe(false);
      expect(trends.series.map((s) => s.label).sort()).toEqual(
        [
          "Harbour View Hotel",
          "Hôtel Élysée Montréal",
          "Quiet Pines Motel",
          "Riverside & Co. Hotel",
          "Seaside Suites (1 of 2)",
          "Seaside Suites (2 of 2)",
        ].sort(),
      );

      const harbour = trends.series.find((s) => s.label === "Harbour View Hotel")!;
      const byDay = trends.days.map((day) => day.points[harbour.id]?.scans ?? null);
      const expected = daysEnding(LAST_DAY, 7).map((day) =>
        day === MISSING_DAY
          ? null
          : pulledOn(day).usage.byProperty.find((row) => row.propertyName === "Harbour View Hotel")!.scans,
      );
      expect(byDay).toEqual(expected);

      const summary = trends.summaries.find((s) => s.id === harbour.id)!;
      const rows = pulled.map((entry) =>
        entry.usage.byProperty.find((row) => row.propertyName === "Harbour View Hotel")!,
      );
      const scans = rows.reduce((total, row) => total + row.scans, 0);
      const alerts = rows.reduce((total, row) => total + row.banMatches + row.criminal + row.sexOffender, 0);
      const warnings = rows.reduce((total, row) => total + row.ageAlert + row.localAlert, 0);
      expect(summary.totalScans).toBe(scans);
      expect(summary.daysWithFigures).toBe(6);
      expect(summary.alertsPer100).toBeCloseTo((alerts * 100) / scans, 10);
      // The group does not record local warnings everywhere, and Quiet Pines' 0 may be that: the
      // person's local warnings stay unknown, and no warnings rate is computed from them.
      expect(pulled.every((entry) => scopeUsageReport(entry.usage, REGIONAL).warnings.localAlert.value === null)).toBe(
        true,
      );
      expect(summary).toMatchObject({ warningsPer100: null, notRecorded: ["warningsPer100"] });
      expect(warnings).toBeGreaterThan(0);
    });

    it("shows an admin every property, the local warnings gap included", async () => {
      const trends = await trendsFor(db(), ADMIN, week);
      expect(trends.series).toHaveLength(pulledOn(LAST_DAY).usage.byProperty.length);
      // O'Brien's Lodge, さくらイン 新宿 and Outback Rest do not record local warnings.
      expect(trends.unrecorded).toEqual(["localAlert"]);
      // A narrowed report keeps local warnings unknown unless every row shows some (Quiet Pines shows none).
      const scoped = scopeUsageReport(pulledOn(LAST_DAY).usage, REGIONAL);
      expect((await trendsFor(db(), REGIONAL, week)).unrecorded.length > 0).toBe(
        scoped.warnings.localAlert.value === null,
      );
    });
  });

  describe("trends of more properties than lines", () => {
    it("keeps a line each up to the limit, and shows the group's sums beyond it", async () => {
      const few = await trendsShownFor(db(), REGIONAL, week, { perPropertyMax: 6, summary: {} });
      expect(few.kind).toBe("each");

      const many = await trendsShownFor(db(), ADMIN, week, {
        perPropertyMax: 6,
        property: "Harbour View Hotel",
        summary: { filter: "seaside", sort: "totalScans" },
      });
      if (many.kind !== "group") throw new Error("expected the group's trends");
      const rows = pulledOn(LAST_DAY).usage.byProperty;
      expect(many.group.properties).toBe(rows.length);
      const last = many.group.days.at(-1)!;
      expect(last).toMatchObject({ day: LAST_DAY, stored: true, covered: rows.length });
      const scans = rows.reduce((total, row) => total + row.scans, 0);
      const manual = rows.reduce((total, row) => total + row.manualEntry, 0);
      expect(last.group?.scans).toBe(scans);
      expect(last.group?.manualShare).toBeCloseTo((manual * 100) / scans, 10);
      expect(last.chosen?.scans).toBe(rows.find((row) => row.propertyName === "Harbour View Hotel")!.scans);
      expect(many.group.days.find((day) => day.day === MISSING_DAY)).toMatchObject({ stored: false, group: null });
      // Only the page of the summary asked for: the two Seaside Suites, the busier first.
      expect(many.summary.rows.map((row) => row.label)).toHaveLength(2);
      expect(many.summary.rows[0]!.totalScans! >= many.summary.rows[1]!.totalScans!).toBe(true);
      expect(many.choices).toHaveLength(rows.length);
      expect(many.unknownProperty).toBeNull();
    });
  });

  describe("desk acknowledgement", () => {
    it("takes each property's median from check-in to acknowledgement over the stored criminal arrivals", async () => {
      const section = await acknowledgementsFor(db(), REGIONAL, week, { now: NOW, retentionDays: 90 });
      expect(section.storedDays).toBe(6);
      expect(section.retentionNote).toBeNull();
      expect(section.sharedNames).toEqual(["Seaside Suites"]);

      const items = pulled.flatMap((entry) => entry.criminal.items);
      for (const name of [
        "Harbour View Hotel",
        "Riverside & Co. Hotel",
        "Seaside Suites",
        "Hôtel Élysée Montréal",
        "Quiet Pines Motel",
      ]) {
        const mine = items.filter((item) => item.propertyName === name);
        const waits = mine
          .filter((item) => item.acknowledgedAtUtc)
          .map((item) => Date.parse(item.acknowledgedAtUtc!) - Date.parse(item.checkInAtUtc));
        expect(
          section.figures.find((figure) => figure.propertyName === name),
          name,
        ).toEqual({
          propertyName: name,
          // No guest arrivals are stored here, so the two Seaside Suites cannot be placed in their zones.
          zone: null,
          label: name,
          alerts: mine.length,
          acknowledged: waits.length,
          notAcknowledged: mine.length - waits.length,
          medianMs: median(waits),
        });
      }
      // Riverside's showcase sex-offender-only match is never acknowledged: one a day at least.
      expect(
        section.figures.find((figure) => figure.propertyName === "Riverside & Co. Hotel")!.notAcknowledged,
      ).toBeGreaterThanOrEqual(6);
      expect(section.figures.find((figure) => figure.propertyName === "Quiet Pines Motel")).toMatchObject({
        alerts: 0,
        medianMs: null,
      });
      // Nothing of another property.
      expect(section.figures.map((figure) => figure.propertyName).filter((name) => !sees(REGIONAL, name))).toEqual([]);
    });

    it("takes one median over a property's lists under two spellings of its name", async () => {
      const before = await acknowledgementsFor(db(), REGIONAL, week, { now: NOW, retentionDays: 90 });
      const harbour = before.figures.find((figure) => figure.propertyName === "Harbour View Hotel")!;
      // The API spelled the name otherwise on the newer days: one property, one figure still.
      const respelled = sql`update ${storedListCounts} set property_name = ${"HARBOUR VIEW  hotel"}
        where property_name = ${"Harbour View Hotel"} and list_date > ${addDays(LAST_DAY, -3)}`;
      await db().execute(respelled);
      try {
        const { rows } = await db().execute<{ n: number }>(
          sql`select count(*)::int as n from ${storedListCounts} where property_name = ${"HARBOUR VIEW  hotel"}`,
        );
        expect(Number(rows[0]!.n)).toBeGreaterThan(0);
        const after = await acknowledgementsFor(db(), REGIONAL, week, { now: NOW, retentionDays: 90 });
        const figures = after.figures.filter(
          (figure) => propertyKey(figure.propertyName) === propertyKey(harbour.propertyName),
        );
        expect(figures).toEqual([harbour]);
      } finally {
        await db().execute(
          sql`update ${storedListCounts} set property_name = ${"Harbour View Hotel"} where property_name = ${"HARBOUR VIEW  hotel"}`,
        );
      }
    });
  });

  describe("sign-off timeliness", () => {
    const RIVERSIDE = "Riverside & Co. Hotel";
    const signOff = (
      listDate: string,
      hoursAfterStored: number,
      extra: Partial<typeof listSignOffs.$inferInsert> = {},
    ) => ({
      propertyName: RIVERSIDE,
      listDate,
      signerEmail: "supervisor@example.com",
      signerName: "Sam Supervisor",
      signedOffAt: new Date(pullTime(listDate).getTime() + hoursAfterStored * HOUR),
      itemCount: 1,
      ...extra,
    });

    it("counts lists, sign-offs within the overdue hours, the median, and lists still open; an undone sign-off does not count", async () => {
      await db()
        .insert(listSignOffs)
        .values([
          signOff("2026-11-16", 2),
          signOff("2026-11-17", 30),
          signOff("2026-11-18", 1, {
            undoneAt: new Date(pullTime("2026-11-18").getTime() + 3 * HOUR),
            undoneReason: "signed too early",
          }),
          { ...signOff("2026-11-16", 1), propertyName: "Grand Hotel Zürich" },
        ]);
      const section = await signOffsFor(db(), REGIONAL, week, { now: NOW, retentionDays: 90, overdueHours: 24 });
      expect(section.overdueHours).toBe(24);

      // Riverside has a match every day (the showcase), so each of the 6 stored days is a list.
      const riversideDays = new Set(
        pulled
          .flatMap((entry) => entry.criminal.items)
          .filter((item) => item.propertyName === RIVERSIDE)
          .map((item) => item.checkInDateLocal),
      );
      expect([...riversideDays].sort()).toEqual(STORED_DAYS);
      // Open: 11-18 (undone), 11-20 (48 h: overdue), 11-21 (exactly 24 h: not yet), 11-22 (just stored).
      expect(section.figures.find((figure) => figure.propertyName === RIVERSIDE)).toEqual({
        propertyName: RIVERSIDE,
        zone: null,
        label: RIVERSIDE,
        lists: 6,
        signedOff: 2,
        due: 4,
        onTime: 1,
        onTimeShare: 25,
        medianHours: 16,
        open: 4,
        openOverdue: 2,
      });

      const harbourLists = new Set(
        pulled
          .flatMap((entry) => entry.criminal.items)
          .filter((item) => item.propertyName === "Harbour View Hotel")
          .map((item) => item.checkInDateLocal),
      );
      expect(section.figures.find((figure) => figure.propertyName === "Harbour View Hotel")).toMatchObject({
        lists: harbourLists.size,
        signedOff: 0,
      });
      expect(section.figures.some((figure) => figure.propertyName === "Grand Hotel Zürich")).toBe(false);

      const admin = await signOffsFor(db(), ADMIN, week, { now: NOW, retentionDays: 90, overdueHours: 24 });
      expect(admin.figures.find((figure) => figure.propertyName === "Grand Hotel Zürich")).toMatchObject({
        signedOff: 1,
        onTime: 1,
      });
    });
    it("counts a property's lists the same when a sign-off spells its name otherwise", async () => {
      const range = { overdueHours: 24, now: NOW, retentionDays: 90 };
      const before = (await signOffsFor(db(), REGIONAL, week, range)).figures.find(
        (figure) => figure.propertyName === RIVERSIDE,
      )!;
      expect(before.signedOff).toBe(2);
      const other = "RIVERSIDE  & co. hotel";
      await db().execute(
        sql`update ${listSignOffs} set property_name = ${other} where property_name = ${RIVERSIDE} and list_date = ${"2026-11-17"}`,
      );
      try {
        // Two spellings of one property: its lists and sign-offs are matched by the property, not the spelling.
        const after = (await signOffsFor(db(), REGIONAL, week, range)).figures.filter(
          (figure) => propertyKey(figure.propertyName) === propertyKey(RIVERSIDE),
        );
        expect(after).toEqual([before]);
      } finally {
        await db().execute(sql`update ${listSignOffs} set property_name = ${RIVERSIDE} where property_name = ${other}`);
      }
    });
  });

  describe("retention", () => {
    it("says when the range reaches beyond the retention period, and counts days whose guest data was removed", async () => {
      const month = (await resolveRange(db(), 30))!;
      const short = await acknowledgementsFor(db(), REGIONAL, month, { now: NOW, retentionDays: 10 });
      expect(short.retentionNote).toMatchObject({ keptFrom: "2026-11-13" });

      expect(await purgePersonalData(db(), "2026-11-17", NOW)).toMatchObject({ days: 1 });
      const section = await acknowledgementsFor(db(), REGIONAL, week, { now: NOW, retentionDays: 90 });
      expect(section.retentionNote).toMatchObject({ purgedDays: 1 });
      const kept = pulled.filter((entry) => entry.day >= "2026-11-17").flatMap((entry) => entry.criminal.items);
      const riverside = section.figures.find((figure) => figure.propertyName === "Riverside & Co. Hotel")!;
      expect(riverside.alerts).toBe(kept.filter((item) => item.propertyName === "Riverside & Co. Hotel").length);
      // The day's totals stay: the trends still count six stored days.
      expect((await trendsFor(db(), REGIONAL, week)).storedDays).toBe(6);
    });
  });
});
