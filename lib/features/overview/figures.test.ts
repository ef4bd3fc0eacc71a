import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";
import type { ScopedUsageReport } from "@/lib/features/reports/types";
import { usageRow } from "@/tests/support/report-fixtures";

import {
  activityPoints,
  alertsPer100,
  ALL_TILES,
  BLOCKS,
  checkRowSums,
  describeChange,
  formatRate,
  formatShare,
  formatValue,
  manualEntryShare,
  metricOf,
  missingBaselineReason,
  NARROWED_REASON,
  nextSort,
  NO_DAY_BEFORE_REASON,
  per100,
  sortRows,
  spansSeveralZones,
  tableRows,
  unrecordedColumns,
  unrecordedNote,
  warningsPer100,
  ZONES_REASON,
  type TileSpec,
} from "./figures";

const m = (value: number | null, changePercent: number | null = null) => ({ value, changePercent });

const row = usageRow;

const HARBOUR = row("Harbour View Hotel", {
  scans: 200,
  manualEntry: 30,
  bansAdded: 2,
  criminalMatches: 5,
  sexOffenderMatches: 1,
  banMatches: 4,
  criminal: 5,
  sexOffender: 1,
  ageAlert: 6,
  localAlert: 8,
});
const SEASIDE = row("Seaside Suites", {
  scans: 100,
  manualEntry: 20,
  bansAdded: 1,
  criminalMatches: 2,
  banMatches: 1,
  criminal: 2,
  ageAlert: 3,
  localAlert: 1,
});
const QUIET = row("Quiet Pines Motel");

/** A whole-group report whose headlines are the sums of its rows, with change figures (one zone). */
function report(overrides: Partial<ScopedUsageReport> = {}): ScopedUsageReport {
  return {
    reportedDateLocal: "2026-11-22",
    fromUtc: "2026-11-22T10:00:00Z",
    toUtc: "2026-11-23T10:00:00Z",
    reportGeneratedAt: "2026-11-23T10:20:00Z",
    apiRequestedAt: "2026-11-23T15:02:11Z",
    totals: {
      scans: m(300, 12.5),
      manualEntry: m(50, -3),
      bansAdded: m(3, 0),
      criminalMatches: m(7, null),
      sexOffenderMatches: m(1, 100),
    },
    alerts: { banMatches: m(5, 25), criminal: m(7, null), sexOffender: m(1, 100) },
    warnings: { ageAlert: m(9, -10), localAlert: m(9, 12.5) },
    byProperty: [HARBOUR, SEASIDE, QUIET],
    activity: {
      granularity: "DAILY",
      points: [
        { date: "2026-11-21T00:00:00Z", scans: 280 },
        { date: "2026-11-22T00:00:00Z", scans: 300 },
      ],
    },
    message: null,
    narrowed: false,
    ...overrides,
  };
}

/** Every change figure null, as the API answers for properties in several time zones. */
function severalZones(overrides: Partial<ScopedUsageReport> = {}): ScopedUsageReport {
  const base = report();
  return {
    ...base,
    totals: {
      scans: m(300),
      manualEntry: m(50),
      bansAdded: m(3),
      criminalMatches: m(7),
      sexOffenderMatches: m(1),
    },
    alerts: { banMatches: m(5), criminal: m(7), sexOffender: m(1) },
    warnings: { ageAlert: m(9), localAlert: m(null) },
    ...overrides,
  };
}

const tile = (column: TileSpec["column"]) => ALL_TILES.find((entry) => entry.column === column)!;

describe("blocks and tiles", () => {
  it("keeps totals, alerts and warnings as three separate blocks with the contract's metrics", () => {
    expect(BLOCKS.map((entry) => entry.block)).toEqual(["totals", "alerts", "warnings"]);
    expect(BLOCKS.map((entry) => entry.tiles.map((spec) => spec.column))).toEqual([
      ["scans", "manualEntry", "bansAdded", "criminalMatches", "sexOffenderMatches"],
      ["banMatches", "criminal", "sexOffender"],
      ["ageAlert", "localAlert"],
    ]);
    expect(ALL_TILES).toHaveLength(10);
  });

  it("reads each tile's metric from its own block", () => {
    const figures = report();
    expect(metricOf(figures, tile("scans"))).toEqual(m(300, 12.5));
    expect(metricOf(figures, tile("criminal"))).toEqual(m(7, null));
    expect(metricOf(figures, tile("localAlert"))).toEqual(m(9, 12.5));
  });

  it("treats a metric missing from its block as not recorded", () => {
    const figures = report({ warnings: { ageAlert: m(1) } as ScopedUsageReport["warnings"] });
    expect(metricOf(figures, tile("localAlert"))).toEqual(m(null, null));
  });
});

