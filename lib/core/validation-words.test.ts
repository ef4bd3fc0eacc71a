import { describe, expect, it } from "vitest";
import { z } from "zod";

import { daySchema } from "./day-queries";
import { textInput } from "./text-input";
import { sharedFieldRefusal, validationWords } from "./validation-words";

const schema = z.object({
  note: z.string().max(5),
  kind: z.enum(["digest", "alert"]),
  own: z.string().min(1, "Say it."),
});
const input = { note: "far too long", kind: "weekly", own: "" };
const messages = (parsed: z.ZodSafeParseResult<unknown>) => parsed.error!.issues.map((issue) => issue.message);

describe("zod's own messages for one parse", () => {
  it("are French for a French parse, a schema's own message kept", () => {
    expect(messages(schema.safeParse(input, { error: validationWords("fr") }))).toEqual([
      "Trop grand : chaîne de caractères doit avoir <=5 caractères",
      'Option invalide : une valeur parmi "digest"|"alert" attendue',
      "Say it.",
    ]);
  });

  it("are zod's own English for an English parse, as without any", () => {
    expect(messages(schema.safeParse(input, { error: validationWords("en") }))).toEqual(
      messages(schema.safeParse(input)),
    );
    expect(messages(schema.safeParse(input))[0]).toBe("Too big: expected string to have <=5 characters");
  });
});

describe("Daybook's words every field shares", () => {
  it("are known by their issue, whatever language the parse was in", () => {
    const day = z.object({ day: daySchema }).safeParse({ day: "2026-13-01" }, { error: validationWords("fr") });
    expect(sharedFieldRefusal(day.error!.issues[0]!)).toBe("invalidDay");
    const text = z.object({ q: textInput() }).safeParse({ q: "\u0007" }, { error: validationWords("fr") });
    expect(sharedFieldRefusal(text.error!.issues[0]!)).toBe("malformedText");
    expect(sharedFieldRefusal(schema.safeParse(input).error!.issues[0]!)).toBeUndefined();
  });
});
