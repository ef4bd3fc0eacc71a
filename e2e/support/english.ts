import type { Page } from "@playwright/test";

import { OFFENSE_DESCRIPTIONS } from "@/simulator/data/offenses";
import { DEFAULT_PROPERTIES } from "@/simulator/data/properties";

/**
 * Words that are English and never French ("minutes" is both, so it is not here): what a screen drawn
 * in French must not show. Whole words,
 * any case, on the page as drawn. The Partner API's own texts (property names, offense descriptions) are shown as sent, in
 * whatever language they came, so they are taken out of the page's text first. "time" and "of" are
 * what a shared name's label adds in English ("Seaside Suites (Los Angeles time)", "(2 of 2)").
 */
const ENGLISH =
  /\b(the|and|with|your|you|yesterday|arrivals?|guests?|stored|days?|this|from|were|was|been|which|could|should|sign(ed)? (in|out)|loading|properties|property|reviews?|flags?|none|next|previous|showing|search|settings|account|waiting|unknown|never|today|week|hours?|time|of)\b/gi;

const SENT_AS_IS = [...DEFAULT_PROPERTIES.map((property) => property.name), ...OFFENSE_DESCRIPTIONS];

/** English words left on the page, each with a few words around it to find it by. */
export async function englishLeft(page: Page): Promise<string[]> {
  // Text marked as English on purpose (a record Daybook wrote in English when it happened) is
  // skipped, as a screen reader reads it in English.
  let text = await page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const parts: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('[lang="en"], script, style, template')) continue;
      // Drawn, or there for a screen reader (sr-only text is drawn, clipped to nothing).
      if (!element.checkVisibility()) continue;
      parts.push(node.textContent ?? "");
    }
    return parts.join(" ");
  });

  for (const sent of SENT_AS_IS) text = text.split(sent).join(" ");
  const found: string[] = [];
  for (const match of text.matchAll(ENGLISH)) {
    const start = Math.max(0, match.index - 30);
    found.push(text.slice(start, match.index + match[0].length + 30).replace(/\s+/g, " "));
  }
  return found;
}
