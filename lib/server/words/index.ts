import "server-only";

import { getLocale } from "next-intl/server";

import { translatorFor, type Messages } from "@/lib/core/catalogue";
import { isLanguage, type Language } from "@/lib/core/locale";

/** A namespace's words, as `translatorFor` gives them (and `getTranslations` in a request). */
export type Words<N extends keyof Messages> = ReturnType<typeof translatorFor<N>>;

/**
 * The request's language (the person's, else the browser's: lib/features/preferences/request-config.ts);
 * English where there is no request to ask (a command, a test, the scheduler, the digest mail).
 */
export async function requestLanguage(): Promise<Language> {
  try {
    const locale = await getLocale();
    return isLanguage(locale) ? locale : "en";
  } catch {
    return "en";
  }
}

/**
 * A namespace's words in the request's language, for turning a failure into a message; in English
 * where there is no request to ask, so that a failure is always answered in words.
 */
export async function requestWords<N extends keyof Messages>(namespace: N): Promise<Words<N>> {
  return translatorFor(await requestLanguage(), namespace);
}
