/**
 * The words and formats a sign-off record is drawn in: those of the person who prints or downloads
 * it. The record repeats words the screens already say (a gender, a scan source, a crime type, an
 * outcome), from the same parts of the catalogue, so the page, the file and the screens agree.
 */
import { createTranslator } from "use-intl/core";

import { messagesFor, translatorFor } from "@/lib/core/catalogue";
import { createFormatter, type Formatter } from "@/lib/core/format";
import { DEFAULT_LOCALE_CHOICE, type Language, type LocaleChoice } from "@/lib/core/locale";

export interface RecordVoice {
  language: Language;
  t: ReturnType<typeof translatorFor<"signOffRecord">>;
  review: ReturnType<typeof translatorFor<"review">>;
  guests: ReturnType<typeof translatorFor<"guests">>;
  criminal: ReturnType<typeof translatorFor<"criminalArrivals">>;
  format: Formatter;
}

/** A choice's voice; without one (a command, a test), Daybook's default. */
export function recordVoice(choice: LocaleChoice = DEFAULT_LOCALE_CHOICE): RecordVoice {
  return {
    language: choice.language,
    // translatorFor's own call, written out with `namespace:` where the catalogue's check looks for
    // the namespaces code asks for (scripts/catalogue-check.ts).
    t: createTranslator({
      locale: choice.language,
      messages: messagesFor(choice.language),
      namespace: "signOffRecord",
    }),
    review: translatorFor(choice.language, "review"),
    guests: translatorFor(choice.language, "guests"),
    criminal: translatorFor(choice.language, "criminalArrivals"),
    format: createFormatter(choice),
  };
}
