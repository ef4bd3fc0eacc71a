import { describe, expect, it } from "vitest";

import type { RowColumn } from "@/lib/features/overview/figures";
import { usageRow } from "@/tests/support/report-fixtures";

import { buildTrends, chartRows, describeStoredDays, describeTrendCell, RATE_METRICS } from "./trends";

const harbour = (scans: number, extra = {}) => usageRow("Harbour View Hotel", { scans, ...extra });
const pines = () => usageRow("Quiet Pines Motel");
const none = new Set<RowColumn>();
const localUnrecorded = new Set<RowColumn>(["localAlert"]);

describe("trends", () => {
  const stored = [
    { day: "2026-11-16", byProperty: [harbour(999)], unrecorded: none }, // before the range
    {
      day: "2026-11-18",
      byProperty: [harbour(100, { manualEntry: 10, criminal: 2, ageAlert: 1 }), pines()],
      unrecorded: none,
    },
    {
      day: "2026-11-20",
      byProperty: [harbour(300, { manualEntry: 30, banMatches: 1, sexOffender: 1, localAlert: 3 }), pines()],
      unrecorded: none,
    },
    {
      day: "2026-11-22",
      byProperty: [pines(), usageRow("Seaside Suites", { scans: 40 })],
      unrecorded: localUnrecorded,
    },
  ];
  const trends = buildTrends("2026-11-22", 7, stored);

  it("covers exactly the range's days, and counts those stored", () => {
    expect(trends.from).toBe("2026-11-16");
    expect(trends.to).toBe("2026-11-22");
    expect(trends.days.map((day) => day.day)).toEqual([
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
    ]);
    expect(trends.storedDays).toBe(4);
    expect(describeStoredDays(trends)).toBe("4 of 7 days stored");
    expect(trends.days.map((day) => day.stored)).toEqual([true, false, true, false, true, false, true]);
  });

  it("follows the properties of the latest report first", () => {
    expect(trends.series.map((s) => s.label)).toEqual(["Quiet Pines Motel", "Seaside Suites", "Harbour View Hotel"]);
    expect(trends.series.map((s) => s.id)).toEqual(["s0", "s1", "s2"]);
  });

  it("leaves gaps for days not stored and for a property missing from a day, never zeros", () => {
    const scans = chartRows(trends, "scans");
    expect(scans.map((row) => row.s2)).toEqual([999, null, 100, null, 300, null, null]);
    expect(scans.map((row) => row.s1)).toEqual([null, null, null, null, null, null, 40]);
    expect(scans[0]!.label).toBe("Nov 16");
  });

  it("rates each day apart, with no rate on a day without scans", () => {
    expect(chartRows(trends, "manualShare").map((row) => row.s2)).toEqual([0, null, 10, null, 10, null, null]);
    expect(chartRows(trends, "alertsPer100").map((row) => row.s2)).toEqual([
      0,
      null,
      2,
      null,
      (2 * 100) / 300,
      null,
      null,
    ]);
    expect(chartRows(trends, "warningsPer100").map((row) => row.s2)).toEqual([0, null, 1, null, 1, null, null]);
    expect(chartRows(trends, "alertsPer100").map((row) => row.s0)).toEqual([null, null, null, null, null, null, null]);
    expect(RATE_METRICS.map((entry) => entry.metric)).toEqual(["manualShare", "alertsPer100", "warningsPer100"]);
  });

  it("sums each property over the range, its rates from the sums rather than averaged", () => {
    const summary = trends.summaries.find((s) => s.label === "Harbour View Hotel")!;
    expect(summary).toMatchObject({ daysWithFigures: 3, totalScans: 1399 });
    expect(summary.averageScans).toBeCloseTo(1399 / 3, 10);
    expect(summary.manualShare).toBeCloseTo((40 * 100) / 1399, 10);
    expect(summary.alertsPer100).toBeCloseTo((4 * 100) / 1399, 10);
    expect(summary.warningsPer100).toBeCloseTo((4 * 100) / 1399, 10);
    const pinesSummary = trends.summaries.find((s) => s.label === "Quiet Pines Motel")!;
    expect(pinesSummary).toMatchObject({
      daysWithFigures: 3,
      totalScans: 0,
      averageScans: 0,
      manualShare: null,
      alertsPer100: null,
    });
  });

  it("tells the table's cells apart: not stored, no row, no rate, a figure", () => {
    const [d16, d17, , , d20, , d22] = trends.days;
    expect(describeTrendCell(d17!, "s2", "scans")).toBe("Not stored");
    expect(describeTrendCell(d22!, "s2", "scans")).toBe("No row");
    expect(describeTrendCell(d16!, "s0", "scans")).toBe("No row");
    expect(describeTrendCell(d20!, "s0", "alertsPer100")).toBe("—");
    expect(describeTrendCell(d20!, "s2", "scans")).toBe("300");
    expect(describeTrendCell(d20!, "s2", "manualShare")).toBe("10.0 %");
    expect(describeTrendCell(d20!, "s2", "alertsPer100")).toBe("0.7");
  });

  it("says 'Not recorded' for a figure a stored day did not record, and leaves it out of the range's rate", () => {
    const d22 = trends.days.at(-1)!;
    expect(d22.notRecorded).toEqual(["warningsPer100"]);
    expect(describeTrendCell(d22, "s1", "warningsPer100")).toBe("Not recorded");
    expect(describeTrendCell(d22, "s1", "scans")).toBe("40");
    expect(chartRows(trends, "warningsPer100").at(-1)!.s1).toBeNull();
    const pinesSummary = trends.summaries.find((summary) => summary.label === "Quiet Pines Motel")!;
    expect(pinesSummary).toMatchObject({ warningsPer100: null, notRecorded: ["warningsPer100"] });
    expect(trends.unrecordedNote).toMatch(/^Local warnings: not recorded/);
    expect(buildTrends("2026-11-21", 7, stored).unrecordedNote).toBeNull();
  });

  it("is empty, with nothing stored, rather than a line of zeros", () => {
    const empty = buildTrends("2026-11-22", 30, []);
    expect(empty).toMatchObject({ storedDays: 0, series: [], summaries: [] });
    expect(empty.days).toHaveLength(30);
  });

  it("keeps same-named properties apart across days", () => {
    const twin = (a: number, b: number) => [
      usageRow("Seaside Suites", { scans: a }),
      usageRow("Seaside Suites", { scans: b }),
    ];
    const result = buildTrends("2026-11-22", 7, [
      { day: "2026-11-21", byProperty: twin(1, 2), unrecorded: none },
      { day: "2026-11-22", byProperty: twin(3, 4), unrecorded: none },
    ]);
    expect(result.series.map((s) => s.label)).toEqual(["Seaside Suites (1 of 2)", "Seaside Suites (2 of 2)"]);
    expect(result.summaries.map((s) => s.totalScans)).toEqual([4, 6]);
  });
});
