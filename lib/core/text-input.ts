/**
 * Text a person sends Daybook (a query parameter, a form field, a note) holds no control character
 * and no half of a UTF-16 surrogate pair. PostgreSQL refuses NUL in text (SQLSTATE 22021), so such a
 * value would fail as a store error, after the checks that audit a refusal; the rest are never typed
 * by a person either. Every text schema starts with one of these two, so such input is refused at
 * validation, with one code, before it reaches a store, a log line or the Partner API.
 */

import { z } from "zod";

/** The code of the refusal: routes answer 400 with it, and audited refusals are recognised by it. */
export const MALFORMED_TEXT_CODE = "malformed_text";

export const MALFORMED_TEXT_MESSAGE =
  "This holds control characters or broken characters, which Daybook does not accept.";

// C0 and C1 control characters (DEL included), and a surrogate outside a pair: with the `u` flag a
// well-formed pair (an emoji) is one character, never matched by \p{Cs}.
const ANY_CONTROL = /[\p{Cc}\p{Cs}]/u;
// A note may run over several lines: tab, line feed and carriage return stay allowed there.
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\p{Cs}]/u;

/** Whether `value` is text Daybook accepts: one line, or with `multiline` also tabs and line breaks. */
export function isCleanText(value: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  return !(multiline ? CONTROL_BUT_LINE_BREAKS : ANY_CONTROL).test(value);
}

type StringParams = Parameters<typeof z.string>[0];

function cleanText(multiline: boolean, params?: StringParams) {
  return z.string(params).refine((value) => isCleanText(value, { multiline }), {
    message: MALFORMED_TEXT_MESSAGE,
    params: { code: MALFORMED_TEXT_CODE },
    // Checked first and alone: a malformed value is not trimmed, measured or matched any further.
    abort: true,
  });
}

/** A one-line text input (a name, a property, a search, a query parameter); chain trim, min, max after it. */
export function textInput(params?: StringParams) {
  return cleanText(false, params);
}

/** A note or a reason typed in a text area: tabs and line breaks are kept, other controls refused. */
export function multilineTextInput(params?: StringParams) {
  return cleanText(true, params);
}

/** Whether a validation issue is this refusal. */
export function isMalformedTextIssue(issue: z.core.$ZodIssue): boolean {
  return issue.code === "custom" && (issue.params as { code?: unknown } | undefined)?.code === MALFORMED_TEXT_CODE;
}

/** The fields (paths) a failed validation refused as malformed text; empty when it refused none. */
export function malformedTextFields(error: z.ZodError): string[] {
  return [...new Set(error.issues.filter(isMalformedTextIssue).map((issue) => issue.path.join(".") || "input"))];
}
