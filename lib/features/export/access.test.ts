import { describe, expect, it } from "vitest";

import { ACTION_ROLES, ROLES } from "@/lib/core/access";

import { exportAccessOf, identificationInExport } from "./access";

describe("exportAccessOf", () => {
  it("gives supervisors, regional staff and admins the export; a viewer none", () => {
    expect(exportAccessOf("viewer")).toEqual({ csv: false, fullIdentification: false });
    for (const role of ["supervisor", "regional", "admin"] as const) expect(exportAccessOf(role).csv).toBe(true);
  });

  it("offers full identification numbers to whoever may export and may reveal them today", () => {
    for (const role of ["supervisor", "regional", "admin"] as const)
      expect(exportAccessOf(role).fullIdentification).toBe(true);
  });
});

describe("identificationInExport", () => {
  it("is masked unless asked for, and only in a file with the ID column", () => {
    expect(identificationInExport("admin", false, true)).toBe("masked");
    expect(identificationInExport("admin", true, false)).toBe("masked");
    expect(identificationInExport("admin", true, true)).toBe("full");
    expect(identificationInExport("supervisor", true, true)).toBe("full");
  });

  it("follows who may reveal numbers", () => {
    for (const role of ACTION_ROLES.revealIdentification) expect(identificationInExport(role, true, true)).toBe("full");
    const cannot = ROLES.filter((role) => !(ACTION_ROLES.revealIdentification as readonly string[]).includes(role));
    for (const role of cannot) expect(identificationInExport(role, true, true)).toBe("refused");
  });
});
