/**
 * A person's language and formatting habits. Language picks the words (the message catalogue);
 * the region format, the clock and the first day of the week pick how dates, times and numbers
 * read. They are separate on purpose: an English-speaking director in Zürich still writes
 * "26.11.2026, 14:30".
 */

export const LANGUAGES = ["en", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Region formats offered: the group's own places first, then the usual neighbours. */
export const REGION_FORMATS = ["en-US", "en-CA", "en-GB", "fr-CA", "fr-FR", "fr-CH", "de-CH", "ja-JP"] as const;
export type RegionFormat = (typeof REGION_FORMATS)[number];

export const HOUR_CYCLES = ["h12", "h23"] as const;
export type HourCycle = (typeof HOUR_CYCLES)[number];

/** ISO weekday numbers, as Intl.Locale's week information gives them: 1 Monday … 7 Sunday. */
export const WEEK_STARTS = [1, 6, 7] as const;
export type WeekStart = (typeof WEEK_STARTS)[number];

export interface LocaleChoice {
  language: Language;
  region: RegionFormat;
  hourCycle: HourCycle;
  weekStart: WeekStart;
  /** The person's own zone, for Daybook's own events; absent where they never chose one (UTC). */
  timeZone?: string;
}

/** How a formatter reads: the part of a choice dates and numbers need. */
export interface Habits {
  region: RegionFormat;
  hourCycle: HourCycle;
  weekStart: WeekStart;
  /**
   * The zone Daybook's own events (the audit log, mail sent, pulls) are drawn in; UTC when absent.
   * Times of a property's day never use it: they stay in the property's zone.
   */
  timeZone?: string;
}

export const DEFAULT_LOCALE_CHOICE: LocaleChoice = {
  language: "en",
  region: "en-US",
  hourCycle: "h12",
  weekStart: 7,
};

/** The user_preferences key the choice is stored under. */
export const LOCALE_PREFERENCE = "locale";

const DEFAULT_REGION: Record<Language, RegionFormat> = { en: "en-US", fr: "fr-CA" };

function isOneOf<T extends string | number>(list: readonly T[], value: unknown): value is T {
  return (list as readonly unknown[]).includes(value);
}

/** The clock a region writes by default. */
export function regionHourCycle(region: string): HourCycle {
  const cycle = new Intl.DateTimeFormat(region, { hour: "numeric" }).resolvedOptions().hourCycle;
  return cycle === "h11" || cycle === "h12" ? "h12" : "h23";
}

/** The first day of a region's week (Intl.Locale's `weekInfo`, or `getWeekInfo()` where it is a method). */
export function regionWeekStart(region: string): WeekStart {
  const locale = new Intl.Locale(region) as Intl.Locale & {
    weekInfo?: { firstDay: number };
    getWeekInfo?: () => { firstDay: number };
  };
  const firstDay = locale.getWeekInfo?.().firstDay ?? locale.weekInfo?.firstDay;
  return isOneOf(WEEK_STARTS, firstDay) ? firstDay : region.endsWith("-US") || region.endsWith("-CA") ? 7 : 1;
}

/** A whole choice from a region: its language where Daybook speaks it, its clock and its week. */
export function choiceForRegion(region: RegionFormat, language?: Language): LocaleChoice {
  const own = region.slice(0, 2);
  return {
    language: language ?? (isOneOf(LANGUAGES, own) ? own : "en"),
    region,
    hourCycle: regionHourCycle(region),
    weekStart: regionWeekStart(region),
  };
}

/**
 * What a browser's Accept-Language asks for, in its order of preference: the first language Daybook
 * speaks, with the first region format offered in that language (or the language's usual one).
 */
export function choiceFromAcceptLanguage(header: string | null | undefined): LocaleChoice {
  const tags = (header ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((entry) => entry.tag);
  const language = tags.map((tag) => tag.slice(0, 2).toLowerCase()).find((code) => isOneOf(LANGUAGES, code));
  if (!language) return DEFAULT_LOCALE_CHOICE;
  const region =
    tags.map(canonicalRegion).find((tag): tag is RegionFormat => !!tag && tag.startsWith(language)) ??
    DEFAULT_REGION[language];
  return choiceForRegion(region, language);
}

function canonicalRegion(tag: string): RegionFormat | undefined {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return isOneOf(REGION_FORMATS, canonical) ? canonical : undefined;
  } catch {
    return undefined;
  }
}

/** The zone of Daybook's own events for a person who never chose one: what everyone saw before. */
export const DEFAULT_TIME_ZONE = "UTC";

let zoneIndex: Map<string, string> | undefined;
/** Every zone the runtime knows, by its lower-case name, plus UTC (which it may not list). */
function zonesByName(): Map<string, string> {
  zoneIndex ??= new Map(
    [DEFAULT_TIME_ZONE, ...Intl.supportedValuesOf("timeZone")].map((zone) => [zone.toLowerCase(), zone]),
  );
  return zoneIndex;
}

/** The zones a person may choose: UTC first, then every IANA zone the runtime knows, as it spells them. */
export function timeZoneChoices(): string[] {
  return [...new Set(zonesByName().values())];
}

/**
 * A zone as Daybook stores it, or null where the runtime does not know it: typed in any case
 * ("europe/zurich"), or under another name the runtime still resolves (a browser may say
 * "Asia/Kolkata" where this runtime lists "Asia/Calcutta"; "Etc/UTC" is UTC).
 */
export function canonicalTimeZone(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const typed = value.trim();
  if (typed === "" || typed.length > 64) return null;
  const zones = zonesByName();
  const listed = zones.get(typed.toLowerCase());
  if (listed) return listed;
  try {
    const resolved = new Intl.DateTimeFormat("en-US", { timeZone: typed }).resolvedOptions().timeZone;
    return zones.get(resolved.toLowerCase()) ?? null;
  } catch {
    return null;
  }
}

/** A stored choice, read defensively: each unknown part falls back to its default. */
export function parseLocaleChoice(value: unknown): LocaleChoice | null {
  if (!value || typeof value !== "object") return null;
  const stored = value as Record<string, unknown>;
  if (!isOneOf(LANGUAGES, stored.language)) return null;
  const base = choiceForRegion(
    isOneOf(REGION_FORMATS, stored.region) ? stored.region : DEFAULT_REGION[stored.language],
  );
  const choice: LocaleChoice = {
    language: stored.language,
    region: base.region,
    hourCycle: isOneOf(HOUR_CYCLES, stored.hourCycle) ? stored.hourCycle : base.hourCycle,
    weekStart: isOneOf(WEEK_STARTS, stored.weekStart) ? stored.weekStart : base.weekStart,
  };
  // A zone the runtime no longer knows is dropped: the person's events read in UTC until they choose again.
  const timeZone = canonicalTimeZone(stored.timeZone);
  return timeZone ? { ...choice, timeZone } : choice;
}

export function isLanguage(value: unknown): value is Language {
  return isOneOf(LANGUAGES, value);
}
