import "server-only";

import { cache } from "react";

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
