import { describe, expect, it } from "vitest";
import { dayFromSearchParam } from "@/lib/history/day-param";
import { dayQuerySchema, propertyQuerySchema } from "./query";

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
});

describe("the ?day= of a page", () => {
  it("takes the first value, trimmed, and treats empty as live", () => {
    expect(dayFromSearchParam(undefined)).toBeUndefined();
    expect(dayFromSearchParam("  ")).toBeUndefined();
    expect(dayFromSearchParam([" 2026-11-20 ", "2026-11-21"])).toBe("2026-11-20");
  });
});