describe("formatValue", () => {
  it("shows a null value as Not recorded, never 0", () => {
    expect(formatValue(null)).toBe("Not recorded");
  });
  it("shows zero as 0 and large counts with separators", () => {
    expect(formatValue(0)).toBe("0");
    expect(formatValue(12345)).toBe("12,345");
  });
});

describe("describeChange", () => {
  it("says No comparable baseline for null, never 0 %", () => {
    expect(describeChange(null)).toEqual({ direction: "none", words: "No comparable baseline" });
    expect(describeChange(Number.NaN).direction).toBe("none");
  });
  it("words a rise", () => {
    expect(describeChange(12.5)).toEqual({ direction: "up", words: "Up 12.5 % on the day before" });
    expect(describeChange(100)).toEqual({ direction: "up", words: "Up 100 % on the day before" });
  });
  it("words a fall without a minus sign", () => {
    expect(describeChange(-3)).toEqual({ direction: "down", words: "Down 3 % on the day before" });
    expect(describeChange(-0.5).words).toBe("Down 0.5 % on the day before");
  });
  it("says No change for zero and for a movement that rounds to zero", () => {
    expect(describeChange(0)).toEqual({ direction: "same", words: "No change on the day before" });
    expect(describeChange(-0.04)).toEqual({ direction: "same", words: "No change on the day before" });
  });
});

describe("missingBaselineReason", () => {
  it("blames the narrowing first: the API's comparison covers the whole group", () => {
    expect(missingBaselineReason(severalZones({ narrowed: true }))).toBe(NARROWED_REASON);
    expect(missingBaselineReason(report({ narrowed: true }))).toBe(NARROWED_REASON);
  });
  it("names several time zones when every change is null while figures are present", () => {
    expect(spansSeveralZones(severalZones())).toBe(true);
    expect(missingBaselineReason(severalZones())).toBe(ZONES_REASON);
  });
  it("otherwise says there is no comparable day before", () => {
    expect(spansSeveralZones(report())).toBe(false);
    expect(missingBaselineReason(report())).toBe(NO_DAY_BEFORE_REASON);
  });
  it("does not guess several zones from a single property or from a day without figures", () => {
    expect(spansSeveralZones(severalZones({ byProperty: [HARBOUR] }))).toBe(false);
    const silent = severalZones({
      totals: { scans: m(0), manualEntry: m(0), bansAdded: m(0), criminalMatches: m(0), sexOffenderMatches: m(0) },
      alerts: { banMatches: m(0), criminal: m(0), sexOffender: m(null) },
      warnings: { ageAlert: m(0), localAlert: m(null) },
    });
    expect(spansSeveralZones(silent)).toBe(false);
    expect(missingBaselineReason(silent)).toBe(NO_DAY_BEFORE_REASON);
  });
});

describe("rates and shares", () => {
  it("gives no rate for zero scans (not a zero rate)", () => {
    expect(per100(0, 0)).toBeNull();
    expect(manualEntryShare(QUIET)).toBeNull();
    expect(alertsPer100(QUIET)).toBeNull();
    expect(warningsPer100(QUIET)).toBeNull();
    expect(formatShare(null)).toBe("—");
    expect(formatRate(null)).toBe("—");
  });
  it("computes the manual-entry share of scans", () => {
    expect(manualEntryShare(HARBOUR)).toBe(15);
    expect(formatShare(15)).toBe("15.0 %");
    expect(formatShare(0)).toBe("0.0 %");
  });
  it("keeps alerts and warnings apart: each rate counts its own block only", () => {
    // Harbour: alerts 4 + 5 + 1 = 10, warnings 6 + 8 = 14, of 200 scans.
    expect(alertsPer100(HARBOUR)).toBe(5);
    expect(warningsPer100(HARBOUR)).toBe(7);
    expect(formatRate(alertsPer100(SEASIDE))).toBe("3.0");
    expect(formatRate(warningsPer100(SEASIDE))).toBe("4.0");
    expect(formatRate(1 / 3)).toBe("0.3");
  });
});

