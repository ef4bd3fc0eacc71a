import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";

import { closeRequestSchema, newRequestSchema, personOf, requestStepSchema } from "./schemas";

const base = { kind: "erasure", reference: "T-1", receivedOn: "2026-11-02" };

describe("the new request form", () => {
  it("takes a name and a date of birth, and hands the server only the person it names", () => {
    const parsed = newRequestSchema.parse({
      ...base,
      by: "name and date of birth",
      name: "  Maria Garcia ",
      dateOfBirth: "1990-04-01",
      documentNumber: "ignored",
    });
    expect(personOf(parsed)).toEqual({ by: "name and date of birth", name: "Maria Garcia", dateOfBirth: "1990-04-01" });
  });

  it("takes a document number alone", () => {
    const parsed = newRequestSchema.parse({ ...base, by: "document number", documentNumber: " X123-456 " });
    expect(personOf(parsed)).toEqual({ by: "document number", documentNumber: "X123-456" });
  });

  it("reads an empty reference as none", () => {
    const parsed = newRequestSchema.parse({ ...base, reference: " ", by: "document number", documentNumber: "A1" });
    expect(parsed.reference).toBeNull();
  });

  it("names each missing or malformed field, never echoing what was typed", () => {
    const result = newRequestSchema.safeParse({
      kind: "forget-me",
      receivedOn: "2026-02-30",
      by: "name and date of birth",
      name: "Maria",
      dateOfBirth: "01/04/1990",
    });
    expect(result.success).toBe(false);
    const issues = Object.fromEntries(result.error!.issues.map((issue) => [String(issue.path[0]), issue.message]));
    // Each refusal is the catalogue's key; the action says it in the person's language.
    expect(issues).toEqual({
      kind: "schema.chooseKind",
      receivedOn: "schema.realDate",
      name: "schema.fullName",
      dateOfBirth: "schema.birthFormat",
    });
    const english = translatorFor("en", "privacy");
    expect(
      [issues.kind, issues.receivedOn, issues.name, issues.dateOfBirth].map((key) => english(key as never)),
    ).toEqual([
      "Choose what the guest asks for.",
      "Enter a real calendar date.",
      "Enter the guest's first and last name.",
      "Enter the date of birth as YYYY-MM-DD.",
    ]);
    expect(JSON.stringify(result.error!.issues)).not.toContain("01/04/1990");
  });

  it("asks for the document number when finding by one", () => {
    const result = newRequestSchema.safeParse({ ...base, by: "document number", documentNumber: "  " });
    expect(result.error!.issues.map((issue) => issue.path[0])).toEqual(["documentNumber"]);
  });
});

describe("a request's steps", () => {
  it("need a request number and a reason", () => {
    expect(requestStepSchema.parse({ id: "7", reason: " asked in writing " })).toEqual({
      id: 7,
      reason: "asked in writing",
    });
    expect(requestStepSchema.safeParse({ id: "0", reason: "x" }).success).toBe(false);
    expect(requestStepSchema.safeParse({ id: 3, reason: "   " }).success).toBe(false);
  });

  it("close only as withdrawn or refused", () => {
    expect(closeRequestSchema.safeParse({ id: 1, reason: "x", state: "done" }).success).toBe(false);
    expect(closeRequestSchema.parse({ id: 1, reason: "x", state: "refused" }).state).toBe("refused");
  });
});
