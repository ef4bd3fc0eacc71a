import { describe, expect, it } from "vitest";

import { compareFlagRows, parseStaffFlagQuery, staffFlagsHref, type StaffFlagSort } from "./staff-flags-view";

describe("the order of Staff flags' table", () => {
  it("reads ?sort= among its choices, most flags first otherwise, and leaves the default out of the address", () => {
    expect(parseStaffFlagQuery({ sort: "fewest", window: "30" })).toEqual({ window: 30, sort: "fewest" });
    expect(parseStaffFlagQuery({ sort: "loudest" }).sort).toBe("most");
    expect(parseStaffFlagQuery({}).sort).toBe("most");
    expect(staffFlagsHref({ sort: "most" })).toBe("/investigations/staff-flags");
    expect(staffFlagsHref({ window: 365, property: "Harbour View", sort: "name", page: 2 })).toBe(
      "/investigations/staff-flags?window=365&property=Harbour+View&sort=name&page=2",
    );
  });

  it("sorts by rate either way, by arrivals or by name; a property without a rate always last but by name", () => {
    const rows = [
      { label: "Calm", per100: 1.5, arrivals: 900 },
      { label: "Empty", per100: null, arrivals: 0 },
      { label: "Busy", per100: 4, arrivals: 3_000 },
      { label: "Alike", per100: 1.5, arrivals: 40 },
    ];
    const read = (sort: StaffFlagSort) => [...rows].sort((a, b) => compareFlagRows(a, b, sort)).map((row) => row.label);
    expect(read("most")).toEqual(["Busy", "Alike", "Calm", "Empty"]);
    expect(read("fewest")).toEqual(["Alike", "Calm", "Busy", "Empty"]);
    expect(read("arrivals")).toEqual(["Busy", "Calm", "Alike", "Empty"]);
    expect(read("name")).toEqual(["Alike", "Busy", "Calm", "Empty"]);
  });
});
