import { createTranslator } from "use-intl/core";

import type { Messages, translatorFor } from "@/lib/core/catalogue";
import enPrivacy from "@/lib/core/messages/en/privacy.json";

/**
 * The privacy namespace's words, as `getTranslations("privacy")`, `useTranslations("privacy")` or
 * `translatorFor(language, "privacy")` give them.
 */
export type PrivacyWords = ReturnType<typeof translatorFor<"privacy">>;

/** English where no person is asked: a command, a test. Made from the privacy namespace alone. */
export const ENGLISH_PRIVACY: PrivacyWords = createTranslator({
  locale: "en",
  messages: { privacy: enPrivacy } as Messages,
  namespace: "privacy",
});
