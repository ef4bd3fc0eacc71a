import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";

import { policyChangeDetails, policyFormSchema, retentionText, SCHEMA_LIMITS, type PolicyFacts } from "./policies";

/** Each field's refusal, as the action says it in English (the schema words it as a catalogue key). */
const errorsOf = (input: unknown, language: "en" | "fr" = "en") => {
  const t = translatorFor(language, "privacy") as unknown as (key: string, values: object) => string;
  const parsed = policyFormSchema.safeParse(input);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], t(issue.message, SCHEMA_LIMITS)]));
};

describe("the policy form", () => {
  it("reads a form's fields: ticked kept fields, checkboxes, its own retention", () => {
    expect(
      policyFormSchema.parse({
        name: "  EU ",
        retention: "own",
        retentionDays: "30",
        "kept[]": ["document", "phone"],
        criminalDetails: "on",
      }),
    ).toEqual({
      id: undefined,
      name: "EU",
      retentionDays: 30,
      kept: { dateOfBirth: false, address: false, email: false, phone: true, document: true, offenseDetails: false },
      criminalDetails: true,
      legalHold: null,
    });
    // One ticked box arrives as a string; none at all as nothing.
    expect(policyFormSchema.parse({ name: "A", retentionDays: "1", "kept[]": "email" }).kept.email).toBe(true);
    expect(policyFormSchema.parse({ name: "A", retentionDays: "1" }).criminalDetails).toBe(false);
    expect(policyFormSchema.parse({ name: "Default", retention: "setting" }).retentionDays).toBeNull();
  });

  it("says what is wrong: name, retention in 1–3650 whole days, a legal hold without its reason", () => {
    expect(errorsOf({ name: " ", retentionDays: "30" })).toMatchObject({ name: "Give the policy a name." });
    expect(errorsOf({ name: "x".repeat(61), retentionDays: "30" })).toMatchObject({ name: "At most 60 characters." });
    for (const days of ["0", "3651", "2.5", "", "ten"])
      expect(errorsOf({ name: "EU", retentionDays: days })).toMatchObject({
        retentionDays: "A whole number of days from 1 to 3650.",
      });
    expect(errorsOf({ name: "EU", retentionDays: "3650", legalHold: "on" })).toHaveProperty("legalHoldReason");
    expect(
      errorsOf({ name: "EU", retentionDays: "1", legalHold: "on", legalHoldReason: "x".repeat(301) }),
    ).toMatchObject({
      legalHoldReason: "At most 300 characters.",
    });
    expect(errorsOf({ name: "EU", retentionDays: "0" }, "fr").retentionDays).toContain("3650");
    expect(errorsOf({ name: "EU", retentionDays: "0" }, "fr").retentionDays).not.toContain("whole number");
    expect(policyFormSchema.safeParse({ name: "EU", retentionDays: "30", "kept[]": ["nonsense"] }).success).toBe(false);
    expect(
      policyFormSchema.parse({ name: "ES", retentionDays: "1095", legalHold: "on", legalHoldReason: "Register" })
        .legalHold,
    ).toBe("Register");
  });
});

describe("a change in the audit log", () => {
  const eu: PolicyFacts = {
    name: "EU",
    ownRetentionDays: 30,
    retentionDays: 30,
    notKept: [],
    criminalDetails: true,
    legalHold: null,
  };

  it("lists each fact that changed, before and after, as flat words", () => {
    expect(policyChangeDetails(eu, { ...eu, notKept: ["Date of birth"], legalHold: "Register" })).toEqual({
      notKeptBefore: ["nothing: every field kept"],
      notKeptAfter: ["Date of birth"],
      legalHoldBefore: "none",
      legalHoldAfter: "Register",
    });
    expect(policyChangeDetails(null, eu)).toEqual({
      nameAfter: "EU",
      retentionAfter: "30 days",
      notKeptAfter: ["nothing: every field kept"],
      criminalDetailsAfter: true,
      legalHoldAfter: "none",
    });
    expect(policyChangeDetails(eu, eu)).toEqual({});
  });

  it("says when retention follows the setting", () => {
    expect(retentionText({ ownRetentionDays: null, retentionDays: 90 })).toBe("90 days (DAYBOOK_RETENTION_DAYS)");
    expect(retentionText({ ownRetentionDays: 1, retentionDays: 1 })).toBe("1 day");
  });
});
