import "server-only";

import { headers } from "next/headers";
import { cache } from "react";

import { createFormatter, type Formatter } from "@/lib/core/format";
import {
  choiceFromAcceptLanguage,
  DEFAULT_TIME_ZONE,
  LOCALE_PREFERENCE,
  parseLocaleChoice,
  type LocaleChoice,
} from "@/lib/core/locale";
import { recordAudit } from "@/lib/server/audit/record";
import { auditContext } from "@/lib/server/audit/request";
import { getDb } from "@/lib/server/db";
import { logFailure } from "@/lib/server/log";

import { readPreference, readPreferenceOfEveryone, writePreference } from "./repository";
import { DEFAULT_THEME, parseStoredTheme, storedTheme, THEME_PREFERENCE, type Theme } from "./theme";

/** A person's stored value under a key (null: never chosen), for the feature that owns the key. */
export async function readUserPreference(userId: string, key: string): Promise<unknown> {
  return readPreference(await getDb(), userId, key);
}

/** Everyone's stored value under a key, by person id. */
export async function readEveryonesPreference(key: string): Promise<Map<string, unknown>> {
  return readPreferenceOfEveryone(await getDb(), key);
}

export async function writeUserPreference(userId: string, key: string, value: unknown): Promise<void> {
  await writePreference(await getDb(), userId, key, value);
}

/**
 * The theme a page is drawn in: the person's choice, or the system's for a signed-out page. Once per
 * request (the root layout and the header both ask). A database that cannot answer gives the
 * default rather than no page at all.
 */
export const readTheme = cache(async (userId: string | null): Promise<Theme> => {
  if (userId === null) return DEFAULT_THEME;
  try {
    return parseStoredTheme(await readUserPreference(userId, THEME_PREFERENCE));
  } catch (error) {
    logFailure("preferences: reading the theme", error);
    return DEFAULT_THEME;
  }
});

export async function writeTheme(userId: string, theme: Theme): Promise<void> {
  await writeUserPreference(userId, THEME_PREFERENCE, storedTheme(theme));
}

/** A person's stored language and formats, or null where they never chose (nor signed in since). */
export async function readStoredLocale(userId: string): Promise<LocaleChoice | null> {
  return parseLocaleChoice(await readUserPreference(userId, LOCALE_PREFERENCE));
}

/** Everyone's stored language and formats, by person id (for mail written for everyone). */
export async function readEveryonesLocale(): Promise<Map<string, LocaleChoice>> {
  const stored = await readEveryonesPreference(LOCALE_PREFERENCE);
  const choices = new Map<string, LocaleChoice>();
  for (const [userId, value] of stored) {
    const choice = parseLocaleChoice(value);
    if (choice) choices.set(userId, choice);
  }
  return choices;
}

export async function writeLocale(userId: string, choice: LocaleChoice): Promise<void> {
  await writeUserPreference(userId, LOCALE_PREFERENCE, choice);
}

/**
 * The person's own change of language and formats, from Settings: stored, and audited as "Changed
 * their language and formats" with what it was and what it is (the zone decides which times every
 * screen shows them); saving the same choice again changes and records nothing.
 */
export async function changeLocale(viewer: { id: string; email: string }, next: LocaleChoice): Promise<void> {
  const before = await readStoredLocale(viewer.id);
  // Saved again unchanged: nothing happened worth a line in the audit log.
  if (before && JSON.stringify(localeSummary(before)) === JSON.stringify(localeSummary(next))) return;
  await writeLocale(viewer.id, next);
  await recordAudit(await getDb(), {
    action: "preferences.locale",
    ...(await auditContext(viewer)),
    target: viewer.email,
    details: { before: before ? localeSummary(before) : null, after: localeSummary(next) },
  });
}

function localeSummary({ language, region, hourCycle, weekStart, timeZone }: LocaleChoice) {
  return { language, region, hourCycle, weekStart, timeZone: timeZone ?? DEFAULT_TIME_ZONE };
}

/**
 * The language and formats this request is drawn in, once per request: the signed-in person's choice,
 * else what the browser asks for. A person who never chose gets their browser's, stored on their
 * first signed-in page so that mail written for them later speaks the same language.
 */
export const readRequestLocale = cache(async (): Promise<LocaleChoice> => {
  const browser = choiceFromAcceptLanguage((await headers()).get("accept-language"));
  // Loaded here rather than at the top: mail, commands and their tests read the stored choices
  // through this module outside any request, and the session's code needs Next's request runtime.
  const { getViewer } = await import("@/lib/server/auth/viewer");
  const viewer = await getViewer();
  if (!viewer) return browser;
  try {
    const stored = await readStoredLocale(viewer.id);
    if (stored) return stored;
    await writeLocale(viewer.id, browser);
  } catch (error) {
    logFailure("preferences: reading the language", error);
  }
  return browser;
});

/** The person's formatter, for a server component or a PDF drawn for them. */
export async function getFormat(): Promise<Formatter> {
  return createFormatter(await readRequestLocale());
}
