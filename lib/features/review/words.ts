import { createTranslator } from "use-intl/core";

import type { Messages, translatorFor } from "@/lib/core/catalogue";
import enReview from "@/lib/core/messages/en/review.json";

/**
 * The review namespace's words, as `getTranslations("review")`, `useTranslations("review")` or
 * `translatorFor(language, "review")` give them.
 */
export type ReviewWords = ReturnType<typeof translatorFor<"review">>;

/**
 * English where no person is asked: a CSV's cells, a refusal as the API and the command line word it,
 * a test. Made from the review namespace alone, so a browser bundle that says a list's words does not
 * carry the whole catalogue.
 */
export const ENGLISH_REVIEW: ReviewWords = createTranslator({
  locale: "en",
  messages: { review: enReview } as Messages,
  namespace: "review",
});
