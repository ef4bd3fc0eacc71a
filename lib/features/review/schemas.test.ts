import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";
import { isMalformedTextIssue } from "@/lib/core/text-input";

import {
  OUTCOME_REQUIRED,
  recordOutcomeInput,
  reviewItemInput,
  reviewListInput,
  SCHEMA_LIMITS,
  signOffInput,
  undoReviewInput,
  undoSignOffInput,
} from "./schemas";

const DAY = "2026-11-24";
const ITEM_KEY = "a".repeat(64);

/** The fields a schema refused as malformed text. */
const malformed = (result: { success: boolean; error?: { issues: Parameters<typeof isMalformedTextIssue>[0][] } }) =>
  (result.error?.issues ?? []).filter(isMalformedTextIssue).map((issue) => issue.path.join("."));

describe("the review inputs", () => {
  it("refuse a property name holding NUL, a C1 control, a line break or half a surrogate pair", () => {
    for (const propertyName of ["Outback Rest\u0000", "Outback Rest\u0085", "Outback\nRest", "Outback Rest\uDE00"]) {
      expect(malformed(signOffInput.safeParse({ propertyName, day: DAY })), JSON.stringify(propertyName)).toEqual([
        "propertyName",
      ]);
      expect(
        malformed(reviewItemInput.safeParse({ propertyName, day: DAY, itemKey: ITEM_KEY, outcome: "confirmed" })),
      ).toEqual(["propertyName"]);
    }
  });

  it("keep a note's or a reason's tabs and line breaks, and refuse its other controls", () => {
    const propertyName = "Outback Rest 🏨";
    expect(signOffInput.parse({ propertyName, day: DAY, note: "Checked.\r\n\tAll of them." }).note).toBe(
      "Checked.\r\n\tAll of them.",
    );
    expect(malformed(signOffInput.safeParse({ propertyName, day: DAY, note: "Checked\u0000" }))).toEqual(["note"]);
    expect(
      malformed(
        reviewItemInput.safeParse({
          propertyName,
          day: DAY,
          itemKey: ITEM_KEY,
          outcome: "outdated",
          note: "a\u001b[31m",
        }),
      ),
    ).toEqual(["note"]);
    expect(
      malformed(undoReviewInput.safeParse({ propertyName, day: DAY, itemKey: ITEM_KEY, reason: "\uD83D wrong" })),
    ).toEqual(["reason"]);
    expect(malformed(undoSignOffInput.safeParse({ propertyName, day: DAY, reason: "Reopened\u007f" }))).toEqual([
      "reason",
    ]);
    expect(undoSignOffInput.parse({ propertyName, day: DAY, reason: "Two\nlines 😀" }).reason).toBe("Two\nlines 😀");
  });

  it("ask for an outcome on every review, one pass and recorded outcome, and refuse a missing or unknown one in words", () => {
    const item = { propertyName: "Riverside", day: DAY, itemKey: ITEM_KEY };
    const list = { propertyName: "Riverside", day: DAY };
    for (const [schema, base] of [
      [reviewItemInput, item],
      [recordOutcomeInput, item],
      [reviewListInput, list],
    ] as const) {
      for (const outcome of [undefined, null, "", "maybe", "Confirmed", 1]) {
        const issues = schema.safeParse({ ...base, outcome }).error?.issues ?? [];
        expect(
          issues.map((issue) => [issue.path.join("."), issue.message]),
          JSON.stringify(outcome),
        ).toEqual([["outcome", OUTCOME_REQUIRED]]);
      }
      for (const outcome of ["confirmed", "false_match", "outdated", "unverified"])
        expect(schema.parse({ ...base, outcome })).toMatchObject({ outcome, policeContacted: false });
      expect(schema.parse({ ...base, outcome: "confirmed", policeContacted: true }).policeContacted).toBe(true);
      expect(schema.safeParse({ ...base, outcome: "confirmed", policeContacted: "yes" }).success).toBe(false);
    }
    // The schema words it as the catalogue's key; the action says it in the person's language.
    expect(OUTCOME_REQUIRED).toBe("schema.outcomeRequired");
    expect(translatorFor("en", "review")("schema.outcomeRequired")).toBe(
      "Choose the outcome of the check: same person, not the same person, record outdated or could not verify.",
    );
    expect(translatorFor("fr", "review")("schema.outcomeRequired")).toMatch(/^Choisissez /);
  });

  it("word a note that is too long with the limit, in the person's formats", () => {
    const note = "x".repeat(1_001);
    const issues = signOffInput.safeParse({ propertyName: "Riverside", day: DAY, note }).error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual(["schema.noteTooLong"]);
    expect(translatorFor("en", "review")("schema.noteTooLong", SCHEMA_LIMITS)).toBe(
      "A note can have at most 1,000 characters.",
    );
  });
});
