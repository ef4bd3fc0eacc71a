import { describe, expect, it } from "vitest";

import { clientAddress } from "@/lib/server/audit/record";

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
