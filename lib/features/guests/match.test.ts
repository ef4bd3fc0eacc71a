import { describe, expect, it } from "vitest";

import { arrival } from "./fixtures.test-support";
import { matchingArrivals } from "./match";

const target = {
  propertyName: "Harbour View Hotel",
  checkInAtUtc: "2026-11-22T20:00:00Z",
  firstName: "Ada",
  lastName: "Lovelace",
};

describe("matchingArrivals", () => {
  it("finds the one arrival by property, instant and names", () => {
    const items = [arrival(), arrival({ firstName: "Ava" }), arrival({ checkInAtUtc: "2026-11-22T20:00:01Z" })];
    expect(matchingArrivals(items, target)).toEqual([items[0]]);
  });

  it("treats missing names as values of their own", () => {
    const items = [arrival({ firstName: null }), arrival({ firstName: "" })];
    expect(matchingArrivals(items, { ...target, firstName: null })).toEqual([items[0]]);
  });

  it("does not match a property by a looser spelling", () => {
    expect(matchingArrivals([arrival()], { ...target, propertyName: "harbourviewhotel" })).toEqual([]);
  });
});
