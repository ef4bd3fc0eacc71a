import { describe, expect, it } from "vitest";
import { distinctPropertyNames, propertyOptions } from "./property-names";

describe("distinctPropertyNames", () => {
  it("lists each name once, counting the properties that share it, sorted", () => {
    expect(
      distinctPropertyNames(["Seaside Suites", "Harbour View Hotel", "Seaside Suites", "harbour  view hotel", "Alpine Lodge"]),
    ).toEqual([
      { name: "Alpine Lodge", sharedBy: 1 },
      { name: "Harbour View Hotel", sharedBy: 2 },
      { name: "Seaside Suites", sharedBy: 2 },
    ]);
  });

  it("is empty when the key reaches nothing", () => {
    expect(distinctPropertyNames([])).toEqual([]);
  });
});

describe("propertyOptions", () => {
  const reachable = [
    { name: "Harbour View Hotel", sharedBy: 2 },
    { name: "Seaside Suites", sharedBy: 1 },
  ];

  it("checks the granted names, matching as the API does", () => {
    expect(propertyOptions(reachable, ["harbour view hotel"])).toEqual([
      { name: "Harbour View Hotel", sharedBy: 2, reached: true, checked: true },
      { name: "Seaside Suites", sharedBy: 1, reached: true, checked: false },
    ]);
  });

  it("keeps a granted name the key no longer reaches, marked as such", () => {
    expect(propertyOptions(reachable, ["Closed Inn", "Closed Inn"]).at(-1)).toEqual({
      name: "Closed Inn",
      sharedBy: 1,
      reached: false,
      checked: true,
    });
    expect(propertyOptions(reachable, ["Closed Inn", "Closed Inn"])).toHaveLength(3);
  });

  it("still lists what is granted when the API did not answer", () => {
    expect(propertyOptions(null, ["Seaside Suites"])).toEqual([
      { name: "Seaside Suites", sharedBy: 1, reached: null, checked: true },
    ]);
    expect(propertyOptions(null, [])).toEqual([]);
  });
});
