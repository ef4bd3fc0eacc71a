import type { Locator, Page } from "@playwright/test";

/**
 * The header's Main navigation with every section showing: at widths where some sections sit
 * under "More", it is opened first.
 */
export async function mainNav(page: Page): Promise<Locator> {
  const more = page.getByTestId("nav-more");
  if ((await more.isVisible()) && !(await more.evaluate((details) => (details as HTMLDetailsElement).open)))
    await more.locator("summary").click();
  return page.getByRole("navigation", { name: "Main" });
}
