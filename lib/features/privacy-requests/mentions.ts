/**
 * A guest's name in free text people wrote (a sign-off's note): found and replaced word by word,
 * accents, case and punctuation aside, so "Spoke with josé GARCÍA" is found for "Jose Garcia".
 */
import { normalizePersonName } from "@/lib/core/privacy";

/** What replaces each word of the name in an erased guest's notes. */
export const ERASED_NAME = "[erased]";

const WORD = /([\p{L}\p{M}\p{N}'’]+)/u;

/** The words of a guest's first and last names, as compared (one letter alone is too common to count). */
export function nameWords(names: readonly (string | null | undefined)[]): Set<string> {
  const words = new Set<string>();
  for (const name of names) {
    for (const word of normalizePersonName(name).split(" ")) if (word.length > 1) words.add(word);
  }
  return words;
}

/** Whether the text names the guest (any word of their first or last name). */
export function mentionsName(text: string | null, words: ReadonlySet<string>): boolean {
  if (!text || words.size === 0) return false;
  return text.split(WORD).some((part, index) => index % 2 === 1 && words.has(normalizePersonName(part)));
}

/** The text with every word of the guest's name replaced by "[erased]". */
export function eraseName(text: string, words: ReadonlySet<string>): string {
  return text
    .split(WORD)
    .map((part, index) => (index % 2 === 1 && words.has(normalizePersonName(part)) ? ERASED_NAME : part))
    .join("");
}
