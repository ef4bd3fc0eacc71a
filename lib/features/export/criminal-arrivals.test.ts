import { describe, expect, it } from "vitest";

import { BOTH_FLAGS_NOTE, WITHHELD_MESSAGE } from "@/lib/features/criminal-arrivals/offense-lists";
import type { CriminalArrival } from "@/lib/features/reports/types";
import { criminalItem } from "@/tests/support/report-fixtures";

import { criminalArrivalsCsvTable } from "./criminal-arrivals";

const item = (overrides: Record<string, unknown>) => criminalItem(overrides) as CriminalArrival;

const items = [
  item({
    firstName: "Ray",
    lastName: "Stone",
    checkInAtUtc: "2026-11-22T23:15:00Z",
    crimeTypes: ["FELONY", "MISDEMEANOR"],
    offenseDescriptions: ["Burglary"],
  }),
  item({
    firstName: "Sam",
    lastName: "Reed",
    checkInAtUtc: "2026-11-22T20:00:00Z",
    hasCriminalRecord: false,
    isSexualOffender: true,
    crimeTypes: [],
    offenseDescriptions: [],
    acknowledgedAtUtc: null,
    acknowledgedAtLocal: null,
    gender: null,
  }),
  item({
    firstName: "Lee",
    lastName: "Hart",
    checkInAtUtc: "2026-11-22T22:00:00Z",
    isSexualOffender: true,
    crimeTypes: [],
    offenseDescriptions: ["Assault", "Trespass", "Possession"],
    gender: "UNKNOWN",
  }),
];

const records = (table: ReturnType<typeof criminalArrivalsCsvTable>) =>
  table.rows.map((row) => Object.fromEntries(table.headers.map((header, index) => [header, row[index]])));

describe("criminalArrivalsCsvTable", () => {
  it("writes crime types and offense descriptions as two columns, each list whole, never paired", () => {
    const table = criminalArrivalsCsvTable(items, { onlyNotAcknowledged: false, order: "latest" });
    const [ray, lee, sam] = records(table);
    expect(ray).toMatchObject({
      "Crime types": "Felony; Misdemeanor",
      "Offense descriptions": "Burglary",
      "Offense note": "",
    });
    expect(lee).toMatchObject({
      "Crime types": "None listed",
      "Offense descriptions": "Assault; Trespass; Possession",
      "Offense note": BOTH_FLAGS_NOTE,
    });
    expect(sam).toMatchObject({ "Crime types": WITHHELD_MESSAGE, "Offense descriptions": WITHHELD_MESSAGE });
    expect(table.headers.filter((header) => /crime|offense/i.test(header))).toEqual([
      "Crime types",
      "Offense descriptions",
      "Offense note",
    ]);
  });

  it("tells an alert not acknowledged at the desk apart, with times in the property's zone and UTC", () => {
    const [sam, lee, ray] = records(criminalArrivalsCsvTable(items, { onlyNotAcknowledged: false, order: "earliest" }));
    expect(sam).toMatchObject({
      "Desk acknowledgement": "Not acknowledged at the desk",
      "Acknowledged (property time)": "",
      "Acknowledged (UTC)": "",
      Gender: "Not captured",
      "Criminal record match": "No",
      "Sex-offender match": "Yes",
    });
    expect(ray).toMatchObject({
      "Desk acknowledgement": "Acknowledged at the desk",
      "Acknowledged (property time)": "Nov 22, 2026, 1:19 PM (property time)",
      "Acknowledged (UTC)": "Nov 22, 2026, 11:19 PM UTC",
      "Checked in (UTC)": "Nov 22, 2026, 11:15 PM UTC",
      "Check-in date (local)": "2026-11-22",
    });
    expect(lee!.Gender).toBe("Captured, not classified");
  });

  it("gives the check-in in the property's zone, named, beside UTC, and says where the zone is not known", () => {
    const zoned = [{ ...items[0]!, localZone: "Pacific/Honolulu" }, items[1]!];
    const [sam, ray] = records(criminalArrivalsCsvTable(zoned, { onlyNotAcknowledged: false, order: "earliest" }));
    expect(ray).toMatchObject({
      "Checked in (property time)": "Nov 22, 2026, 1:15 PM HST",
      "Property time zone": "Pacific/Honolulu",
      "Checked in (UTC)": "Nov 22, 2026, 11:15 PM UTC",
      "Acknowledged (property time)": "Nov 22, 2026, 1:19 PM HST",
    });
    expect(sam).toMatchObject({
      "Checked in (property time)": "",
      "Property time zone": "Not known",
      "Checked in (UTC)": "Nov 22, 2026, 8:00 PM UTC",
    });
  });

  it("applies the screen's filter and order", () => {
    const table = criminalArrivalsCsvTable(items, { onlyNotAcknowledged: true, order: "earliest" });
    expect(table.rows.map((row) => row[0])).toEqual(["Sam Reed"]);
    const latest = criminalArrivalsCsvTable(items, { onlyNotAcknowledged: false, order: "latest" });
    expect(latest.rows.map((row) => row[0])).toEqual(["Ray Stone", "Lee Hart", "Sam Reed"]);
  });

  it("keeps only chosen columns", () => {
    const table = criminalArrivalsCsvTable(items, {
      onlyNotAcknowledged: false,
      order: "earliest",
      columns: ["name", "crimeTypes"],
    });
    expect(table.headers).toEqual(["Guest", "Crime types"]);
  });

  it("says which property a shared name is, as the screen does", () => {
    const twins = [
      { ...item({ propertyName: "Seaside Suites" }), propertyTimeZone: "America/Los_Angeles" },
      item({ propertyName: "Seaside Suites", checkInAtUtc: "2026-11-22T21:00:00Z" }),
    ];
    const table = criminalArrivalsCsvTable(twins, {
      onlyNotAcknowledged: false,
      order: "earliest",
      columns: ["property"],
      sharedNames: ["Seaside Suites"],
    });
    // Earliest check-in first: the one Daybook could not place came in at 21:00 UTC.
    expect(table.rows).toEqual([
      ["Seaside Suites (one of several properties of this name)"],
      ["Seaside Suites (Los Angeles time)"],
    ]);
  });
});
