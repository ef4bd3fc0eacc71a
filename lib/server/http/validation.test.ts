import { afterEach, describe, expect, it, vi } from "vitest";
import { z, ZodError } from "zod";

import { translatorFor } from "@/lib/core/catalogue";
import { dayQuerySchema, daySchema } from "@/lib/core/day-queries";
import { AppError } from "@/lib/core/errors";
import { textInput } from "@/lib/core/text-input";
import { sharedFieldRefusal, validationWords } from "@/lib/core/validation-words";
import { requestLanguage } from "@/lib/server/words";

import { failureOf } from "./failure";
import { inRequestWords, parseInput } from "./validation";

// Inside a request next-intl knows its language; outside one, asking throws.
const request = vi.hoisted(() => ({ language: null as "en" | "fr" | null }));
vi.mock("next-intl/server", () => ({
  getLocale: async () => {
    if (!request.language) throw new Error("not in a request");
    return request.language;
  },
}));

afterEach(() => {
  request.language = null;
});

const schema = z.object({
  name: z.string().min(3),
  role: z.enum(["viewer", "admin"]),
  note: z.string().max(5, "Keep the note short."),
});

const refusedWith = async (input: unknown) => {
  try {
    await parseInput(schema, input);
  } catch (error) {
    if (error instanceof ZodError) return error;
    throw error;
  }
  throw new Error("the input was accepted");
};

describe("zod's own messages", () => {
  it("are in the request's language, a schema's own message kept as written", async () => {
    request.language = "fr";
    expect(await requestLanguage()).toBe("fr");
    const parsed = schema.safeParse({ name: "Al", role: "owner", note: "far too long" }, await inRequestWords());
    expect(parsed.success).toBe(false);
    const messages = Object.fromEntries(parsed.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({
      name: "Trop petit : chaîne de caractères doit avoir >=3 caractères",
      role: 'Option invalide : une valeur parmi "viewer"|"admin" attendue',
      note: "Keep the note short.",
    });
  });

  it("are English outside a request, and for a request in English, as zod says them by default", async () => {
    const input = { name: "Al", role: "owner", note: "" };
    const byDefault = schema.safeParse(input).error!.issues.map((issue) => issue.message);
    expect(await requestLanguage()).toBe("en");
    expect((await refusedWith(input)).issues.map((issue) => issue.message)).toEqual(byDefault);
    request.language = "en";
    expect((await refusedWith(input)).issues.map((issue) => issue.message)).toEqual(byDefault);
    expect(byDefault[0]).toBe("Too small: expected string to have >=3 characters");
  });

  it("are given per parse, so that requests in two languages at once each get their own", async () => {
    const french = schema.safeParse({ name: "", role: "admin", note: "" }, { error: validationWords("fr") });
    const english = schema.safeParse({ name: "", role: "admin", note: "" }, { error: validationWords("en") });
    expect(french.error!.issues[0]!.message).toMatch(/^Trop petit/);
    expect(english.error!.issues[0]!.message).toMatch(/^Too small/);
    expect(schema.safeParse({ name: "", role: "admin", note: "" }).error!.issues[0]!.message).toMatch(/^Too small/);
  });
});

describe("a refused request's answer", () => {
  const french = translatorFor("fr", "errors");

  it("names the field with zod's message in the asker's language", async () => {
    request.language = "fr";
    const answer = failureOf(await refusedWith({ name: "Al", role: "admin", note: "" }), french);
    expect(answer).toEqual({
      status: 400,
      body: {
        error: {
          code: "invalid_request",
          message: "name : Trop petit : chaîne de caractères doit avoir >=3 caractères",
        },
      },
    });
  });

  it("says Daybook's own words for an unreadable day or control characters in the asker's language", () => {
    const day = dayQuerySchema.safeParse({ day: "2026-02-30" }).error!;
    expect(sharedFieldRefusal(day.issues[0]!)).toBe("invalidDay");
    expect(failureOf(day).body.error).toEqual({
      code: "invalid_day",
      message: "That is not a day Daybook can read; days are written YYYY-MM-DD.",
    });
    expect(failureOf(day, french).body.error).toEqual({
      code: "invalid_day",
      message: "Daybook ne peut pas lire ce jour ; les jours s’écrivent AAAA-MM-JJ.",
    });
    const listDay = z.object({ day: daySchema }).safeParse({ day: "tomorrow" }).error!;
    expect(failureOf(listDay, french).body.error.message).toBe(
      "day : Daybook ne peut pas lire ce jour ; les jours s’écrivent AAAA-MM-JJ.",
    );
    const text = z.object({ q: textInput() }).safeParse({ q: "a\u0000b" }).error!;
    expect(failureOf(text, french).body.error).toEqual({
      code: "malformed_text",
      message: translatorFor("fr", "errors")("refusal.malformedText"),
    });
    expect(failureOf(text).body.error.message).toBe(
      "This holds control characters or broken characters, which Daybook does not accept.",
    );
  });

  it("fills a refusal's values in, in English as the error keeps them and in the asker's language", () => {
    const refused = new AppError(422, "too_many_rows", "More than 100,000 entries match.", "tooManyRows", {
      limit: 100_000,
    });
    expect(failureOf(refused).body.error.message).toBe(refused.message);
    expect(failureOf(refused, french).body.error.message).toBe("Plus de 100\u202f000 entrées correspondent.");
  });
});
