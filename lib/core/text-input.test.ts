import { describe, expect, it } from "vitest";
import { z } from "zod";

import {
  isCleanText,
  isMalformedTextIssue,
  MALFORMED_TEXT_CODE,
  MALFORMED_TEXT_MESSAGE,
  malformedTextFields,
  multilineTextInput,
  textInput,
} from "./text-input";

const LONE_HIGH = "\uD83D";
const LONE_LOW = "\uDE00";

describe("one line of text", () => {
  it("accepts letters of any script, punctuation, spaces and emoji written as a pair", () => {
    for (const value of ["Outback Rest", "Riverside & Co. Hotel", "Zoë Ångström", "東京ホテル", "Harbour 😀 View", ""])
      expect(isCleanText(value), value).toBe(true);
  });

  it("refuses NUL, every other C0 control, DEL and the C1 controls", () => {
    for (const code of [0x00, 0x01, 0x09, 0x0a, 0x0d, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9f])
      expect(isCleanText(`Outback Rest${String.fromCharCode(code)}`), code.toString(16)).toBe(false);
  });

  it("refuses a surrogate outside a pair, high or low, or a pair in the wrong order", () => {
    expect(isCleanText(`Outback${LONE_HIGH}`)).toBe(false);
    expect(isCleanText(`${LONE_LOW}Outback`)).toBe(false);
    expect(isCleanText(`${LONE_LOW}${LONE_HIGH}`)).toBe(false);
    expect(isCleanText(`${LONE_HIGH}${LONE_LOW}`)).toBe(true);
  });
});

describe("a note over several lines", () => {
  it("keeps tabs and line breaks", () => {
    expect(isCleanText("Checked the ID.\r\n\tCalled the manager.", { multiline: true })).toBe(true);
  });

  it("still refuses NUL, the other controls and lone surrogates", () => {
    for (const value of ["a\u0000b", "a\u000bb", "a\u000cb", "a\u007fb", "a\u0085b", `a${LONE_HIGH}`, `${LONE_LOW}a`])
      expect(isCleanText(value, { multiline: true }), JSON.stringify(value)).toBe(false);
  });
});

describe("the schemas", () => {
  const form = z.object({
    property: textInput().trim().min(1, "Give a property.").max(200),
    note: multilineTextInput().trim().max(20).optional(),
  });

  it("pass clean text on to the checks after them", () => {
    expect(form.parse({ property: "  Outback Rest 🏨 ", note: "two\nlines" })).toEqual({
      property: "Outback Rest 🏨",
      note: "two\nlines",
    });
    expect(form.safeParse({ property: "   " }).error?.issues[0]?.message).toBe("Give a property.");
  });

  it("refuse malformed text alone, with the one code, naming the field and never the value", () => {
    const result = form.safeParse({ property: `Outback Rest\u0000${"x".repeat(300)}`, note: `a${LONE_HIGH}` });
    expect(result.success).toBe(false);
    const issues = result.error!.issues;
    // Neither trimmed nor measured further: one issue a field.
    expect(issues).toHaveLength(2);
    expect(issues.every(isMalformedTextIssue)).toBe(true);
    expect(issues[0]).toMatchObject({ message: MALFORMED_TEXT_MESSAGE, params: { code: MALFORMED_TEXT_CODE } });
    expect(malformedTextFields(result.error!)).toEqual(["property", "note"]);
    expect(JSON.stringify(issues)).not.toContain("Outback");
  });

  it("tell a malformed refusal from any other", () => {
    const result = form.safeParse({ property: "" });
    expect(result.error!.issues.some(isMalformedTextIssue)).toBe(false);
    expect(malformedTextFields(result.error!)).toEqual([]);
  });

  it("keep the type's own message for a value that is not text", () => {
    expect(textInput("Choose an hour.").safeParse(7).error?.issues[0]?.message).toBe("Choose an hour.");
  });
});
