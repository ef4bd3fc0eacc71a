import "server-only";

import { getTranslations } from "next-intl/server";

import { translatorFor, type Messages } from "@/lib/core/catalogue";

/** A namespace's words, as `translatorFor` gives them (and `getTranslations` in a request). */
export type Words<N extends keyof Messages> = ReturnType<typeof translatorFor<N>>;

/**
 * A namespace's words in the request's language, for turning a failure into a message; in English
 * where there is no request to ask (a command, a test, the scheduler, the digest mail), so that a
 * failure is always answered in words.
 */
export async function requestWords<N extends keyof Messages>(namespace: N): Promise<Words<N>> {
  try {
    return await getTranslations(namespace);
  } catch {
    return translatorFor("en", namespace);
  }
}