describe("checkRowSums", () => {
  it("finds every column adding up to its headline", () => {
    const checks = checkRowSums(report());
    expect(checks).toHaveLength(10);
    expect(checks.every((check) => check.state === "matches")).toBe(true);
    expect(checks.find((check) => check.tile.column === "scans")).toMatchObject({ headline: 300, sum: 300 });
  });
  it("skips a headline that was not recorded", () => {
    const local = checkRowSums(severalZones()).find((check) => check.tile.column === "localAlert")!;
    expect(local).toMatchObject({ headline: null, sum: 9, state: "not-recorded" });
  });
  it("reports a mismatch with both numbers, naming the figure", () => {
    const figures = report({ alerts: { banMatches: m(6), criminal: m(7), sexOffender: m(1) } });
    const differing = checkRowSums(figures).filter((check) => check.state === "differs");
    expect(differing).toHaveLength(1);
    expect(differing[0]).toMatchObject({ headline: 6, sum: 5 });
    expect(differing[0]!.tile.column).toBe("banMatches");
  });
  it("holds for a narrowed report, whose headlines are its rows' sums", () => {
    const narrowed = report({
      narrowed: true,
      byProperty: [HARBOUR],
      totals: { scans: m(200), manualEntry: m(30), bansAdded: m(2), criminalMatches: m(5), sexOffenderMatches: m(1) },
      alerts: { banMatches: m(4), criminal: m(5), sexOffender: m(1) },
      warnings: { ageAlert: m(6), localAlert: m(8) },
    });
    expect(checkRowSums(narrowed).every((check) => check.state === "matches")).toBe(true);
  });
  it("compares against zero for a report without rows", () => {
    const checks = checkRowSums(report({ byProperty: [] }));
    expect(checks.find((check) => check.tile.column === "scans")).toMatchObject({ sum: 0, state: "differs" });
  });
});

describe("a headline not recorded", () => {
  // The API's rows are bare integers: O'Brien's Lodge does not record local warnings and reads 0.
  const OBRIEN = row("O'Brien's Lodge", { scans: 40, manualEntry: 4, ageAlert: 2 });
  const day = report({
    byProperty: [HARBOUR, OBRIEN],
    warnings: { ageAlert: m(8), localAlert: m(null) },
  });

  it("names the columns whose headline is null", () => {
    expect([...unrecordedColumns(day)]).toEqual(["localAlert"]);
    expect(unrecordedColumns(report()).size).toBe(0);
  });

  it("shows no row figure of it and no rate computed from it; the other figures stand", () => {
    const rows = tableRows(day);
    for (const entry of rows) {
      expect(entry.notRecorded).toEqual(["warningsPer100"]);
      expect(entry.warningsPer100).toBeNull();
    }
    expect(rows[1]).toMatchObject({ scans: 40, manualShare: 10, alertsPer100: 0, bansAdded: 0, noArrivals: false });
  });

  it("takes every figure computed from scans with it when scans are not recorded", () => {
    const rows = tableRows(report({ byProperty: [QUIET], totals: { ...report().totals, scans: m(null) } }));
    expect(rows[0]).toMatchObject({
      scans: null,
      manualShare: null,
      alertsPer100: null,
      warningsPer100: null,
      bansAdded: 0,
      // 0 scans that are not a count do not say "no arrivals".
      noArrivals: false,
    });
    expect(rows[0]!.notRecorded).toEqual(["scans", "manualShare", "alertsPer100", "warningsPer100"]);
  });

  it("says why under the table, naming the figures", () => {
    expect(unrecordedNote(unrecordedColumns(day))).toMatch(/^Local warnings: not recorded for this day/);
    expect(unrecordedNote(new Set(["ageAlert", "localAlert"]))).toMatch(/^Age warnings and local warnings:/);
    expect(unrecordedNote(new Set())).toBeNull();
  });
});

