import { describe, expect, it } from "vitest";

import { ALL_FIELDS_KEPT, type PolicySet } from "@/lib/core/privacy";
import type { ReportOf } from "@/lib/features/history/store";

import { keptAnswer } from "./answer";

const SET: PolicySet = {
  policies: [
    {
      id: "d",
      name: "Default",
      isDefault: true,
      retentionDays: 90,
      kept: ALL_FIELDS_KEPT,
      criminalDetails: true,
      legalHold: null,
    },
    {
      id: "eu",
      name: "EU",
      isDefault: false,
      retentionDays: 30,
      kept: { ...ALL_FIELDS_KEPT, dateOfBirth: false },
      criminalDetails: false,
      legalHold: null,
    },
  ],
  assignments: [{ propertyName: "Dublin", policyId: "eu" }],
};

describe("the API's own answer, served without being stored", () => {
  it("loses the fields and criminal arrivals its properties' policies do not keep, as the store does", () => {
    const guests = {
      reportedDateLocal: "2026-11-22",
      totalCount: 2,
      items: [
        { propertyName: "Dublin", firstName: "A", dateOfBirth: "1990-01-01T00:00:00" },
        { propertyName: "Boston", firstName: "B", dateOfBirth: "1991-01-01T00:00:00" },
      ],
    } as unknown as ReportOf<"guests">;
    const kept = keptAnswer("guests", guests, SET);
    expect(kept.items[0]).toEqual({
      propertyName: "Dublin",
      firstName: "A",
      notKept: { policy: "EU", fields: ["dateOfBirth"] },
    });
    expect(kept.items[1]).toBe(guests.items[1]);
    // An arrival already kept under its policy is served as it is; nothing left out, the same report.
    expect(keptAnswer("guests", kept, SET).items[0]).toBe(kept.items[0]);
    const keepAll = { policies: [SET.policies[0]!], assignments: [] };
    expect(keptAnswer("guests", guests, keepAll)).toBe(guests);

    const criminal = {
      reportedDateLocal: "2026-11-22",
      totalCount: 2,
      items: [
        { propertyName: "Dublin", firstName: "A", offenseDescriptions: ["x"] },
        { propertyName: "Boston", firstName: "B", offenseDescriptions: ["y"] },
      ],
    } as unknown as ReportOf<"criminal-arrivals">;
    const criminalKept = keptAnswer("criminal-arrivals", criminal, SET);
    expect(criminalKept.items.map((item) => item.propertyName)).toEqual(["Boston"]);
    expect(criminalKept.totalCount).toBe(1);
  });
});
