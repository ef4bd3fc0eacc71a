import { describe, expect, it } from "vitest";

import { dayQuerySchema, propertyQuerySchema } from "./day-queries";
import {
  addDays,
  dayFromSearchParam,
  daysEnding,
  INVALID_DAY_MESSAGE,
  isCalendarDay,
  parseDay,
  parseRange,
  previousDay,
  propertyFromSearchParam,
  requireDay,
  utcDay,
} from "./days";
import { formatDayWithYear, formatShortDay } from "./format";

describe("the day of a report route", () => {
  it("is absent for yesterday live", () => {
    expect(dayQuerySchema.parse({})).toEqual({});
  });

  it("accepts a calendar date written YYYY-MM-DD", () => {
    expect(dayQuerySchema.parse({ day: "2026-02-28" })).toEqual({ day: "2026-02-28" });
    expect(propertyQuerySchema.parse({ day: "2024-02-29", propertyName: " Harbour View " })).toEqual({
      day: "2024-02-29",
      propertyName: "Harbour View",
    });
  });

  it.each(["2026-02-30", "2025-02-29", "2026-13-01", "26-11-01", "2026-11-1", "yesterday", "2026-11-01T00:00:00Z"])(
    "refuses %s",
    (day) => {
      expect(dayQuerySchema.safeParse({ day }).success).toBe(false);
    },
  );

  it.each(["2026-02-30", "yesterday", "2026-11-1"])("refuses %s in the same words and code on a page", (day) => {
    const route = dayQuerySchema.safeParse({ day });
    expect(route.error?.issues[0]).toMatchObject({ message: INVALID_DAY_MESSAGE, params: { code: "invalid_day" } });
    let thrown: unknown;
    try {
      requireDay(day);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ status: 400, code: "invalid_day", message: INVALID_DAY_MESSAGE });
  });
});

describe("the ?day= of a page", () => {
  it("takes the first value, trimmed, and treats empty as live", () => {
    expect(dayFromSearchParam(undefined)).toBeUndefined();
    expect(dayFromSearchParam("  ")).toBeUndefined();
    expect(dayFromSearchParam([" 2026-11-20 ", "2026-11-21"])).toBe("2026-11-20");
  });
});

describe("days", () => {
  it("accepts only real calendar days in the API's spelling", () => {
    expect(isCalendarDay("2026-11-22")).toBe(true);
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2026-02-29")).toBe(false);
    expect(isCalendarDay("2026-13-01")).toBe(false);
    expect(isCalendarDay("2026-1-01")).toBe(false);
    expect(isCalendarDay("22/11/2026")).toBe(false);
  });

  it("reads the range as 7, 30, 90 or 365, defaulting to 30", () => {
    expect(parseRange("7")).toBe(7);
    expect(parseRange("90")).toBe(90);
    expect(parseRange("365")).toBe(365);
    expect(parseRange("366")).toBe(30);
    expect(parseRange(["30", "7"])).toBe(30);
    expect(parseRange(undefined)).toBe(30);
    expect(parseRange("14")).toBe(30);
    expect(parseRange("abc")).toBe(30);
  });

  it("reads the day as live, a stored day, or something to explain", () => {
    expect(parseDay(undefined)).toEqual({ kind: "live" });
    expect(parseDay("  ")).toEqual({ kind: "live" });
    expect(parseDay("2026-11-20")).toEqual({ kind: "day", day: "2026-11-20" });
    expect(parseDay(["2026-11-20"])).toEqual({ kind: "day", day: "2026-11-20" });
    expect(parseDay("yesterday")).toEqual({ kind: "invalid", text: "yesterday" });
  });

  it("steps over month, year and daylight-saving boundaries by whole days", () => {
    expect(previousDay("2026-03-01")).toBe("2026-02-28");
    expect(previousDay("2027-01-01")).toBe("2026-12-31");
    expect(addDays("2026-03-07", 2)).toBe("2026-03-09");
    expect(addDays("2026-11-01", -1)).toBe("2026-10-31");
  });

  it("lists the days of a range oldest first, ending on its last day", () => {
    expect(daysEnding("2026-11-22", 3)).toEqual(["2026-11-20", "2026-11-21", "2026-11-22"]);
    const ninety = daysEnding("2026-11-22", 90);
    expect(ninety).toHaveLength(90);
    expect(ninety[0]).toBe("2026-08-25");
    expect(new Set(ninety).size).toBe(90);
  });

  it("names days for people", () => {
    expect(utcDay(new Date("2026-11-22T23:59:59Z"))).toBe("2026-11-22");
    expect(formatShortDay("2026-11-21")).toBe("Nov 21");
    expect(formatDayWithYear("2026-11-21")).toBe("Nov 21, 2026");
  });
});

describe("the ?property= of a page and a route", () => {
  it("trims, treats blank as no filter, takes the first of repeated values and keeps 200 characters", () => {
    expect(propertyFromSearchParam(undefined)).toBeUndefined();
    expect(propertyFromSearchParam("   ")).toBeUndefined();
    expect(propertyFromSearchParam("  Riverside & Co. Hotel ")).toBe("Riverside & Co. Hotel");
    expect(propertyFromSearchParam(" Seaside Suites ")).toBe("Seaside Suites");
    expect(propertyFromSearchParam(["Harbour View Hotel", "Other"])).toBe("Harbour View Hotel");
    expect(propertyFromSearchParam("x".repeat(300))).toHaveLength(200);
    expect(propertyQuerySchema.parse({ propertyName: "x".repeat(300) }).propertyName).toHaveLength(200);
  });
});
