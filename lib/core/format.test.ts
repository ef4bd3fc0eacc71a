import { describe, expect, it } from "vitest";

import { formatCalendarDay, formatInstant } from "./format";

describe("date formatting", () => {
  it("reads a calendar day without shifting it through a zone", () => {
    expect(formatCalendarDay("2026-11-22")).toBe("Sunday, November 22, 2026");
  });

  it("shows an instant in the property's zone, naming the zone", () => {
    expect(formatInstant("2026-11-23T07:14:00Z", "Pacific/Honolulu")).toBe("Nov 22, 2026, 9:14 PM HST");
    expect(formatInstant("2026-11-23T07:14:00Z")).toBe("Nov 23, 2026, 7:14 AM UTC");
  });

  it("falls back to UTC for a zone name it does not know", () => {
    expect(formatInstant("2026-11-23T07:14:00Z", "Mars/Olympus_Mons")).toBe("Nov 23, 2026, 7:14 AM UTC");
  });
});
