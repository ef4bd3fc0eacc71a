import { describe, expect, it } from "vitest";

import { canSeeProperty, propertyKey } from "@/lib/core/access";
import { unrecordedColumns } from "@/lib/features/overview/figures";
import { usageReportSchema, type UsageReport } from "@/lib/server/partner-api/schemas";
import { usageReport } from "@/tests/support/report-fixtures";

import { scopeUsageDay, scopeUsageReport, usageDayOf } from "./scope";

const row = (propertyName: string, scans: number, localAlert = 0) => ({
  propertyName,
  scans,
  manualEntry: Math.floor(scans / 4),
  bansAdded: 1,
  criminalMatches: 2,
  sexOffenderMatches: 1,
  banMatches: 1,
  criminal: 2,
  sexOffender: 1,
  ageAlert: 3,
  localAlert,
});

function groupReport(): UsageReport {
  const base = usageReport();
  const rows = [
    row("Harbour View Hotel", 40, 5),
    row("Seaside Suites", 30),
    row("Seaside Suites", 20),
    row("Quiet Pines Motel", 0),
  ];
  const sum = (k: keyof ReturnType<typeof row>) => rows.reduce((t, r) => t + (r[k] as number), 0);
  return usageReportSchema.parse({
    ...base,
    totals: {
      scans: { value: sum("scans"), changePercent: 4.2 },
      manualEntry: { value: sum("manualEntry"), changePercent: -1 },
      bansAdded: { value: sum("bansAdded"), changePercent: null },
      criminalMatches: { value: sum("criminalMatches"), changePercent: 0 },
      sexOffenderMatches: { value: sum("sexOffenderMatches"), changePercent: 10 },
    },
    alerts: {
      banMatches: { value: sum("banMatches"), changePercent: 1 },
      criminal: { value: sum("criminal"), changePercent: 1 },
      sexOffender: { value: sum("sexOffender"), changePercent: 1 },
    },
    warnings: {
      ageAlert: { value: sum("ageAlert"), changePercent: 2 },
      localAlert: { value: null, changePercent: null },
    },
    byProperty: rows,
    activity: { granularity: "DAILY", points: [{ date: "2026-11-22T00:00:00Z", scans: 90 }] },
  });
}

