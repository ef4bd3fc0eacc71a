import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ROW_FIGURES, type Metric, type UsageReport } from "./reports/types";
import type { RunningSimulator } from "./server";
import { call, FULL_KEY, HONOLULU_KEY, NEW_YORK_KEY, NOW, setClock, start, USAGE, usage } from "./test-support";

const HEADLINES: Record<(typeof ROW_FIGURES)[number], (report: UsageReport) => Metric> = {
  scans: (r) => r.totals.scans,
  manualEntry: (r) => r.totals.manualEntry,
  bansAdded: (r) => r.totals.bansAdded,
  criminalMatches: (r) => r.totals.criminalMatches,
  sexOffenderMatches: (r) => r.totals.sexOffenderMatches,
  banMatches: (r) => r.alerts.banMatches,
  criminal: (r) => r.alerts.criminal,
  sexOffender: (r) => r.alerts.sexOffender,
  ageAlert: (r) => r.warnings.ageAlert,
  localAlert: (r) => r.warnings.localAlert,
};

let sim: RunningSimulator;
let full: UsageReport;
let newYork: UsageReport;

beforeAll(async () => {
  sim = await start();
  full = await usage(sim, FULL_KEY);
  newYork = await usage(sim, NEW_YORK_KEY);
});
afterAll(() => sim.close());

describe("usage dashboard", () => {
  it("has every metric object with an integer-or-null value and a number-or-null changePercent", () => {
    for (const report of [full, newYork]) {
      for (const name of ROW_FIGURES) {
        const metric = HEADLINES[name](report);
        expect(Object.keys(metric).sort()).toEqual(["changePercent", "value"]);
        expect(metric.value === null || Number.isInteger(metric.value)).toBe(true);
        expect(metric.changePercent === null || typeof metric.changePercent === "number").toBe(true);
      }
      expect(report.message).toBeNull();
    }
  });

  it("has rows that sum exactly to every integer headline figure", () => {
    for (const report of [full, newYork]) {
      for (const name of ROW_FIGURES) {
        const value = HEADLINES[name](report).value;
        const sum = report.byProperty.reduce((total, row) => total + row[name], 0);
        if (value !== null) expect(sum, name).toBe(value);
        for (const row of report.byProperty) expect(Number.isInteger(row[name])).toBe(true);
      }
    }
  });

  it("keeps manualEntry a subset of scans, per row and in total", () => {
    for (const row of full.byProperty) expect(row.manualEntry).toBeLessThanOrEqual(row.scans);
    expect(full.totals.manualEntry.value).toBeLessThanOrEqual(full.totals.scans.value ?? -1);
  });

  it("has one row per property of the key, Quiet Pines Motel included as all zeros", () => {
    expect(full.byProperty).toHaveLength(10);
    const quiet = full.byProperty.find((row) => row.propertyName === "Quiet Pines Motel");
    expect(quiet).toBeDefined();
    for (const name of ROW_FIGURES) expect(quiet?.[name], name).toBe(0);
    expect(newYork.byProperty.map((row) => row.propertyName)).toEqual(["Seaside Suites", "Riverside & Co. Hotel"]);
  });

  it("reports localAlert as not recorded (null) for the full key, and as an integer for the New York key", () => {
    expect(full.warnings.localAlert.value).toBeNull();
    expect(Number.isInteger(newYork.warnings.localAlert.value)).toBe(true);
    expect(Number.isInteger(full.warnings.ageAlert.value)).toBe(true);
  });

  it("has no changePercent across several time zones, and numeric ones within a single zone", () => {
    for (const name of ROW_FIGURES) expect(HEADLINES[name](full).changePercent, name).toBeNull();
    expect(typeof newYork.totals.scans.changePercent).toBe("number");
  });

  it("computes changePercent against the day before, rounded to one decimal", async () => {
    await setClock(sim, "2026-11-22T02:00:00Z");
    const before = await usage(sim, NEW_YORK_KEY);
    await setClock(sim, NOW);
    for (const name of ROW_FIGURES) {
      const today = HEADLINES[name](newYork).value;
      const previous = HEADLINES[name](before).value;
      const expected =
        today === null || previous === null || previous === 0
          ? null
          : Math.round(((today - previous) / previous) * 1000) / 10;
      expect(HEADLINES[name](newYork).changePercent, name).toBe(expected);
    }
  });

  it("has seven daily activity points, oldest first, ending with the reported day's scans", () => {
    const points = full.activity.points;
    expect(full.activity.granularity).toBe("DAILY");
    expect(points).toHaveLength(7);
    expect(points.at(-1)?.date).toBe(`${full.reportedDateLocal}T00:00:00Z`);
    expect(points.at(-1)?.scans).toBe(full.totals.scans.value);
    for (let i = 1; i < points.length; i++) {
      const gap = Date.parse(points[i]?.date ?? "") - Date.parse(points[i - 1]?.date ?? "");
      expect(gap).toBe(86_400_000);
    }
  });

  it("dates the report: period bounds, generation 20 minutes after the last day closed, request time", () => {
    expect(full.reportedDateLocal).toBe("2026-11-21");
    expect(full.fromUtc).toBe("2026-11-21T05:00:00Z");
    expect(full.toUtc).toBe("2026-11-23T00:00:00Z");
    expect(full.reportGeneratedAt).toBe("2026-11-23T00:20:00Z");
    expect(full.apiRequestedAt).toBe(NOW);
    expect(newYork.fromUtc).toBe("2026-11-21T05:00:00Z");
    expect(newYork.toUtc).toBe("2026-11-22T05:00:00Z");
  });

  it("returns the stored figures on every pull of the same day; only apiRequestedAt moves", async () => {
    await setClock(sim, "2026-11-23T03:30:00Z");
    const later = await usage(sim, FULL_KEY);
    await setClock(sim, NOW);
    expect(later.apiRequestedAt).toBe("2026-11-23T03:30:00Z");
    expect({ ...later, apiRequestedAt: "" }).toEqual({ ...full, apiRequestedAt: "" });
  });

  it("carries the upstream message for the Honolulu key", async () => {
    const report = await usage(sim, HONOLULU_KEY);
    expect(report.message).toBe("Figures were recalculated after a late kiosk sync.");
    expect(report.byProperty.map((row) => row.propertyName)).toEqual(["Harbour View Hotel"]);
    expect(typeof report.totals.scans.changePercent).toBe("number");
  });

  it("rejects every query parameter, propertyName included", async () => {
    for (const query of ["?propertyName=Harbour%20View%20Hotel", "?date=2026-11-20"]) {
      const response = await call(sim, `${USAGE}${query}`, FULL_KEY);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { code: string; detail: string };
      expect(body.code).toBe("parameter_not_supported");
      expect(body.detail).toContain(query.slice(1, query.indexOf("=")));
    }
  });
});
