import { getRequestConfig } from "next-intl/server";

import { messagesFor } from "@/lib/core/catalogue";

import { readRequestLocale } from "./server";

/**
 * next-intl's configuration for each request (next.config.mjs points its plugin here). The language
 * is the person's, not the address's: Daybook has no locale in its URLs. next-intl's own formatting
 * is not used (lib/core/format.ts is), so its zone is fixed to UTC, the same on server and browser.
 */
export default getRequestConfig(async () => {
  const { language } = await readRequestLocale();
  return { locale: language, messages: messagesFor(language), timeZone: "UTC" };
});
