import { describe, expect, it } from "vitest";

import { usageReport, usageRow } from "@/tests/support/report-fixtures";

import { overviewCsvTable } from "./overview";

const row = usageRow;

const rowList = [
  row("Harbour View Hotel", {
    scans: 200,
    manualEntry: 30,
    banMatches: 2,
    criminal: 3,
    sexOffender: 1,
    ageAlert: 5,
    localAlert: 7,
    bansAdded: 1,
  }),
  row("Quiet Pines Motel", {}),
  row("Grand Hotel Zürich", { scans: 3, manualEntry: 1, ageAlert: 1 }),
];
const rows = usageReport("2026-11-22", rowList);

describe("overviewCsvTable", () => {
  it("has the screen's columns, with rates to one decimal and 'No scans' instead of a dash", () => {
    const table = overviewCsvTable(rows, { sort: null });
    expect(table.headers).toEqual([
      "Property",
      "Scans",
      "Manual-entry share (%)",
      "Alerts per 100 scans",
      "Warnings per 100 scans",
      "Bans added",
    ]);
    expect(table.rows).toEqual([
      ["Harbour View Hotel", 200, 15, 3, 6, 1],
      ["Quiet Pines Motel", 0, "No scans", "No scans", "No scans", 0],
      ["Grand Hotel Zürich", 3, 33.3, 0, 33.3, 0],
    ]);
  });

  it("keeps alerts and warnings apart: neither rate includes the other", () => {
    const [harbour] = overviewCsvTable(usageReport("2026-11-22", [rowList[0]!]), { sort: null }).rows;
    expect(harbour![3]).toBe(3); // (2 + 3 + 1) / 200 × 100
    expect(harbour![4]).toBe(6); // (5 + 7) / 200 × 100
  });

  it("sorts like the screen: rows without a figure last", () => {
    const table = overviewCsvTable(rows, { sort: { column: "manualShare", direction: "descending" } });
    expect(table.rows.map((cells) => cells[0])).toEqual([
      "Grand Hotel Zürich",
      "Harbour View Hotel",
      "Quiet Pines Motel",
    ]);
    const ascending = overviewCsvTable(rows, { sort: { column: "manualShare", direction: "ascending" } });
    expect(ascending.rows.map((cells) => cells[0])).toEqual([
      "Harbour View Hotel",
      "Grand Hotel Zürich",
      "Quiet Pines Motel",
    ]);
  });

  it("says 'Not recorded' where the day did not record a figure, and numbers a shared name", () => {
    const day = usageReport(
      "2026-11-22",
      [row("Seaside Suites", { scans: 10, ageAlert: 1 }), row("Seaside Suites", { scans: 20 })],
      { localRecorded: false },
    );
    expect(overviewCsvTable(day, { sort: null }).rows).toEqual([
      ["Seaside Suites (1 of 2)", 10, 0, 0, "Not recorded", 0],
      ["Seaside Suites (2 of 2)", 20, 0, 0, "Not recorded", 0],
    ]);
  });

  it("keeps only chosen columns", () => {
    expect(overviewCsvTable(rows, { sort: null, columns: ["propertyName", "scans"] }).headers).toEqual([
      "Property",
      "Scans",
    ]);
  });
});
