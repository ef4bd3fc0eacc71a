import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";
import { createFormatter, DEFAULT_HABITS } from "@/lib/core/format";
import { figureFormat } from "@/lib/features/overview/figure-words";
import type { RowColumn } from "@/lib/features/overview/figures";
import { usageRow } from "@/tests/support/report-fixtures";

import { nextSummarySort, pageOfSummaries, parseSummarySort } from "./trend-summary";
import {
  buildTrends,
  chartRows,
  describeCovered,
  describeGroupCell,
  describeStoredDays,
  describeTrendCell,
  groupChartRows,
  groupTrends,
  RATE_METRICS,
  type CellKey,
  type SeriesSummary,
} from "./trends";

const en = translatorFor("en", "properties");
const us = createFormatter(DEFAULT_HABITS);
const overview = translatorFor("en", "overview");
const figures = figureFormat(us, (key, values) => overview(`figures.${key}`, values));
const cells = (key: CellKey) => en(`cells.${key}`);
const trendWords = (key: "storedDays" | "covered", values?: Record<string, string | number>) =>
  en(`trends.${key}`, values);

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
    expect(describeStoredDays(trendWords, trends)).toBe("4 of 7 days stored");
    expect(trends.days.map((day) => day.stored)).toEqual([true, false, true, false, true, false, true]);
  });

  it("follows the properties of the latest report first", () => {
    expect(trends.series.map((s) => s.label)).toEqual(["Quiet Pines Motel", "Seaside Suites", "Harbour View Hotel"]);
    expect(trends.series.map((s) => s.id)).toEqual(["s0", "s1", "s2"]);
  });

  it("leaves gaps for days not stored and for a property missing from a day, never zeros", () => {
    const scans = chartRows(trends, "scans", us.shortDay);
    expect(scans.map((row) => row.s2)).toEqual([999, null, 100, null, 300, null, null]);
    expect(scans.map((row) => row.s1)).toEqual([null, null, null, null, null, null, 40]);
    expect(scans[0]!.label).toBe("Nov 16");
  });

  it("rates each day apart, with no rate on a day without scans", () => {
    expect(chartRows(trends, "manualShare", us.shortDay).map((row) => row.s2)).toEqual([
      0,
      null,
      10,
      null,
      10,
      null,
      null,
    ]);
    expect(chartRows(trends, "alertsPer100", us.shortDay).map((row) => row.s2)).toEqual([
      0,
      null,
      2,
      null,
      (2 * 100) / 300,
      null,
      null,
    ]);
    expect(chartRows(trends, "warningsPer100", us.shortDay).map((row) => row.s2)).toEqual([
      0,
      null,
      1,
      null,
      1,
      null,
      null,
    ]);
    expect(chartRows(trends, "alertsPer100", us.shortDay).map((row) => row.s0)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
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
    expect(describeTrendCell(cells, figures, d17!, "s2", "scans")).toBe("Not stored");
    expect(describeTrendCell(cells, figures, d22!, "s2", "scans")).toBe("No row");
    expect(describeTrendCell(cells, figures, d16!, "s0", "scans")).toBe("No row");
    expect(describeTrendCell(cells, figures, d20!, "s0", "alertsPer100")).toBe("—");
    expect(describeTrendCell(cells, figures, d20!, "s2", "scans")).toBe("300");
    expect(describeTrendCell(cells, figures, d20!, "s2", "manualShare")).toBe("10.0 %");
    expect(describeTrendCell(cells, figures, d20!, "s2", "alertsPer100")).toBe("0.7");
  });

  it("says 'Not recorded' for a figure a stored day did not record, and leaves it out of the range's rate", () => {
    const d22 = trends.days.at(-1)!;
    expect(d22.notRecorded).toEqual(["warningsPer100"]);
    expect(describeTrendCell(cells, figures, d22, "s1", "warningsPer100")).toBe("Not recorded");
    expect(describeTrendCell(cells, figures, d22, "s1", "scans")).toBe("40");
    expect(chartRows(trends, "warningsPer100", us.shortDay).at(-1)!.s1).toBeNull();
    const pinesSummary = trends.summaries.find((summary) => summary.label === "Quiet Pines Motel")!;
    expect(pinesSummary).toMatchObject({ warningsPer100: null, notRecorded: ["warningsPer100"] });
    expect(trends.unrecorded).toEqual(["localAlert"]);
    expect(buildTrends("2026-11-21", 7, stored).unrecorded).toEqual([]);
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

describe("the group's trends", () => {
  const alpha = (figures = {}) => usageRow("Alpha Inn", figures);
  const beta = (figures = {}) => usageRow("Beta Lodge", figures);
  const stored = [
    {
      day: "2026-11-18",
      byProperty: [alpha({ scans: 100, manualEntry: 10, criminal: 3 }), beta({ scans: 900, ageAlert: 9 })],
      unrecorded: none,
    },
    // Beta Lodge has no row that day: left out of the sums, and the day says so.
    { day: "2026-11-19", byProperty: [alpha({ scans: 50, manualEntry: 5, localAlert: 1 })], unrecorded: none },
    {
      day: "2026-11-21",
      byProperty: [alpha({ scans: 20, ageAlert: 2 }), beta({ scans: 30, banMatches: 1 })],
      unrecorded: localUnrecorded,
    },
    { day: "2026-11-22", byProperty: [alpha(), beta()], unrecorded: none },
  ];
  const trends = buildTrends("2026-11-22", 7, stored);
  const group = groupTrends(trends, stored);
  const day = (date: string) => group.days.find((entry) => entry.day === date)!;

  it("sums each day's scans over the properties with a row that day", () => {
    expect(group.properties).toBe(2);
    expect(group.days.map((entry) => entry.group?.scans ?? null)).toEqual([null, null, 1000, 50, null, 50, 0]);
    expect(groupChartRows(group, "scans", us.shortDay).map((row) => row.group)).toEqual([
      null,
      null,
      1000,
      50,
      null,
      50,
      0,
    ]);
    expect(day("2026-11-19").covered).toBe(1);
    expect(describeCovered(trendWords, us, day("2026-11-19"), group.properties)).toBe("1 of 2");
    expect(describeCovered(trendWords, us, day("2026-11-18"), group.properties)).toBe("2 of 2");
  });

  it("computes the rates from the summed counts, never as an average of the properties' rates", () => {
    // Alpha's manual share is 10 %, Beta's 0 %: the group's is 10 of 1,000 scans, not their mean of 5 %.
    expect(day("2026-11-18").group).toMatchObject({ manualShare: 1, alertsPer100: 0.3, warningsPer100: 0.9 });
    expect(describeGroupCell(cells, figures, day("2026-11-18"), "manualShare", "group")).toBe("1.0 %");
    expect(day("2026-11-21").group?.alertsPer100).toBeCloseTo(2, 10);
  });

  it("has no rate on a day without scans, and no figure where the day did not record it", () => {
    expect(day("2026-11-22").group).toMatchObject({ scans: 0, manualShare: null, alertsPer100: null });
    expect(describeGroupCell(cells, figures, day("2026-11-22"), "alertsPer100", "group")).toBe("—");
    expect(day("2026-11-21").group?.warningsPer100).toBeNull();
    expect(describeGroupCell(cells, figures, day("2026-11-21"), "warningsPer100", "group")).toBe("Not recorded");
    expect(describeGroupCell(cells, figures, day("2026-11-21"), "scans", "group")).toBe("50");
  });

  it("leaves a day Daybook did not store a gap, never a zero", () => {
    expect(day("2026-11-20")).toMatchObject({ stored: false, group: null, covered: 0 });
    expect(describeGroupCell(cells, figures, day("2026-11-20"), "scans", "group")).toBe("Not stored");
    expect(describeCovered(trendWords, us, day("2026-11-20"), group.properties)).toBe("—");
    expect(groupChartRows(group, "manualShare", us.shortDay)[4]).toEqual({ label: "Nov 20", group: null });
  });

  it("draws a chosen property's own figures beside the group's", () => {
    const beta = trends.series.find((s) => s.label === "Beta Lodge")!;
    const withBeta = groupTrends(trends, stored, beta.id);
    expect(withBeta.chosen?.label).toBe("Beta Lodge");
    expect(groupChartRows(withBeta, "scans", us.shortDay).map((row) => row.chosen)).toEqual([
      null,
      null,
      900,
      null,
      null,
      30,
      0,
    ]);
    const d19 = withBeta.days.find((entry) => entry.day === "2026-11-19")!;
    expect(describeGroupCell(cells, figures, d19, "scans", "chosen")).toBe("No row");
    expect(describeGroupCell(cells, figures, d19, "scans", "group")).toBe("50");
    expect(groupTrends(trends, stored, "no such series").chosen).toBeNull();
  });
});

describe("the trends' summary, a page at a time", () => {
  const summary = (label: string, totalScans: number | null, manualShare: number | null): SeriesSummary => ({
    id: label,
    label,
    daysWithFigures: 1,
    totalScans,
    averageScans: totalScans,
    manualShare,
    alertsPer100: null,
    warningsPer100: null,
    notRecorded: [],
  });
  const many = Array.from({ length: 60 }, (_, index) =>
    summary(`Property ${index + 1}`, (index * 7) % 60, index % 10 === 0 ? null : index),
  );

  it("pages 25 rows at a time in the newest report's order, a page past the last being the last", () => {
    const first = pageOfSummaries(many, {});
    expect(first).toMatchObject({ total: 60, matching: 60, page: 1, pages: 3, first: 1, sort: null });
    expect(first.rows.map((row) => row.label).slice(0, 2)).toEqual(["Property 1", "Property 2"]);
    expect(first.rows).toHaveLength(25);
    const last = pageOfSummaries(many, { page: "99" });
    expect(last).toMatchObject({ page: 3, first: 51 });
    expect(last.rows).toHaveLength(10);
    expect(pageOfSummaries(many, { page: "two" }).page).toBe(1);
  });

  it("filters by name as the API matches names, casing and spacing aside", () => {
    const found = pageOfSummaries(many, { filter: "  property 1" });
    expect(found.rows.map((row) => row.label)).toEqual([
      "Property 1",
      ...Array.from({ length: 10 }, (_, index) => `Property ${10 + index}`),
    ]);
    expect(found).toMatchObject({ matching: 11, total: 60, pages: 1, filter: "property 1" });
    expect(pageOfSummaries(many, { filter: "PROPERTY1 2" }).matching).toBe(1);
    expect(pageOfSummaries(many, { filter: "nothing" })).toMatchObject({ matching: 0, first: 0, rows: [] });
  });

  it("sorts by a column, figures largest first, and rows without the figure last either way", () => {
    const byScans = pageOfSummaries(many, { sort: "totalScans" });
    expect(byScans.sort).toEqual({ column: "totalScans", direction: "descending" });
    expect(byScans.rows[0]!.totalScans).toBe(59);
    const byShare = pageOfSummaries(many, { sort: "manualShare", order: "ascending", page: "3" });
    expect(byShare.rows.slice(-7).map((row) => row.manualShare)).toEqual([59, null, null, null, null, null, null]);
    expect(pageOfSummaries(many, { sort: "label", order: "descending" }).rows[0]!.label).toBe("Property 60");
    expect(parseSummarySort("label")).toEqual({ column: "label", direction: "ascending" });
    expect(parseSummarySort("propertyName")).toBeNull();
    expect(nextSummarySort({ column: "totalScans", direction: "descending" }, "totalScans")).toEqual({
      column: "totalScans",
      direction: "ascending",
    });
    expect(nextSummarySort(null, "alertsPer100")).toEqual({ column: "alertsPer100", direction: "descending" });
  });
});
