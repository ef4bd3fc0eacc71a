import { describe, expect, it } from "vitest";

import { clientAddressOf, PEER_HEADER } from "./client-address";

const request = (peer: string | null, forwarded?: string) => {
  const headers = new Headers();
  if (peer !== null) headers.set(PEER_HEADER, peer);
  if (forwarded !== undefined) headers.set("x-forwarded-for", forwarded);
  return headers;
};

describe("the client's address", () => {
  it("is the connection's own with no proxy in front, whatever X-Forwarded-For says", () => {
    expect(clientAddressOf(request("::ffff:198.51.100.7", "203.0.113.9"), 0)).toBe("198.51.100.7");
    expect(clientAddressOf(request("2001:db8::1", "203.0.113.9, 203.0.113.10"), 0)).toBe("2001:db8::1");
  });

  it("is the entry the trusted proxies appended, never one further left that a client wrote", () => {
    // The client sent "1.2.3.4"; nginx appended the address it was reached from, 198.51.100.7.
    const behindNginx = request("10.0.0.2", "1.2.3.4, 198.51.100.7");
    expect(clientAddressOf(behindNginx, 1)).toBe("198.51.100.7");
    // A CDN in front of nginx appends too: two hops.
    expect(clientAddressOf(request("10.0.0.2", "1.2.3.4, 198.51.100.7, 192.0.2.50"), 2)).toBe("198.51.100.7");
  });

  it("takes the leftmost entry when a proxy did not append", () => {
    expect(clientAddressOf(request("10.0.0.2"), 1)).toBe("10.0.0.2");
    expect(clientAddressOf(request("10.0.0.2", "198.51.100.7"), 3)).toBe("198.51.100.7");
  });

  it("is unknown when the request did not come through Daybook's server", () => {
    expect(clientAddressOf(request(null, "203.0.113.9"), 0)).toBeNull();
  });
});
