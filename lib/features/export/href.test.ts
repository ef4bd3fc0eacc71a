import { describe, expect, it } from "vitest";

import { exportHref } from "./href";

describe("exportHref", () => {
  it("carries the screen's state, lists comma-separated, leaving out what is unset", () => {
    expect(
      exportHref("guests", {
        propertyName: "Riverside & Co. Hotel",
        day: undefined,
        q: "smith 12",
        columns: ["room", "email"],
      }),
    ).toBe("/api/export/guests?propertyName=Riverside+%26+Co.+Hotel&q=smith+12&columns=room%2Cemail");
  });

  it("sends an empty column list, which means no optional columns", () => {
    expect(exportHref("guests", { columns: [] })).toBe("/api/export/guests?columns=");
  });

  it("is the bare route without state", () => {
    expect(exportHref("overview", { sort: null })).toBe("/api/export/overview");
  });
});
