import "server-only";

import { getTranslations } from "next-intl/server";

import { translatorFor } from "@/lib/core/catalogue";
import type { ErrorWords } from "@/lib/core/format";

/**
 * The failure words in the request's language; in English where there is no request to ask (a
 * command, a test, the scheduler), so that a failure is always answered in words.
 */
export async function errorWords(): Promise<ErrorWords> {
  try {
    return await getTranslations("errors");
  } catch {
    return translatorFor("en", "errors");
  }
}
