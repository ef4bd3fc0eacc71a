import { describe, expect, it } from "vitest";

import { identifyRows, nameCounts, propertyLabel, propertyRowKey } from "./properties";

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
    expect(counts.get("Seaside Suites")).toBe(2);
    expect(counts.get("Harbour View Hotel")).toBe(1);
    expect(propertyLabel("Seaside Suites", 1, 2)).toBe("Seaside Suites (2 of 2)");
    expect(propertyLabel("Harbour View Hotel", 0, 1)).toBe("Harbour View Hotel");
  });
});
