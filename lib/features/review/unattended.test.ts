import { describe, expect, it } from "vitest";

import { unattendedProperties, type PossibleSigner } from "./unattended";

const NAMES = ["Riverside & Co. Hotel", "Harbour View Hotel", "Grand Hotel Zürich", "Quiet Pines Motel"];
const person = (over: Partial<PossibleSigner>): PossibleSigner => ({
  role: "supervisor",
  allProperties: false,
  properties: [],
  disabledAt: null,
  ...over,
});

describe("unattendedProperties", () => {
  it("names the properties no active supervisor may see, alphabetically", () => {
    const people = [
      person({ properties: ["riverside & co.hotel", "Harbour View Hotel"] }),
      // Disabled: signs off nothing.
      person({ properties: ["Grand Hotel Zürich"], disabledAt: new Date("2026-11-01T00:00:00Z") }),
      // Admins undo, they do not sign off; regional staff and viewers neither.
      person({ role: "admin", allProperties: true }),
      person({ role: "regional", properties: ["Quiet Pines Motel"] }),
      person({ role: "viewer", properties: ["Quiet Pines Motel"] }),
    ];
    expect(unattendedProperties(NAMES, people)).toEqual(["Grand Hotel Zürich", "Quiet Pines Motel"]);
  });

  it("names none once a supervisor sees every property, and every one with no supervisor at all", () => {
    expect(unattendedProperties(NAMES, [person({ allProperties: true })])).toEqual([]);
    expect(unattendedProperties(NAMES, [])).toEqual([...NAMES].sort((a, b) => a.localeCompare(b, "en")));
  });
});