describe("table rows and sorting", () => {
  const twins = [HARBOUR, row("Seaside Suites", { scans: 50, bansAdded: 3 }), QUIET, SEASIDE];
  const rows = tableRows(report({ byProperty: twins }));

  it("keeps every row, zero rows and shared names included, a shared name numbered", () => {
    expect(rows.map((entry) => entry.propertyName)).toEqual([
      "Harbour View Hotel",
      "Seaside Suites",
      "Quiet Pines Motel",
      "Seaside Suites",
    ]);
    expect(rows.map((entry) => entry.label)).toEqual([
      "Harbour View Hotel",
      "Seaside Suites (1 of 2)",
      "Quiet Pines Motel",
      "Seaside Suites (2 of 2)",
    ]);
    // In the reader's words on a screen; a CSV gives none and keeps English.
    expect(tableRows(report({ byProperty: twins }), translatorFor("fr", "common"))[3]!.label).toBe(
      "Seaside Suites (2 sur 2)",
    );
    expect(rows.every((entry) => entry.notRecorded.length === 0)).toBe(true);
    expect(rows[2]).toMatchObject({
      scans: 0,
      manualShare: null,
      alertsPer100: null,
      warningsPer100: null,
      bansAdded: 0,
      noArrivals: true,
    });
    expect(rows[0]).toMatchObject({ manualShare: 15, alertsPer100: 5, warningsPer100: 7, noArrivals: false });
  });

  it("keeps the report's order without a sort", () => {
    expect(sortRows([...rows].reverse(), null).map((entry) => entry.index)).toEqual([0, 1, 2, 3]);
  });

  it("sorts figures both ways", () => {
    expect(sortRows(rows, { column: "scans", direction: "descending" }).map((entry) => entry.scans)).toEqual([
      200, 100, 50, 0,
    ]);
    expect(sortRows(rows, { column: "scans", direction: "ascending" }).map((entry) => entry.scans)).toEqual([
      0, 50, 100, 200,
    ]);
  });

  it("puts rows without a rate last in either direction", () => {
    expect(sortRows(rows, { column: "alertsPer100", direction: "ascending" }).at(-1)?.propertyName).toBe(
      "Quiet Pines Motel",
    );
    expect(sortRows(rows, { column: "alertsPer100", direction: "descending" }).at(-1)?.propertyName).toBe(
      "Quiet Pines Motel",
    );
  });

  it("sorts names alphabetically, ties in the report's order", () => {
    const sorted = sortRows(rows, { column: "propertyName", direction: "ascending" });
    expect(sorted.map((entry) => entry.index)).toEqual([0, 2, 1, 3]);
    const reversed = sortRows(rows, { column: "propertyName", direction: "descending" });
    expect(reversed.map((entry) => entry.index)).toEqual([1, 3, 2, 0]);
  });

  it("starts names A→Z and figures largest first; a second press reverses", () => {
    expect(nextSort(null, "propertyName")).toEqual({ column: "propertyName", direction: "ascending" });
    expect(nextSort(null, "scans")).toEqual({ column: "scans", direction: "descending" });
    expect(nextSort({ column: "scans", direction: "descending" }, "scans")).toEqual({
      column: "scans",
      direction: "ascending",
    });
    expect(nextSort({ column: "scans", direction: "ascending" }, "scans")).toEqual({
      column: "scans",
      direction: "descending",
    });
    expect(nextSort({ column: "scans", direction: "ascending" }, "bansAdded")).toEqual({
      column: "bansAdded",
      direction: "descending",
    });
  });
});

describe("activityPoints", () => {
  it("reads points as calendar days", () => {
    const label = (day: string) => `label of ${day}`;
    expect(activityPoints(report().activity.points, label)).toEqual([
      { day: "2026-11-21", label: "label of 2026-11-21", scans: 280 },
      { day: "2026-11-22", label: "label of 2026-11-22", scans: 300 },
    ]);
    expect(activityPoints([], label)).toEqual([]);
  });
});
