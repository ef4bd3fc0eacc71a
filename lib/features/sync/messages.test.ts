import { describe, expect, it } from "vitest";

import { describePurge, describeRetention } from "./messages";
import type { PolicyRemoval } from "./retention";

const removal = (policy: string, retentionDays: number, days = 0, parts = 0): PolicyRemoval => ({
  policy,
  retentionDays,
  days,
  parts,
  properties: parts,
  items: parts * 10,
});

describe("the retention purge in words", () => {
  it("reads as before named policies when the default policy is the only one", () => {
    expect(describeRetention({ byPolicy: [removal("Default", 90)], days: 0 })).toBe(
      "No guest data was due for removal (kept 90 days).",
    );
    expect(describeRetention({ byPolicy: [removal("Default", 1, 1, 1)], days: 1 })).toBe(
      "Removed the guest data of 1 day (1 property day; kept 1 day).",
    );
  });

  it("says per policy what was removed, and each policy's period when nothing was", () => {
    expect(describeRetention({ byPolicy: [removal("Default", 90), removal("EU", 30)], days: 0 })).toBe(
      "No guest data was due for removal (Default: kept 90 days; EU: kept 30 days).",
    );
    expect(
      describeRetention({
        byPolicy: [removal("Default", 90, 1, 8), removal("EU", 30), removal("US-IL", 7, 2, 2)],
        days: 2,
      }),
    ).toBe(
      "Removed the guest data of 1 day (8 property days) under Default (kept 90 days) and of 2 days (2 property days) under US-IL (kept 7 days).",
    );
  });

  it("says a failed purge is tried again", () => {
    expect(describePurge({ byPolicy: [], days: 0, failed: true })).toBe(
      "Removing old guest data failed; the next pull tries again.",
    );
  });
});
