import { describe, expect, it } from "vitest";

import { translatorFor } from "./catalogue";
import {
  arrivalPropertyLabel,
  countOf,
  identifyRows,
  labelsInEnglishToo,
  matchRowZones,
  nameCounts,
  namesInSeveralZones,
  propertyLabel,
  propertyRowKey,
  propertyZoneOf,
  rowLabels,
  sharedRows,
  withLocalZones,
  zoneCity,
} from "./property-names";

describe("property identity", () => {
  const rows = [
    { propertyName: "Seaside Suites" },
    { propertyName: "Harbour View Hotel" },
    { propertyName: "Seaside Suites" },
  ];

  it("tells same-named rows apart by their order among rows of that name", () => {
    const identified = identifyRows(rows);
    expect(identified.map((entry) => entry.occurrence)).toEqual([0, 0, 1]);
    expect(identified[0]!.key).not.toBe(identified[2]!.key);
    expect(identified[2]!.key).toBe(propertyRowKey("Seaside Suites", 1));
  });

  it("keeps a key across days whatever the other rows do", () => {
    const yesterday = identifyRows([{ propertyName: "Seaside Suites" }, { propertyName: "Seaside Suites" }]);
    const today = identifyRows(rows);
    expect(today[2]!.key).toBe(yesterday[1]!.key);
  });

  it("labels a shared name with which of them it is, and a unique name as it is", () => {
    const counts = nameCounts([rows, [{ propertyName: "Harbour View Hotel" }]]);
    expect(countOf(counts, "Seaside Suites")).toBe(2);
    // As the API compares names: casing and spaces aside.
    expect(countOf(counts, "SEASIDESUITES")).toBe(2);
    expect(countOf(counts, "Harbour View Hotel")).toBe(1);
    expect(propertyLabel("Seaside Suites", 1, 2)).toBe("Seaside Suites (2 of 2)");
    expect(propertyLabel("Harbour View Hotel", 0, 1)).toBe("Harbour View Hotel");
  });

  it("numbers the rows of a shared name in the API's order, and says so once", () => {
    expect(rowLabels(rows)).toEqual(["Seaside Suites (1 of 2)", "Harbour View Hotel", "Seaside Suites (2 of 2)"]);
    expect(sharedRows(rows)).toEqual({ names: [{ name: "Seaside Suites", count: 2 }], placed: "none" });
    expect(sharedRows([{ propertyName: "Harbour View Hotel" }])).toBeNull();
  });
});

describe("usage rows of a shared name told apart by the day's arrivals", () => {
  const LA = "America/Los_Angeles";
  const NY = "America/New_York";
  const rows = [
    { propertyName: "Seaside Suites", scans: 12 },
    { propertyName: "Harbour View Hotel", scans: 12 },
    { propertyName: "Seaside Suites", scans: 30 },
  ];
  const day = (la: number, ny: number) => ({
    name: "SEASIDE SUITES",
    arrivals: [
      { zone: LA, count: la },
      { zone: NY, count: ny },
    ],
  });
  const first = propertyRowKey("Seaside Suites", 0);
  const second = propertyRowKey("Seaside Suites", 1);

  it("names each row's zone when every zone's arrivals equal exactly one row's scans", () => {
    const zones = matchRowZones(rows, [day(30, 12)]);
    expect(zones).toEqual({ [first]: NY, [second]: LA });
    expect(rowLabels(rows, zones)).toEqual([
      "Seaside Suites (New York time)",
      "Harbour View Hotel",
      "Seaside Suites (Los Angeles time)",
    ]);
    expect(sharedRows(rows, zones)?.placed).toBe("all");
  });

  it("counts a zone without arrivals that day as 0", () => {
    const quiet = [
      { propertyName: "Seaside Suites", scans: 0 },
      { propertyName: "Seaside Suites", scans: 7 },
    ];
    expect(matchRowZones(quiet, [day(7, 0)])).toEqual({ [first]: NY, [second]: LA });
  });

  it("guesses nothing when two rows have the same scans, counts differ, or zones and rows differ in number", () => {
    const equal = [
      { propertyName: "Seaside Suites", scans: 9 },
      { propertyName: "Seaside Suites", scans: 9 },
    ];
    expect(matchRowZones(equal, [day(9, 9)])).toEqual({});
    expect(matchRowZones(rows, [day(30, 11)])).toEqual({});
    expect(matchRowZones(rows, [{ name: "Seaside Suites", arrivals: [{ zone: LA, count: 30 }] }])).toEqual({});
    expect(rowLabels(rows, {})).toEqual(["Seaside Suites (1 of 2)", "Harbour View Hotel", "Seaside Suites (2 of 2)"]);
  });

  it("leaves a name that one property holds as it is", () => {
    const single = { name: "Harbour View Hotel", arrivals: [{ zone: "Pacific/Honolulu", count: 12 }] };
    expect(matchRowZones(rows, [single])).toEqual({});
  });
});

