import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";

import { toCsv } from "@/lib/features/export/csv";

import type { OutcomeGroup } from "./outcome-counts";
import { outcomesCsvTable } from "./outcome-csv";
import { outcomeTables } from "./outcome-view";

const group = (dimension: OutcomeGroup["dimension"], extra: Partial<OutcomeGroup>): OutcomeGroup => ({
  dimension,
  propertyName: "Harbour View Hotel",
  zone: null,
  source: null,
  month: null,
  criminalRecord: null,
  sexOffender: null,
  confirmed: 9,
  falseMatches: 3,
  outdated: 0,
  unverified: 1,
  noOutcome: 2,
  policeContacted: 1,
  ...extra,
});

describe("the match outcomes' CSV", () => {
  it("holds a row per figure in machine values, the rate as a number or empty under the minimum", () => {
    const tables = outcomeTables(
      [
        group("source", { source: "scan" }),
        group("month", { month: "2026-02" }),
        group("match", { criminalRecord: true, sexOffender: false }),
      ],
      { window: 30, from: "2026-01-20", to: "2026-02-18" },
    );
    const [headers, ...rows] = parse(toCsv(outcomesCsvTable(tables, null)), { bom: true }) as string[][];
    expect(headers![0]).toBe("Breakdown");
    const find = (breakdown: string, key: string) => rows.find((row) => row[0] === breakdown && row[1] === key)!;
    expect(find("total", "all")).toEqual([
      "total",
      "all",
      "All outcomes",
      "All your properties",
      "2026-01-20",
      "2026-02-18",
      "12",
      "9",
      "3",
      "0",
      "1",
      "2",
      "1",
      "25",
      "No",
    ]);
    expect(find("month", "2026-01").slice(4, 7)).toEqual(["2026-01-20", "2026-01-31", "0"]);
    expect(find("month", "2026-01").slice(13)).toEqual(["", "Yes"]);
    expect(find("month", "2026-02").slice(4, 6)).toEqual(["2026-02-01", "2026-02-18"]);
    expect(find("source", "manual entry").slice(6, 7)).toEqual(["0"]);
    expect(find("property", "Harbour View Hotel")[3]).toBe("Harbour View Hotel");
    expect(find("match", "criminal_record")[6]).toBe("12");
  });
});
