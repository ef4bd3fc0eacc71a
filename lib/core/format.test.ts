import { describe, expect, it } from "vitest";

import {
  formatCalendarDay,
  formatClock,
  formatInstant,
  formatPropertyTimeWithUtc,
  propertyTime,
  zoneName,
} from "./format";

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

describe("property time", () => {
  it("names the zone by its abbreviation where the locale has one", () => {
    expect(propertyTime("2026-11-25T02:54:00Z", "Pacific/Honolulu")).toEqual({
      text: "Nov 24, 2026, 4:54 PM HST",
      utc: "Nov 25, 2026, 2:54 AM UTC",
      zoned: true,
    });
  });

  it("names the zone by its IANA name where the locale gives only an offset", () => {
    expect(zoneName("2026-11-25T02:54:00Z", "Asia/Tokyo")).toBe("Asia/Tokyo");
    expect(formatInstant("2026-11-25T02:54:00Z", "Asia/Tokyo")).toBe("Nov 25, 2026, 11:54 AM Asia/Tokyo");
  });

  it("follows a change of clocks: Los Angeles on the day daylight saving ends", () => {
    // 2026-11-01: 1:30 AM happens twice, first in PDT (08:30 UTC), then in PST (09:30 UTC).
    expect(propertyTime("2026-11-01T08:30:00Z", "America/Los_Angeles").text).toBe("Nov 1, 2026, 1:30 AM PDT");
    expect(propertyTime("2026-11-01T09:30:00Z", "America/Los_Angeles").text).toBe("Nov 1, 2026, 1:30 AM PST");
    expect(propertyTime("2026-11-01T20:00:00Z", "America/Los_Angeles").text).toBe("Nov 1, 2026, 12:00 PM PST");
  });

  it("says UTC where the zone is not known, and never pretends it is the property's", () => {
    expect(propertyTime("2026-11-25T02:54:00Z", null)).toEqual({
      text: "Nov 25, 2026, 2:54 AM UTC",
      utc: "Nov 25, 2026, 2:54 AM UTC",
      zoned: false,
    });
    expect(propertyTime("2026-11-25T02:54:00Z", "Mars/Olympus_Mons").zoned).toBe(false);
  });

  it("gives the time of day alone, zone named", () => {
    expect(formatClock("2026-11-25T02:54:00Z", "Pacific/Honolulu")).toBe("4:54 PM HST");
    expect(formatClock("2026-11-25T02:54:00Z", null)).toBe("2:54 AM UTC");
  });

  it("puts UTC one line away on paper", () => {
    expect(formatPropertyTimeWithUtc("2026-11-25T02:54:00Z", "Pacific/Honolulu")).toBe(
      "Nov 24, 2026, 4:54 PM HST (Nov 25, 2026, 2:54 AM UTC)",
    );
    expect(formatPropertyTimeWithUtc("2026-11-25T02:54:00Z", undefined)).toBe("Nov 25, 2026, 2:54 AM UTC");
  });
});