describe("arrivals of properties sharing a name", () => {
  const la = { propertyName: "Seaside Suites", propertyTimeZone: "America/Los_Angeles" };
  const ny = { propertyName: "Seaside Suites", propertyTimeZone: "America/New_York" };
  const harbour = { propertyName: "Harbour View Hotel", propertyTimeZone: "Pacific/Honolulu" };

  it("finds the names that several zones report", () => {
    expect(namesInSeveralZones([la, harbour, ny, la])).toEqual(["Seaside Suites"]);
    expect(namesInSeveralZones([la, harbour])).toEqual([]);
  });

  it("shows the zone beside a shared name only", () => {
    expect(arrivalPropertyLabel(la, ["Seaside Suites"])).toBe("Seaside Suites (Los Angeles time)");
    expect(arrivalPropertyLabel(ny, ["seaside suites"])).toBe("Seaside Suites (New York time)");
    expect(arrivalPropertyLabel(harbour, ["Seaside Suites"])).toBe("Harbour View Hotel");
    expect(zoneCity("America/Argentina/Buenos_Aires")).toBe("Buenos Aires");
    // A criminal arrival Daybook could not place in a zone.
    expect(arrivalPropertyLabel({ propertyName: "Seaside Suites" }, ["Seaside Suites"])).toBe(
      "Seaside Suites (one of several properties of this name)",
    );
  });
});

describe("property labels in the reader's language", () => {
  const french = translatorFor("fr", "common");
  const rows = [
    { propertyName: "Seaside Suites" },
    { propertyName: "Harbour View Hotel" },
    { propertyName: "Seaside Suites" },
  ];

  it("says a shared name's zone, place or sharing in French, and leaves a unique name as it is", () => {
    expect(propertyLabel("Seaside Suites", 0, 2, "America/New_York", french)).toBe(
      "Seaside Suites (heure de New York)",
    );
    expect(propertyLabel("Seaside Suites", 0, 2, undefined, french)).toBe("Seaside Suites (1 sur 2)");
    expect(propertyLabel("Harbour View Hotel", 0, 1, "Pacific/Honolulu", french)).toBe("Harbour View Hotel");
    expect(rowLabels(rows, { [propertyRowKey("Seaside Suites", 1)]: "America/New_York" }, french)).toEqual([
      "Seaside Suites (1 sur 2)",
      "Harbour View Hotel",
      "Seaside Suites (heure de New York)",
    ]);
    expect(
      arrivalPropertyLabel(
        { propertyName: "Seaside Suites", propertyTimeZone: "America/New_York" },
        ["Seaside Suites"],
        french,
      ),
    ).toBe("Seaside Suites (heure de New York)");
    expect(arrivalPropertyLabel({ propertyName: "Seaside Suites" }, ["Seaside Suites"], french)).toBe(
      "Seaside Suites (l’un de plusieurs établissements de ce nom)",
    );
  });

  it("words English the same whether given English words or none", () => {
    const english = translatorFor("en", "common");
    expect(rowLabels(rows, undefined, english)).toEqual(rowLabels(rows));
    expect(arrivalPropertyLabel({ propertyName: "Seaside Suites" }, ["Seaside Suites"], english)).toBe(
      "Seaside Suites (one of several properties of this name)",
    );
  });

  it("says again in English each label a file's rows were given in the reader's words", () => {
    const { words, english } = labelsInEnglishToo(french);
    const labels = rowLabels(rows, { [propertyRowKey("Seaside Suites", 1)]: "America/New_York" }, words);
    const unplaced = arrivalPropertyLabel({ propertyName: "Seaside Suites" }, ["Seaside Suites"], words);
    // The rows carry the reader's words: a property is found by the label the screen offered.
    expect(labels).toEqual(["Seaside Suites (1 sur 2)", "Harbour View Hotel", "Seaside Suites (heure de New York)"]);
    expect([...labels, unplaced].map(english)).toEqual([
      "Seaside Suites (1 of 2)",
      "Harbour View Hotel",
      "Seaside Suites (New York time)",
      "Seaside Suites (one of several properties of this name)",
    ]);
    // A label these words never made (a name, a filter as typed) is left as it is.
    expect(english("Seaside Suites (heure de Lisbon)")).toBe("Seaside Suites (heure de Lisbon)");
  });
});

describe("the zone a property's times are shown in", () => {
  const known = [
    { name: "Harbour View Hotel", zones: ["Pacific/Honolulu"] },
    { name: "Seaside Suites", zones: ["America/Los_Angeles", "Europe/Lisbon"] },
  ];

  it("is the one zone a property's arrivals have named, whatever the name's spelling", () => {
    expect(propertyZoneOf(known, "harbour view  hotel")).toBe("Pacific/Honolulu");
  });

  it("is the zone a shared name's arrival was placed in, and none where it was not placed", () => {
    expect(propertyZoneOf(known, "Seaside Suites", "Europe/Lisbon")).toBe("Europe/Lisbon");
    expect(propertyZoneOf(known, "Seaside Suites")).toBeNull();
  });

  it("is none for a property Daybook has no arrivals of", () => {
    expect(propertyZoneOf(known, "Riverside & Co. Hotel")).toBeNull();
    expect(propertyZoneOf([], "Harbour View Hotel", null)).toBeNull();
  });

  it("is added to the items that lack it, and keeps a placed zone", () => {
    const items = [
      { propertyName: "Harbour View Hotel" },
      { propertyName: "Seaside Suites", propertyTimeZone: "America/Los_Angeles" },
      { propertyName: "Seaside Suites" },
      { propertyName: "Riverside & Co. Hotel" },
    ];
    expect(withLocalZones(items, known).map((item) => item.localZone)).toEqual([
      "Pacific/Honolulu",
      "America/Los_Angeles",
      undefined,
      undefined,
    ]);
  });
});
