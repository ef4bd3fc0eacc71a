import { describe, expect, it } from "vitest";

import { safeReturnPath } from "@/lib/server/auth/return-path";

describe("safeReturnPath", () => {
  it("keeps a path on this site, with its query and fragment", () => {
    for (const path of [
      "/guests?x=1",
      "/",
      "/guests",
      "/reports/daily?date=2026-11-22&property=Harbour%20View#top",
      "/signed-up",
    ]) {
      expect(safeReturnPath(path), path).toBe(path);
    }
  });

  it("turns anything else into /", () => {
    const refused = [
      "https://evil.example",
      "http://evil.example/guests",
      "//evil.example",
      "//evil.example/guests",
      "/\\evil",
      "/\\/evil.example",
      "/sign-in",
      "/sign-in?callbackUrl=/guests",
      "/api/x",
      "/api/auth/signout",
      "javascript:alert(1)",
      "guests",
      "",
      undefined,
      null,
    ];
    for (const candidate of refused) {
      expect(safeReturnPath(candidate), JSON.stringify(candidate)).toBe("/");
    }
  });

  // Browsers drop tabs and newlines from URLs: "/	/evil.example" would otherwise become "//evil.example".
  it("refuses a path that a browser would read as another site", () => {
    for (const candidate of ["/\t/evil.example", "/\n/evil.example", "/\r\n/evil.example"]) {
      expect(new URL(candidate, "https://daybook.example").host).toBe("evil.example");
      expect(safeReturnPath(candidate), JSON.stringify(candidate)).toBe("/");
    }
  });

  it("takes the first of a parameter given twice", () => {
    expect(safeReturnPath(["/guests", "/admin"])).toBe("/guests");
    expect(safeReturnPath(["https://evil.example/", "/guests"])).toBe("/");
    expect(safeReturnPath([])).toBe("/");
  });
});
