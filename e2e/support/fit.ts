import { expect, type Page } from "@playwright/test";

/**
 * What "fits" means for a screen at a width: nothing scrolls sideways, the header is one row with no
 * part drawn over another, and no select cuts its chosen label short. Soft: every screen of a walk is reported, not the first.
 */
export async function expectFits(page: Page, path: string): Promise<void> {
  const width = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect.soft(width.scroll, `${path} is ${width.scroll} px wide`).toBeLessThanOrEqual(width.inner);
  expect.soft(await headerRows(page), `${path}: the header's rows`).toBe(1);
  expect.soft(await headerOverflows(page), `${path}: header parts wider than their room`).toEqual([]);
  expect.soft(await clippedSelects(page), `${path}: selects cut short`).toEqual([]);
}

/** Selects whose chosen option is wider than the box shows (the arrow's room set aside). */
export function clippedSelects(page: Page): Promise<string[]> {
  return page
    .locator("select")
    .filter({ visible: true })
    .evaluateAll((selects) => {
      const context = document.createElement("canvas").getContext("2d")!;
      return (selects as HTMLSelectElement[])
        .filter((select) => {
          const chosen = select.selectedOptions[0]?.textContent?.trim() ?? "";
          const style = getComputedStyle(select);
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
          return context.measureText(chosen).width > room + 1;
        })
        .map((select) => `${select.id || select.name}: ${select.selectedOptions[0]?.textContent?.trim()}`);
    });
}

/**
 * The header's parts whose content is wider than the room the row leaves them (the sections'
 * navigation shrinks, and what does not fit is drawn over the account's controls beside it).
 */
export function headerOverflows(page: Page): Promise<string[]> {
  return page
    .locator("header > div > *")
    .evaluateAll((parts) =>
      parts
        .filter((part) => part.getBoundingClientRect().width > 0 && part.scrollWidth > part.clientWidth + 1)
        .map(
          (part) => `${part.getAttribute("aria-label") ?? part.tagName}: ${part.scrollWidth} px in ${part.clientWidth}`,
        ),
    );
}

/** How many rows the header's visible parts take: 1 when all are centred on one line. */
export function headerRows(page: Page): Promise<number> {
  return page.locator("header > div > *").evaluateAll((parts) => {
    const middles = parts
      .map((part) => part.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.height > 0)
      .map((box) => box.top + box.height / 2);
    return middles.every((middle) => Math.abs(middle - middles[0]!) < 6) ? 1 : 2;
  });
}
