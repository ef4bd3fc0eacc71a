/**
 * A translator of one part of the message catalogue, narrowed to the keys a view model asks for. What
 * `useTranslations`, `getTranslations` and `translatorFor` (lib/core/catalogue.ts) return all fit
 * it, so a view model words its sentences the same way in a component, a page or a test, and the
 * types still check each key against the English catalogue where the translator is made.
 */
export type Translate<K extends string> = (key: K, values?: Record<string, string | number>) => string;

/**
 * "a", "a and b", "a, b and c": names in one phrase, joined as the catalogue's `and` joins the last
 * two ("{head} and {last}"). Intl.ListFormat would add a comma before "and" in English.
 */
export function joinNames(names: readonly string[], and: (head: string, last: string) => string): string {
  if (names.length < 2) return names.join("");
  return and(names.slice(0, -1).join(", "), names.at(-1)!);
}

/** The phrase with its first letter a capital: a sentence that starts with a figure's name. */
export function capitalized(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}
