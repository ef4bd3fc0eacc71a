import { describe, expect, it } from "vitest";

import { MALFORMED_TEXT_CODE } from "@/lib/core/text-input";

import { criminalArrivalsExportQuery, guestsExportQuery, overviewExportQuery } from "./params";

describe("export query parameters", () => {
  it("read the guests screen's state, with the screen's defaults", () => {
    expect(guestsExportQuery.parse({})).toEqual({ q: "", sort: "checkIn", direction: "asc", identification: "masked" });
    expect(
      guestsExportQuery.parse({
        propertyName: " Seaside Suites ",
        day: "2026-11-20",
        q: "smith",
        sort: "room",
        direction: "desc",
        columns: "email,room",
        identification: "full",
      }),
    ).toEqual({
      propertyName: "Seaside Suites",
      day: "2026-11-20",
      q: "smith",
      sort: "room",
      direction: "desc",
      columns: ["room", "email"],
      identification: "full",
    });
  });

  it("take an empty column list as no optional columns, and refuse unknown ones", () => {
    expect(guestsExportQuery.parse({ columns: "" }).columns).toEqual([]);
    expect(guestsExportQuery.safeParse({ columns: "room,name" }).success).toBe(false);
    expect(guestsExportQuery.safeParse({ columns: "room,<script>" }).success).toBe(false);
  });

  it("refuse what is not a choice on the screen", () => {
    expect(guestsExportQuery.safeParse({ sort: "identificationNumber" }).success).toBe(false);
    expect(guestsExportQuery.safeParse({ identification: "all" }).success).toBe(false);
    expect(guestsExportQuery.safeParse({ day: "2026-02-30" }).success).toBe(false);
    expect(criminalArrivalsExportQuery.safeParse({ order: "random" }).success).toBe(false);
    expect(overviewExportQuery.safeParse({ sort: "localAlert" }).success).toBe(false);
  });

  it("read the criminal-arrivals and overview choices", () => {
    expect(criminalArrivalsExportQuery.parse({ only: "not-acknowledged", order: "latest" })).toEqual({
      only: "not-acknowledged",
      order: "latest",
    });
    expect(overviewExportQuery.parse({ sort: "alertsPer100", direction: "descending" })).toEqual({
      sort: "alertsPer100",
      direction: "descending",
    });
  });
});

describe("export query parameters holding control characters", () => {
  it("are refused with the one code, whichever text parameter holds them", () => {
    const probes = [
      guestsExportQuery.safeParse({ propertyName: "Outback Rest\u0000" }),
      guestsExportQuery.safeParse({ q: "smith\u0000" }),
      guestsExportQuery.safeParse({ identification: "full", reason: "audit\uD800" }),
      guestsExportQuery.safeParse({ columns: "email,\u0085phone" }),
      criminalArrivalsExportQuery.safeParse({ propertyName: "Outback Rest\u001f" }),
    ];
    for (const result of probes) {
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ params: { code: MALFORMED_TEXT_CODE } });
    }
    expect(guestsExportQuery.parse({ propertyName: "Outback Rest 🏨", q: "Zoë" })).toMatchObject({
      propertyName: "Outback Rest 🏨",
      q: "Zoë",
    });
  });
});
