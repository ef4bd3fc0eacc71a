import { describe, expect, it } from "vitest";

import { clientAddress } from "@/lib/server/audit/record";
import { safeReturnPath } from "@/lib/server/auth/return-path";

describe("clientAddress", () => {
  const address = (headers: Record<string, string>) => clientAddress(new Headers(headers));

  it("takes the last X-Forwarded-For entry: the one the server itself appended", () => {
    expect(address({ "x-forwarded-for": "203.0.113.7" })).toBe("203.0.113.7");
    expect(address({ "x-forwarded-for": "10.0.0.1, 198.51.100.2,203.0.113.7" })).toBe("203.0.113.7");
    expect(address({ "x-forwarded-for": "forged-by-client, 2001:db8::1 " })).toBe("2001:db8::1");
    expect(address({ "X-Forwarded-For": "198.51.100.2, 203.0.113.7" })).toBe("203.0.113.7");
    expect(address({ "x-forwarded-for": "198.51.100.2, 203.0.113.7, ", "x-real-ip": "192.0.2.9" })).toBe("203.0.113.7");
  });

  it("prefers X-Forwarded-For to X-Real-IP", () => {
    expect(address({ "x-forwarded-for": "203.0.113.7", "x-real-ip": "192.0.2.9" })).toBe("203.0.113.7");
  });

  it("falls back to X-Real-IP when X-Forwarded-For is missing or empty", () => {
    expect(address({ "x-real-ip": "192.0.2.9" })).toBe("192.0.2.9");
    expect(address({ "x-forwarded-for": "", "x-real-ip": "192.0.2.9" })).toBe("192.0.2.9");
    expect(address({ "x-forwarded-for": " , ,", "x-real-ip": "192.0.2.9" })).toBe("192.0.2.9");
  });

  it("is null without either", () => {
    expect(address({})).toBeNull();
    expect(address({ "x-forwarded-for": " , " })).toBeNull();
    expect(address({ forwarded: "for=192.0.2.60" })).toBeNull();
  });
});

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
});