describe("property scope", () => {
  it("matches names as the API does: casing and spacing aside, never partially", () => {
    expect(propertyKey("Harbour  View HOTEL")).toBe(propertyKey("harbourviewhotel"));
    const scope = { allProperties: false, properties: ["Harbour View Hotel"] };
    expect(canSeeProperty(scope, "HARBOUR VIEW hotel")).toBe(true);
    expect(canSeeProperty(scope, "Harbour View")).toBe(false);
    expect(canSeeProperty({ allProperties: true, properties: [] }, "Anything")).toBe(true);
  });

  it("passes the report through untouched for someone who sees every property", () => {
    const report = groupReport();
    const scoped = scopeUsageReport(report, {
      allProperties: false,
      properties: ["Harbour View Hotel", "Seaside Suites", "Quiet Pines Motel"],
    });
    expect(scoped.narrowed).toBe(false);
    expect(scoped.totals.scans).toEqual({ value: 90, changePercent: 4.2 });
    expect(scoped.activity.points).toHaveLength(1);
  });

  it("keeps only the person's rows and recomputes every headline figure as their sum", () => {
    const scoped = scopeUsageReport(groupReport(), { allProperties: false, properties: ["Seaside Suites"] });
    expect(scoped.narrowed).toBe(true);
    expect(scoped.byProperty.map((r) => r.propertyName)).toEqual(["Seaside Suites", "Seaside Suites"]);
    expect(scoped.totals.scans.value).toBe(50);
    expect(scoped.totals.manualEntry.value).toBe(7 + 5);
    expect(scoped.alerts.criminal.value).toBe(4);
    expect(scoped.warnings.ageAlert.value).toBe(6);
  });

  it("drops the day-before change and the group's activity series for a narrower set", () => {
    const scoped = scopeUsageReport(groupReport(), { allProperties: false, properties: ["Harbour View Hotel"] });
    for (const block of [scoped.totals, scoped.alerts, scoped.warnings]) {
      for (const metric of Object.values(block)) expect(metric.changePercent).toBeNull();
    }
    expect(scoped.activity.points).toEqual([]);
  });

  it("shows the group's own facts (message, period, when generated) only to someone who sees every property", () => {
    const group = { ...groupReport(), message: "Figures were recalculated after a late kiosk sync." };
    const narrowed = scopeUsageReport(group, { allProperties: false, properties: ["Harbour View Hotel"] });
    expect(narrowed).toMatchObject({ message: null, fromUtc: null, toUtc: null, reportGeneratedAt: null });
    // The day and when Daybook asked are the person's too.
    expect(narrowed.reportedDateLocal).toBe(group.reportedDateLocal);
    expect(narrowed.apiRequestedAt).toBe(group.apiRequestedAt);
    const whole = scopeUsageReport(group, { allProperties: true, properties: [] });
    expect(whole).toMatchObject({
      message: group.message,
      fromUtc: group.fromUtc,
      toUtc: group.toUtc,
      reportGeneratedAt: group.reportGeneratedAt,
    });
  });

  it("leaves a metric not recorded for the group as not recorded where a row of 0 may mean 'not recorded'", () => {
    const scoped = scopeUsageReport(groupReport(), { allProperties: false, properties: ["Seaside Suites"] });
    expect(scoped.warnings.localAlert.value).toBeNull();
  });

  it("sums a metric the group lacks when every one of the person's rows shows it was recorded", () => {
    const scoped = scopeUsageReport(groupReport(), { allProperties: false, properties: ["Harbour View Hotel"] });
    expect(scoped.warnings.localAlert.value).toBe(5);
  });

  it("never lets another property's figures through", () => {
    const scoped = scopeUsageReport(groupReport(), { allProperties: false, properties: ["Quiet Pines Motel"] });
    expect(JSON.stringify(scoped)).not.toContain("Harbour View Hotel");
    expect(JSON.stringify(scoped)).not.toContain("Seaside Suites");
    expect(scoped.totals.scans.value).toBe(0);
  });

  it("does not change the report it was given", () => {
    const report = groupReport();
    const before = JSON.stringify(report);
    scopeUsageReport(report, { allProperties: false, properties: ["Seaside Suites"] });
    expect(JSON.stringify(report)).toBe(before);
  });
});

describe("a stored usage day in scope", () => {
  const SCOPES = [
    { allProperties: true, properties: [] },
    { allProperties: false, properties: ["Harbour View Hotel", "Seaside Suites", "Quiet Pines Motel"] },
    { allProperties: false, properties: ["Harbour View Hotel"] },
    { allProperties: false, properties: ["Seaside Suites"] },
    { allProperties: false, properties: ["Quiet Pines Motel"] },
    { allProperties: false, properties: ["Nowhere Inn"] },
  ];
  /** The group's report, and one whose headline leaves local warnings unrecorded although every row is above 0. */
  const reports = () => {
    const group = groupReport();
    const allAbove = structuredClone(group);
    allAbove.byProperty = allAbove.byProperty.map((entry) => ({ ...entry, localAlert: entry.localAlert + 1 }));
    return [group, allAbove];
  };

  it("keeps the rows, and what is not recorded, exactly as the scoped report tells them", () => {
    for (const report of reports()) {
      for (const scope of SCOPES) {
        const scoped = scopeUsageReport(report, scope);
        const day = scopeUsageDay(usageDayOf(report), scope);
        expect(day.day).toBe(report.reportedDateLocal);
        expect(day.byProperty).toEqual(scoped.byProperty);
        expect([...day.unrecorded].sort()).toEqual([...unrecordedColumns(scoped)].sort());
      }
    }
  });

  it("tells a figure the group did not record from one it did", () => {
    const [group, allAbove] = reports();
    expect([...usageDayOf(group!).unrecorded]).toEqual(["localAlert"]);
    // Unrecorded for the group, but every row of this one person's was recorded.
    const mine = { allProperties: false, properties: ["Harbour View Hotel"] };
    expect(scopeUsageDay(usageDayOf(group!), mine).unrecorded.size).toBe(0);
    expect(scopeUsageDay(usageDayOf(allAbove!), { allProperties: true, properties: [] }).unrecorded).toEqual(
      new Set(["localAlert"]),
    );
  });
});
