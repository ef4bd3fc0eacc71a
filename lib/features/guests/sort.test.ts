import { describe, expect, it } from "vitest";

import { arrival } from "./fixtures.test-support";
import { buildRows } from "./rows";
import { nextSort, sortRows } from "./sort";

const rows = buildRows([
  arrival({
    firstName: "Zoe",
    lastName: "Adams",
    roomNumber: "101",
    propertyName: "Seaside Suites",
    checkInAtUtc: "2026-11-22T10:00:00Z",
  }),
  arrival({
    firstName: null,
    lastName: null,
    roomNumber: "9",
    propertyName: "Harbour View Hotel",
    checkInAtUtc: "2026-11-22T08:00:00Z",
  }),
  arrival({
    firstName: "Amy",
    lastName: "Baker",
    roomNumber: "12",
    propertyName: "Grand Hotel Zürich",
    checkInAtUtc: "2026-11-22T09:00:00Z",
  }),
]);
const names = (list: typeof rows) => list.map((row) => row.name);

describe("sortRows", () => {
  it("sorts by last name then first, with uncaptured names last in either direction", () => {
    expect(names(sortRows(rows, { key: "name", direction: "asc" }))).toEqual([
      "Zoe Adams",
      "Amy Baker",
      "Name not captured",
    ]);
    expect(names(sortRows(rows, { key: "name", direction: "desc" }))).toEqual([
      "Amy Baker",
      "Zoe Adams",
      "Name not captured",
    ]);
  });

  it("sorts rooms as numbers where they are numbers", () => {
    expect(sortRows(rows, { key: "room", direction: "asc" }).map((row) => row.item.roomNumber)).toEqual([
      "9",
      "12",
      "101",
    ]);
  });

  it("sorts by check-in instant and by property", () => {
    expect(
      sortRows(rows, { key: "checkIn", direction: "asc" }).map((row) => row.item.checkInAtUtc.slice(11, 13)),
    ).toEqual(["08", "09", "10"]);
    expect(sortRows(rows, { key: "property", direction: "desc" }).map((row) => row.item.propertyName)).toEqual([
      "Seaside Suites",
      "Harbour View Hotel",
      "Grand Hotel Zürich",
    ]);
  });

  it("does not change the array it is given", () => {
    const before = [...rows];
    sortRows(rows, { key: "room", direction: "desc" });
    expect(rows).toEqual(before);
  });

  it("flips the sorted column, starts another ascending", () => {
    expect(nextSort({ key: "room", direction: "asc" }, "room")).toEqual({ key: "room", direction: "desc" });
    expect(nextSort({ key: "room", direction: "desc" }, "name")).toEqual({ key: "name", direction: "asc" });
  });
});
