/**
 * How an e-mail speaks to the person it is for: in their language, with their formats (Settings →
 * Language and formats), whoever or whatever runs the mail. Mail is written outside any request
 * (the scheduler, `npm run digest`), so it reads the recipient's stored choice rather than a
 * browser's; a person who never chose gets Daybook's default.
 */
import { translatorFor } from "@/lib/core/catalogue";
import { createFormatter, type Formatter } from "@/lib/core/format";
import { DEFAULT_LOCALE_CHOICE, type Language, type LocaleChoice } from "@/lib/core/locale";

export type MailWords = ReturnType<typeof translatorFor<"mail">>;
export type OverviewWords = ReturnType<typeof translatorFor<"overview">>;

export interface MailVoice {
  language: Language;
  /** The `mail` catalogue in the recipient's language. */
  t: MailWords;
  /** The Overview's words, which the digest repeats figure for figure. */
  overview: OverviewWords;
  format: Formatter;
}

/** The voice of a stored choice; null (never chosen) is Daybook's default. */
export function voiceOf(choice: LocaleChoice | null | undefined): MailVoice {
  const chosen = choice ?? DEFAULT_LOCALE_CHOICE;
  return {
    language: chosen.language,
    t: translatorFor(chosen.language, "mail"),
    overview: translatorFor(chosen.language, "overview"),
    format: createFormatter(chosen),
  };
}
