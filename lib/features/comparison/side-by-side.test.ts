import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";
import { createFormatter, DEFAULT_HABITS } from "@/lib/core/format";
import type { BaselineReason } from "@/lib/features/overview/figures";
import { usageReport, usageRow } from "@/tests/support/report-fixtures";

import { describeBaselineSource, sideBySide, type SideBySide } from "./side-by-side";

const source = (data: SideBySide, language: "en" | "fr" = "en") => {
  const t = translatorFor(language, "properties");
  const reasons = translatorFor(language, "overview");
  return describeBaselineSource(
    (key, values) => t(`baselineSource.${key}`, values),
    (key: BaselineReason) => reasons(`reason.${key}`),
    createFormatter(DEFAULT_HABITS),
    data,
  );
};

const today = usageReport("2026-11-22", [
  usageRow("Harbour View Hotel", {
    scans: 200,
    manualEntry: 30,
    banMatches: 2,
    criminal: 4,
    sexOffender: 2,
    ageAlert: 6,
    localAlert: 4,
  }),
  usageRow("Seaside Suites", { scans: 150 }),
  usageRow("Seaside Suites", { scans: 90 }),
  usageRow("Quiet Pines Motel"),
  usageRow("New Inn", { scans: 10 }),
]);
const dayBefore = usageReport("2026-11-21", [
  usageRow("Harbour View Hotel", { scans: 160, manualEntry: 20 }),
  usageRow("Seaside Suites", { scans: 100 }),
  usageRow("Seaside Suites", { scans: 120 }),
  usageRow("Quiet Pines Motel"),
]);

describe("side by side", () => {
  it("keeps the Overview's figures for each row: scans, manual-entry share, alerts and warnings per 100 apart", () => {
    const result = sideBySide({ ...today, storedCopy: null }, dayBefore);
    const harbour = result.rows[0]!;
    expect(harbour).toMatchObject({
      propertyName: "Harbour View Hotel",
      label: "Harbour View Hotel",
      scans: 200,
      manualShare: 15,
      alertsPer100: 4,
      warningsPer100: 5,
    });
    // A property without scans has no rate, not a zero one.
    expect(result.rows[3]).toMatchObject({
      scans: 0,
      manualShare: null,
      alertsPer100: null,
      warningsPer100: null,
      noArrivals: true,
    });
  });

  it("compares each row with the same property on the stored day before, same-named ones by their order", () => {
    const result = sideBySide({ ...today, storedCopy: null }, dayBefore);
    expect(result.dayBefore).toBe("2026-11-21");
    expect(result.dayBeforeStored).toBe(true);
    expect(result.rows.map((row) => row.label)).toEqual([
      "Harbour View Hotel",
      "Seaside Suites (1 of 2)",
      "Seaside Suites (2 of 2)",
      "Quiet Pines Motel",
      "New Inn",
    ]);
    expect(result.rows.map((row) => row.change)).toEqual([
      { kind: "change", percent: 25 },
      { kind: "change", percent: 50 },
      { kind: "change", percent: -25 },
      { kind: "no-base", today: 0 },
      { kind: "not-in-day-before" },
    ]);
    expect(result.rows.map((row) => row.scansChange)).toEqual([25, 50, -25, null, null]);
    expect(result.rows.map((row) => row.scansBefore)).toEqual([160, 100, 120, 0, null]);
  });

  it("says no stored day before on every row when that day is not stored", () => {
    const result = sideBySide({ ...today, storedCopy: null }, null);
    expect(result.dayBeforeStored).toBe(false);
    expect(new Set(result.rows.map((row) => row.change.kind))).toEqual(new Set(["no-stored-day"]));
    expect(result.headlines[0]!.change).toEqual({
      source: "none",
      why: "noStoredDay",
      dayBefore: "2026-11-21",
    });
  });

  it("computes the headline change itself when the API gives none (several zones), labelled as Daybook's", () => {
    const result = sideBySide({ ...today, storedCopy: null }, dayBefore);
    expect(result.apiBaselineReason).toBe("zones");
    // 450 scans against 380 the day before.
    expect(result.headlines[0]).toMatchObject({
      column: "scans",
      value: 450,
      change: { source: "daybook", dayBefore: "2026-11-21" },
    });
    expect(result.headlines[0]!.change.source === "daybook" && result.headlines[0]!.change.percent).toBeCloseTo(
      (70 * 100) / 380,
      10,
    );
    expect(result.headlines[1]).toMatchObject({
      column: "manualEntry",
      value: 30,
      change: { source: "daybook", percent: 50 },
    });
  });

  it("keeps the API's own headline change where it gives one", () => {
    const oneZone = usageReport("2026-11-22", [usageRow("Riverside & Co. Hotel", { scans: 120 })], {
      changes: { scans: 9.1 },
    });
    const result = sideBySide(
      { ...oneZone, storedCopy: null },
      usageReport("2026-11-21", [usageRow("Riverside & Co. Hotel", { scans: 100 })]),
    );
    expect(result.headlines[0]!.change).toMatchObject({ source: "api", percent: 9.1 });
  });

  it("carries the stored copy, the narrowing and the local-warnings gap through", () => {
    const narrowed = usageReport("2026-11-20", [usageRow("Harbour View Hotel", { scans: 5 })], {
      narrowed: true,
      localRecorded: false,
    });
    const copy = {
      reportedDate: "2026-11-20",
      pulledAt: "2026-11-21T11:00:00.000Z",
      liveObservedAt: null,
      itemsPurgedAt: null,
    };
    const result = sideBySide({ ...narrowed, storedCopy: copy }, null);
    expect(result).toMatchObject({
      reportedDate: "2026-11-20",
      storedCopy: copy,
      narrowed: true,
      apiBaselineReason: "narrowed",
      unrecorded: ["localAlert"],
      sharedNote: null,
    });
    expect(result.rows[0]).toMatchObject({ scans: 5, warningsPer100: null, notRecorded: ["warningsPer100"] });
  });
});

describe("where the changes come from", () => {
  it("names the API, Daybook's stored day, or the missing day", () => {
    const oneZone = usageReport("2026-11-22", [usageRow("Riverside & Co. Hotel", { scans: 120, manualEntry: 3 })], {
      changes: { scans: 9.1, manualEntry: 2 },
    });
    expect(source(sideBySide({ ...oneZone, storedCopy: null }, null))).toBe(
      "The changes are the API's own, against the day before.",
    );
    expect(source(sideBySide({ ...today, storedCopy: null }, dayBefore))).toBe(
      "The API gives no change here (the properties are in several time zones); Daybook compares with its own stored copy of Saturday, November 21, 2026, property by property. Those changes are Daybook's, not the API's.",
    );
    expect(source(sideBySide({ ...today, storedCopy: null }, null))).toBe(
      "The API gives no change here (the properties are in several time zones), and Daybook holds no stored copy of Saturday, November 21, 2026 to compare with.",
    );
    expect(source(sideBySide({ ...today, storedCopy: null }, null), "fr")).toContain(
      translatorFor("fr", "overview")("reason.zones"),
    );
  });
});
