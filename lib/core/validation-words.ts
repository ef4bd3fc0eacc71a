/**
 * zod's own messages (a value of the wrong type, a text too short, an option not offered) in a
 * person's language, for one parse: `schema.safeParse(input, { error: validationWords(language) })`.
 * Given per parse, never through zod's global configuration: requests in different languages run at
 * the same time. A message Daybook gives a field itself (`{ message }` or `{ error }` on the schema,
 * a refinement's words) comes first and is kept as written. Pure and isomorphic.
 */

import type { z } from "zod";
import { en, fr } from "zod/locales";

import { INVALID_DAY_MESSAGE } from "./days";
import type { RefusalKey } from "./errors";
import type { Language } from "./locale";
import { isMalformedTextIssue } from "./text-input";

const LOCALES: Record<Language, () => { localeError: z.core.$ZodErrorMap }> = { en, fr };

const made = new Map<Language, z.core.$ZodErrorMap>();

/** The error map that words zod's own messages in `language`; English is zod's own default. */
export function validationWords(language: Language): z.core.$ZodErrorMap {
  let map = made.get(language);
  if (!map) {
    map = LOCALES[language]().localeError;
    made.set(language, map);
  }
  return map;
}

/**
 * The refusal (under the `errors` namespace's `refusal`) of an issue whose message Daybook writes the
 * same for every field, in English on the schema: a day it cannot read, text with control
 * characters. Undefined for any other issue, whose message stays as the parse worded it.
 */
export function sharedFieldRefusal(
  issue: z.core.$ZodIssue,
): Extract<RefusalKey, "invalidDay" | "malformedText"> | undefined {
  if (isMalformedTextIssue(issue)) return "malformedText";
  if (issue.message === INVALID_DAY_MESSAGE) return "invalidDay";
  return undefined;
}
