import { describe, expect, it } from "vitest";

import { accountDelayMs, THROTTLE_POLICY } from "./throttle";

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
