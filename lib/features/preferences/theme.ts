/**
 * The colour theme a person chose. "system" follows the device's light or dark setting; it is also
 * what a signed-out page and a person who never chose get.
 */
export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export const DEFAULT_THEME: Theme = "system";

/**
 * The user_preferences key the choice is stored under, as `{ theme }`: an object rather than a bare
 * JSON string, which a driver could hand back still encoded.
 */
export const THEME_PREFERENCE = "theme";

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

export function storedTheme(theme: Theme): { theme: Theme } {
  return { theme };
}

/** A stored choice, read defensively: anything but a known theme is the default. */
export function parseStoredTheme(value: unknown): Theme {
  const theme = (value as { theme?: unknown } | null)?.theme;
  return isTheme(theme) ? theme : DEFAULT_THEME;
}
