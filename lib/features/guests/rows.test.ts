import { describe, expect, it } from "vitest";

import { arrival } from "./fixtures.test-support";
import { buildRows, filterRows, propertyNames, rowKey, searchText, visibleIdentification } from "./rows";

describe("search index", () => {
  it("holds names, room, the visible last 4 of the ID number and e-mail, lower-cased", () => {
    const text = searchText(
      arrival({ firstName: "ÉMILE", middleName: "Q", lastName: "Zola", roomNumber: "12B", email: "EZ@Example.com" }),
    );
    for (const part of ["émile", "q", "zola", "12b", "7788", "ez@example.com"]) expect(text).toContain(part);
    expect(text).not.toContain("•");
  });

  it("only the last 4 of a masked number are searchable; a fully masked short number adds nothing", () => {
    expect(visibleIdentification("••••••7788")).toBe("7788");
    expect(visibleIdentification("•••")).toBe("");
  });

  it("leaves out names that were not captured", () => {
    const [row] = buildRows([arrival({ firstName: null, middleName: null, lastName: null })]);
    expect(row!.name).toBe("Name not captured");
    expect(row!.nameCaptured).toBe(false);
    expect(row!.search).not.toContain("not captured");
  });

  it("does not search other fields (city, phone, property)", () => {
    const rows = buildRows([arrival()]);
    expect(filterRows(rows, "honolulu")).toHaveLength(0);
    expect(filterRows(rows, "555")).toHaveLength(0);
  });
});

describe("filterRows", () => {
  const rows = buildRows([
    arrival({ firstName: "Ada", lastName: "Lovelace", roomNumber: "101" }),
    arrival({
      firstName: "Alan",
      lastName: "Turing",
      roomNumber: "202",
      identificationNumber: "••••••1234",
      email: "alan@x.org",
    }),
    arrival({ firstName: null, lastName: "<img src=x onerror=alert(1)>", roomNumber: "303" }),
  ]);

  it("returns the same array for an empty query", () => {
    expect(filterRows(rows, "   ")).toBe(rows);
  });

  it("matches any part, case-insensitively", () => {
    expect(filterRows(rows, "TURING").map((r) => r.item.lastName)).toEqual(["Turing"]);
    expect(filterRows(rows, "1234")).toHaveLength(1);
    expect(filterRows(rows, "alan@x")).toHaveLength(1);
    expect(filterRows(rows, "<img")).toHaveLength(1);
  });

  it("requires every term", () => {
    expect(filterRows(rows, "ada 101")).toHaveLength(1);
    expect(filterRows(rows, "ada 202")).toHaveLength(0);
  });

  it("filters 20,000 rows well within a keystroke's budget", () => {
    const many = buildRows(
      Array.from({ length: 20_000 }, (_, i) => arrival({ lastName: `Guest${i}`, roomNumber: String(i) })),
    );
    const started = performance.now();
    for (const query of ["g", "gu", "gue", "guest1", "guest19", "guest1999"]) filterRows(many, query);
    expect((performance.now() - started) / 6).toBeLessThan(50);
  });
});

describe("row keys and property names", () => {
  it("differ for arrivals at the same instant with other names", () => {
    expect(rowKey(arrival({ firstName: "A" }), 0)).not.toBe(rowKey(arrival({ firstName: "B" }), 0));
    expect(rowKey(arrival(), 0)).not.toBe(rowKey(arrival(), 1));
  });

  it("lists each property once, sorted, with granted names", () => {
    const items = [arrival({ propertyName: "Seaside Suites" }), arrival({ propertyName: "Seaside Suites" }), arrival()];
    expect(propertyNames(items, ["Quiet Pines Motel"])).toEqual([
      "Harbour View Hotel",
      "Quiet Pines Motel",
      "Seaside Suites",
    ]);
  });
});
