import "server-only";

import { getTranslations } from "next-intl/server";

import type { ActionResult } from "@/lib/core/errors";

/** The namespaces whose forms' schemas word their refusals as catalogue keys. */
type Namespace = "account" | "privacy" | "review";

/** A translator asked with a key known only at run time: whether the catalogue holds it, and its words. */
interface AnyKeyWords {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}

/**
 * A form's schema is made once for everyone, so the refusals of the person's own fields are written
 * in it as catalogue keys ("schema.codeMissing"), and said here in the person's language, with the
 * limits they name (`values`). A message that is no key of the namespace passes as it is.
 */
export function inPersonsWords<A extends unknown[], T>(
  namespace: Namespace,
  action: (...args: A) => Promise<ActionResult<T>>,
  values: Record<string, string | number> = {},
): (...args: A) => Promise<ActionResult<T>> {
  return async (...args) => {
    const result = await action(...args);
    if (result.ok || !result.fieldErrors) return result;
    // Typed translators take only the keys they know; these keys come from a schema's messages.
    const t = (await getTranslations(namespace)) as unknown as AnyKeyWords;
    const say = (message: string) => (t.has(message) ? t(message, values) : message);
    return {
      ...result,
      fieldErrors: Object.fromEntries(Object.entries(result.fieldErrors).map(([field, text]) => [field, say(text)])),
    };
  };
}
