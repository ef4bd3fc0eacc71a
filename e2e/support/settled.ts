import { expect, type Locator, type Page } from "@playwright/test";

/**
 * The words a screen shows while its data is on its way: the skeletons' labels ("Loading
 * yesterday's arrivals…", "Asking the Partner API…") and the review blocks' "Reading Daybook reviews…",
 * in English or French.
 */
const LOADING_WORDS =
  /^(Loading|Asking the Partner API|Reading Daybook|Chargement|Demande (à l’API|des trois)|Interrogation de l’API|Lecture des)\b.*…$/;

/**
 * Waits until the page has settled: no skeleton or loading words visible, and each given locator
 * (the content about to be read) visible. One-shot reads (`count()`, `allTextContents()`,
 * `evaluateAll()`, `getAttribute()`, …) answer at once with whatever is on the page, so call this,
 * or assert on the same locator first, before reading.
 */
export async function settled(page: Page, ...content: Locator[]): Promise<void> {
  // Skeleton bars and chart placeholders pulse; nothing else on Daybook's screens does.
  await expect(page.locator(".animate-pulse").filter({ visible: true }), "no skeleton on the page").toHaveCount(0);
  await expect(page.getByText(LOADING_WORDS).filter({ visible: true }), "no loading words on the page").toHaveCount(0);
  for (const locator of content) await expect(locator).toBeVisible();
}
