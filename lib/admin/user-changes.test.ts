import { describe, expect, it } from "vitest";
import { accountChangeDetails, type AccountFacts } from "./user-changes";

const before: AccountFacts = { name: "Sam", role: "supervisor", allProperties: false, properties: ["A", "B"] };

describe("accountChangeDetails", () => {
  it("is null when nothing changed", () => {
    expect(accountChangeDetails(before, { ...before, properties: ["B", "A"] })).toBeNull();
  });

  it("records only what changed", () => {
    expect(accountChangeDetails(before, { ...before, role: "regional", properties: ["B", "C"] })).toEqual({
      roleBefore: "supervisor",
      roleAfter: "regional",
      propertiesAdded: ["C"],
      propertiesRemoved: ["A"],
    });
    expect(accountChangeDetails(before, { ...before, name: "Samira", allProperties: true, properties: [] })).toEqual({
      nameBefore: "Sam",
      nameAfter: "Samira",
      allPropertiesBefore: false,
      allPropertiesAfter: true,
      propertiesRemoved: ["A", "B"],
    });
  });
});
