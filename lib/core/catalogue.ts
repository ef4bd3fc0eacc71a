import { _createCache, _createIntlFormatters, createTranslator } from "use-intl/core";

import type { Language } from "./locale";
import enAccount from "./messages/en/account.json";
import enAdmin from "./messages/en/admin.json";
import enCharts from "./messages/en/charts.json";
import enCommon from "./messages/en/common.json";
import enCriminalArrivals from "./messages/en/criminalArrivals.json";
import enErrors from "./messages/en/errors.json";
import enGuests from "./messages/en/guests.json";
import enInsights from "./messages/en/insights.json";
import enInvestigations from "./messages/en/investigations.json";
import enMail from "./messages/en/mail.json";
import enOverview from "./messages/en/overview.json";
import enPrivacy from "./messages/en/privacy.json";
import enProperties from "./messages/en/properties.json";
import enReports from "./messages/en/reports.json";
import enReview from "./messages/en/review.json";
import enSettings from "./messages/en/settings.json";
import enSignOffRecord from "./messages/en/signOffRecord.json";
import enStatus from "./messages/en/status.json";
import enSync from "./messages/en/sync.json";
import enUi from "./messages/en/ui.json";
import frAccount from "./messages/fr/account.json";
import frAdmin from "./messages/fr/admin.json";
import frCharts from "./messages/fr/charts.json";
import frCommon from "./messages/fr/common.json";
import frCriminalArrivals from "./messages/fr/criminalArrivals.json";
import frErrors from "./messages/fr/errors.json";
import frGuests from "./messages/fr/guests.json";
import frInsights from "./messages/fr/insights.json";
import frInvestigations from "./messages/fr/investigations.json";
import frMail from "./messages/fr/mail.json";
import frOverview from "./messages/fr/overview.json";
import frPrivacy from "./messages/fr/privacy.json";
import frProperties from "./messages/fr/properties.json";
import frReports from "./messages/fr/reports.json";
import frReview from "./messages/fr/review.json";
import frSettings from "./messages/fr/settings.json";
import frSignOffRecord from "./messages/fr/signOffRecord.json";
import frStatus from "./messages/fr/status.json";
import frSync from "./messages/fr/sync.json";
import frUi from "./messages/fr/ui.json";

/**
 * The message catalogue: every word Daybook shows, by language and namespace (lib/core/messages/
 * <language>/<namespace>.json, in ICU message syntax for plurals and values). One file per namespace
 * keeps each screen's words together; scripts/catalogue-check.ts checks that both languages have the
 * same keys, that each key is used and that each message parses.
 */
export const CATALOGUE = {
  en: {
    account: enAccount,
    admin: enAdmin,
    charts: enCharts,
    common: enCommon,
    criminalArrivals: enCriminalArrivals,
    errors: enErrors,
    guests: enGuests,
    insights: enInsights,
    investigations: enInvestigations,
    mail: enMail,
    overview: enOverview,
    privacy: enPrivacy,
    properties: enProperties,
    reports: enReports,
    review: enReview,
    settings: enSettings,
    signOffRecord: enSignOffRecord,
    status: enStatus,
    sync: enSync,
    ui: enUi,
  },
  fr: {
    account: frAccount,
    admin: frAdmin,
    charts: frCharts,
    common: frCommon,
    criminalArrivals: frCriminalArrivals,
    errors: frErrors,
    guests: frGuests,
    insights: frInsights,
    investigations: frInvestigations,
    mail: frMail,
    overview: frOverview,
    privacy: frPrivacy,
    properties: frProperties,
    reports: frReports,
    review: frReview,
    settings: frSettings,
    signOffRecord: frSignOffRecord,
    status: frStatus,
    sync: frSync,
    ui: frUi,
  },
} satisfies Record<Language, Record<string, unknown>>;

export type Messages = (typeof CATALOGUE)["en"];

export function messagesFor(language: Language): Messages {
  return CATALOGUE[language];
}

/** Each language's parsed messages and formatters, kept: a digest or a CSV translates thousands of times. */
const caches = new Map<
  Language,
  { cache: ReturnType<typeof _createCache>; formatters: ReturnType<typeof _createIntlFormatters> }
>();
function cachesFor(language: Language) {
  let kept = caches.get(language);
  if (!kept) {
    const cache = _createCache();
    kept = { cache, formatters: _createIntlFormatters(cache) };
    caches.set(language, kept);
  }
  return kept;
}

/**
 * A translator for a language outside a request (mail written for each recipient, a command): the
 * same catalogue and message syntax as next-intl's `getTranslations`.
 */
export function translatorFor<N extends keyof Messages>(language: Language, namespace: N) {
  const { cache, formatters } = cachesFor(language);
  return createTranslator({
    locale: language,
    messages: messagesFor(language) as Messages,
    namespace,
    _cache: cache,
    _formatters: formatters,
  });
}
