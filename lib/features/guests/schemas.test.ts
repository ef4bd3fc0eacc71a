import { describe, expect, it } from "vitest";

import { OPTIONAL_COLUMN_IDS } from "./columns";
import { MAX_PAGE_SIZE } from "./query";
import { guestColumnsInputSchema, guestRowsRequestSchema, revealInputSchema } from "./schemas";

describe("guestColumnsInputSchema", () => {
  it("accepts only known optional ids when saving", () => {
    expect(guestColumnsInputSchema.safeParse({ visible: ["name"] }).success).toBe(false);
    expect(guestColumnsInputSchema.safeParse({ visible: ["<script>"] }).success).toBe(false);
    expect(guestColumnsInputSchema.parse({ visible: ["phone", "room", "phone"] })).toEqual({
      visible: ["room", "phone"],
    });
    expect(guestColumnsInputSchema.parse({ visible: [...OPTIONAL_COLUMN_IDS] }).visible).toHaveLength(
      OPTIONAL_COLUMN_IDS.length,
    );
  });
});

describe("revealInputSchema", () => {
  const target = {
    propertyName: "Harbour View Hotel",
    checkInAtUtc: "2026-11-22T20:00:00Z",
    firstName: "Ada",
    lastName: "Lovelace",
  };

  it("validates what the browser sends", () => {
    expect(revealInputSchema.safeParse(target).success).toBe(true);
    expect(revealInputSchema.safeParse({ ...target, checkInAtUtc: "yesterday" }).success).toBe(false);
    expect(revealInputSchema.safeParse({ ...target, propertyName: " " }).success).toBe(false);
    expect(revealInputSchema.safeParse({ ...target, day: "2026-02-30" }).success).toBe(false);
  });
});

describe("guestRowsRequestSchema", () => {
  it("fills the defaults: no search, every arrival, by check-in time", () => {
    expect(guestRowsRequestSchema.parse({ limit: 50 })).toEqual({
      q: "",
      screening: "all",
      sort: { key: "checkIn", direction: "asc" },
      offset: 0,
      limit: 50,
      refresh: false,
    });
  });

  it("reads the property filter and the day as the report routes do", () => {
    const parsed = guestRowsRequestSchema.parse({ propertyName: "  ", day: "2026-11-22", limit: 10 });
    expect(parsed.propertyName).toBeUndefined();
    expect(parsed.day).toBe("2026-11-22");
    const invalid = guestRowsRequestSchema.safeParse({ day: "yesterday", limit: 10 });
    expect(invalid.success).toBe(false);
  });

  it("refuses what the screen never sends", () => {
    for (const body of [
      { limit: 0 },
      { limit: MAX_PAGE_SIZE + 1 },
      { limit: 10, offset: -1 },
      { limit: 10, screening: "everyone" },
      { limit: 10, sort: { key: "email", direction: "asc" } },
      { limit: 10, q: "x".repeat(5000) },
      { limit: 10, refresh: "1" },
    ]) {
      expect(guestRowsRequestSchema.safeParse(body).success).toBe(false);
    }
  });
});

describe("control characters in what the browser sends", () => {
  const reveal = {
    propertyName: "Harbour View Hotel",
    checkInAtUtc: "2026-11-24T10:00:00Z",
    firstName: "Zoë",
    lastName: "Ångström 😀",
  };

  it("refuse a reveal whose property or name holds one, or half a surrogate pair", () => {
    expect(revealInputSchema.safeParse(reveal).success).toBe(true);
    for (const change of [
      { propertyName: "Outback Rest\u0000" },
      { firstName: "Zo\u0000ë" },
      { lastName: "\uDE00Ångström" },
    ])
      expect(revealInputSchema.safeParse({ ...reveal, ...change }).success, JSON.stringify(change)).toBe(false);
  });

  it("refuse a rows request whose search or property filter holds one", () => {
    const body = { limit: 10 };
    expect(guestRowsRequestSchema.safeParse({ ...body, q: "smith" }).success).toBe(true);
    expect(guestRowsRequestSchema.safeParse({ ...body, q: "smith\u0000" }).success).toBe(false);
    expect(guestRowsRequestSchema.safeParse({ ...body, propertyName: "Outback Rest\u0085" }).success).toBe(false);
  });
});
