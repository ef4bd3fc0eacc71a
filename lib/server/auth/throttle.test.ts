import { describe, expect, it } from "vitest";

import { accountDelayMs, addressDelayMs, THROTTLE_POLICY } from "./throttle";

describe("an account's wait after failed sign-ins", () => {
  const { maxAccountFailures: allowed, accountDelayMs: base, accountDelayCapMs: cap } = THROTTLE_POLICY;

  it("is nothing before the allowed number of failures", () => {
    for (let n = 0; n < allowed; n++) expect(accountDelayMs(n)).toBe(0);
  });

  it("starts at the base delay and doubles with each further failure", () => {
    expect(accountDelayMs(allowed)).toBe(base);
    expect(accountDelayMs(allowed + 1)).toBe(2 * base);
    expect(accountDelayMs(allowed + 2)).toBe(4 * base);
    expect(accountDelayMs(allowed + 3)).toBe(8 * base);
  });

  it("never exceeds the cap, however many failures", () => {
    expect(accountDelayMs(allowed + 5)).toBe(cap);
    expect(accountDelayMs(allowed + 1000)).toBe(cap);
    expect(accountDelayMs(Number.MAX_SAFE_INTEGER)).toBe(cap);
  });

  it("follows the policy it is given", () => {
    const policy = { ...THROTTLE_POLICY, maxAccountFailures: 2, accountDelayMs: 1000, accountDelayCapMs: 5000 };
    expect([1, 2, 3, 4, 5, 6].map((n) => accountDelayMs(n, policy))).toEqual([0, 1000, 2000, 4000, 5000, 5000]);
  });
});

describe("the delay of a sign-in from an address with many failures", () => {
  const { maxAddressFailures: allowed, addressDelayMs: base, addressDelayCapMs: cap } = THROTTLE_POLICY;

  it("is nothing before the address's allowed number of failures", () => {
    for (let n = 0; n < allowed; n++) expect(addressDelayMs(n)).toBe(0);
  });

  it("starts at the base delay and doubles with each further failure", () => {
    expect(addressDelayMs(allowed)).toBe(base);
    expect(addressDelayMs(allowed + 1)).toBe(2 * base);
    expect(addressDelayMs(allowed + 2)).toBe(4 * base);
  });

  it("is bounded: never more than the cap, however many failures, and the cap is short enough to wait for", () => {
    expect(addressDelayMs(allowed + 1000)).toBe(cap);
    expect(addressDelayMs(Number.MAX_SAFE_INTEGER)).toBe(cap);
    // A page waits for its answer: well inside a reverse proxy's read timeout (60 s by default).
    expect(cap).toBeLessThanOrEqual(30_000);
  });

  it("follows the policy it is given", () => {
    const policy = { maxAddressFailures: 3, addressDelayMs: 500, addressDelayCapMs: 3000 };
    expect([2, 3, 4, 5, 6, 7].map((n) => addressDelayMs(n, policy))).toEqual([0, 500, 1000, 2000, 3000, 3000]);
  });
});
