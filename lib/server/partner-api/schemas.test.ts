import { describe, expect, it } from "vitest";

import { criminalItem, guestItem, guestsReport, usageReport, usageRow } from "@/tests/support/report-fixtures";

import { criminalArrivalsReportSchema, guestsReportSchema, usageReportSchema } from "./schemas";

const criminalReport = (items: unknown[]) => ({ totalCount: items.length, reportedDateLocal: "2026-11-22", items });
const issuePaths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join("."));

describe("guests report schema", () => {
  it("accepts a report as the contract describes it", () => {
    expect(guestsReportSchema.safeParse(guestsReport()).success).toBe(true);
  });

  it("keeps null apart from UNKNOWN for gender, and null apart from false for the ban at check-in", () => {
    for (const gender of ["MALE", "FEMALE", "UNKNOWN", null]) {
      const parsed = guestsReportSchema.parse(guestsReport([guestItem({ gender })]));
      expect(parsed.items[0]!.gender).toBe(gender);
    }
    for (const matchedBanAtCheckIn of [true, false, null]) {
      const parsed = guestsReportSchema.parse(guestsReport([guestItem({ matchedBanAtCheckIn })]));
      expect(parsed.items[0]!.matchedBanAtCheckIn).toBe(matchedBanAtCheckIn);
    }
  });

  it("rejects values outside the closed sets", () => {
    expect(issuePaths(guestsReportSchema.safeParse(guestsReport([guestItem({ gender: "M" })])))).toEqual([
      "items.0.gender",
    ]);
    expect(issuePaths(guestsReportSchema.safeParse(guestsReport([guestItem({ source: "kiosk" })])))).toEqual([
      "items.0.source",
    ]);
  });

  it("allows null names (capture may miss them) but not null for fields the contract types as strings", () => {
    const names = guestItem({ firstName: null, middleName: null, lastName: null });
    expect(guestsReportSchema.safeParse(guestsReport([names])).success).toBe(true);
    expect(issuePaths(guestsReportSchema.safeParse(guestsReport([guestItem({ roomNumber: null })])))).toEqual([
      "items.0.roomNumber",
    ]);
    expect(issuePaths(guestsReportSchema.safeParse(guestsReport([guestItem({ isCurrentlyBanned: null })])))).toEqual([
      "items.0.isCurrentlyBanned",
    ]);
  });

  it("checks dates and timestamps for their formats", () => {
    const bad = guestItem({
      checkInAtUtc: "2026-11-22 23:15:00",
      checkInDateLocal: "22/11/2026",
      dateOfBirth: "1990-04-01",
    });
    expect(issuePaths(guestsReportSchema.safeParse(guestsReport([bad])))).toEqual([
      "items.0.checkInAtUtc",
      "items.0.checkInDateLocal",
      "items.0.dateOfBirth",
    ]);
  });

  it("validates items as an array, never null, and totalCount against it", () => {
    expect(issuePaths(guestsReportSchema.safeParse(guestsReport([], { items: null })))).toContain("items");
    expect(issuePaths(guestsReportSchema.safeParse(guestsReport([guestItem()], { totalCount: 2 })))).toEqual([
      "totalCount",
    ]);
  });

  it("ignores fields it does not know", () => {
    const parsed = guestsReportSchema.parse(guestsReport([guestItem({ loyaltyTier: "gold" })], { nextPage: "x" }));
    expect(parsed.items[0]).not.toHaveProperty("loyaltyTier");
    expect(parsed).not.toHaveProperty("nextPage");
  });
});

describe("criminal arrivals schema", () => {
  it("keeps crime types and offense descriptions as two lists of their own lengths", () => {
    const parsed = criminalArrivalsReportSchema.parse(criminalReport([criminalItem()]));
    expect(parsed.items[0]!.crimeTypes).toEqual(["FELONY"]);
    expect(parsed.items[0]!.offenseDescriptions).toHaveLength(2);
  });

  it("accepts crime types it has not seen before", () => {
    const item = criminalItem({ crimeTypes: ["PETTY_OFFENSE"] });
    expect(criminalArrivalsReportSchema.safeParse(criminalReport([item])).success).toBe(true);
  });

  it("accepts a sex-offender-only match with both lists empty, but never null lists", () => {
    const only = criminalItem({
      hasCriminalRecord: false,
      isSexualOffender: true,
      crimeTypes: [],
      offenseDescriptions: [],
    });
    expect(criminalArrivalsReportSchema.safeParse(criminalReport([only])).success).toBe(true);
    const nulls = criminalItem({ crimeTypes: null });
    expect(issuePaths(criminalArrivalsReportSchema.safeParse(criminalReport([nulls])))).toEqual(["items.0.crimeTypes"]);
  });

  it("takes a null acknowledgement as 'not yet acknowledged', and a local time only with a UTC one", () => {
    const open = criminalItem({ acknowledgedAtUtc: null, acknowledgedAtLocal: null });
    expect(criminalArrivalsReportSchema.parse(criminalReport([open])).items[0]!.acknowledgedAtUtc).toBeNull();
    const halfway = criminalItem({ acknowledgedAtLocal: null });
    expect(issuePaths(criminalArrivalsReportSchema.safeParse(criminalReport([halfway])))).toEqual([
      "items.0.acknowledgedAtLocal",
    ]);
    const wrongFormat = criminalItem({ acknowledgedAtLocal: "2026-11-22T13:19:00" });
    expect(issuePaths(criminalArrivalsReportSchema.safeParse(criminalReport([wrongFormat])))).toEqual([
      "items.0.acknowledgedAtLocal",
    ]);
  });
});

/** One property's day, its scans' change given and its local warnings not recorded, with one activity point. */
function harbourUsage() {
  const harbour = usageRow("Harbour View Hotel", {
    scans: 40,
    manualEntry: 6,
    bansAdded: 1,
    criminalMatches: 2,
    banMatches: 1,
    criminal: 2,
    ageAlert: 3,
  });
  return {
    ...usageReport("2026-11-22", [harbour], { changes: { scans: 12.5 }, localRecorded: false }),
    activity: { granularity: "DAILY", points: [{ date: "2026-11-22T00:00:00Z", scans: 40 }] },
  };
}

describe("usage report schema", () => {
  it("keeps a null value and a null change apart from zero", () => {
    const parsed = usageReportSchema.parse(harbourUsage());
    expect(parsed.warnings.localAlert).toEqual({ value: null, changePercent: null });
    expect(parsed.totals.scans).toEqual({ value: 40, changePercent: 12.5 });
  });

  it("wants whole numbers for counts and bare integers in property rows", () => {
    const report = harbourUsage();
    const rows = [{ ...report.byProperty[0], scans: null }];
    expect(issuePaths(usageReportSchema.safeParse({ ...report, byProperty: rows }))).toEqual(["byProperty.0.scans"]);
    const totals = { ...report.totals, scans: { value: 4.5, changePercent: null } };
    expect(issuePaths(usageReportSchema.safeParse({ ...report, totals }))).toEqual(["totals.scans.value"]);
  });

  it("accepts granularities other than DAILY", () => {
    const report = { ...harbourUsage(), activity: { granularity: "HOURLY", points: [] } };
    expect(usageReportSchema.safeParse(report).success).toBe(true);
  });
});
