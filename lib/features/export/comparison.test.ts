import { describe, expect, it } from "vitest";

import { sideBySide } from "@/lib/features/comparison/side-by-side";
import { usageReport, usageRow } from "@/tests/support/report-fixtures";

import { comparisonCsvTable } from "./comparison";

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
  usageRow("Quiet Pines Motel"),
  usageRow("New Inn", { scans: 10 }),
]);
const dayBefore = usageReport("2026-11-21", [
  usageRow("Harbour View Hotel", { scans: 160 }),
  usageRow("Quiet Pines Motel"),
]);

describe("comparisonCsvTable", () => {
  it("has the side-by-side columns, the change in words labelled as Daybook's, alerts and warnings apart", () => {
    const table = comparisonCsvTable(sideBySide({ ...today, storedCopy: null }, dayBefore), { sort: null });
    expect(table.headers).toEqual([
      "Property",
      "Scans",
      "Scans, change (vs stored Nov 21, computed by Daybook)",
      "Scans on the day before",
      "Manual-entry share (%)",
      "Alerts per 100 scans",
      "Warnings per 100 scans",
    ]);
    expect(table.rows[0]).toEqual(["Harbour View Hotel", 200, expect.stringContaining("25"), 160, 15, 4, 5]);
    expect(table.rows[1]).toEqual([
      "Quiet Pines Motel",
      0,
      "No scans either day",
      0,
      "No scans",
      "No scans",
      "No scans",
    ]);
    expect(table.rows[2]).toEqual(["New Inn", 10, "Not in the stored Nov 21", "Not stored", 0, 0, 0]);
  });

  it("says when the day before is not stored, and sorts like the screen", () => {
    const table = comparisonCsvTable(sideBySide({ ...today, storedCopy: null }, null), {
      sort: { column: "scans", direction: "descending" },
    });
    expect(table.headers[2]).toBe("Scans, change");
    expect(table.rows.map((row) => row[0])).toEqual(["Harbour View Hotel", "New Inn", "Quiet Pines Motel"]);
    expect(table.rows.map((row) => row[2])).toEqual([
      "No stored day before",
      "No stored day before",
      "No stored day before",
    ]);
  });
});
