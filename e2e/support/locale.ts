import { expect, test, type Page } from "@playwright/test";

import { signInAs, type DemoRole } from "./auth";

export interface LocaleFields {
  language: "en" | "fr";
  region: string;
  hourCycle: "h12" | "h23";
  /** 1 Monday, 6 Saturday, 7 Sunday. */
  weekStart: "1" | "6" | "7";
  /** The person's own zone for Daybook's own events; left as it is where not given. */
  timeZone?: string;
}

/** What the e2e browsers (Accept-Language en-US) give each demo account on its first signed-in page. */
export const ENGLISH: LocaleFields = { language: "en", region: "en-US", hourCycle: "h12", weekStart: "7" };

/** A Montréal desk's habits: French words, Canadian French formats, a 24-hour clock, Monday weeks. */
export const FRENCH: LocaleFields = { language: "fr", region: "fr-CA", hourCycle: "h23", weekStart: "1" };

/**
 * Chooses a language and formats on Settings, whatever language the page is in (the fields are
 * found by their ids), and waits until the page is drawn in it.
 */
export async function chooseLocale(page: Page, fields: LocaleFields): Promise<void> {
  await page.goto("/settings");
  const form = page.getByTestId("locale-form");
  await form.locator("#locale-language").selectOption(fields.language);
  await form.locator("#locale-region").selectOption(fields.region);
  await form.locator(`#locale-clock-${fields.hourCycle}`).check();
  await form.locator("#locale-week-start").selectOption(fields.weekStart);
  if (fields.timeZone !== undefined) await form.locator("#locale-time-zone").fill(fields.timeZone);
  await form.locator('button[type="submit"]').click();
  await expect(page.locator("html")).toHaveAttribute("lang", fields.language);
  await expect(form.locator("#locale-language")).toHaveValue(fields.language);
  if (fields.timeZone !== undefined) {
    // The language may not change: the saved notice is what says the choice is stored.
    await expect(form.getByRole("status")).toBeVisible();
    await expect(form.locator("#locale-time-zone")).toHaveValue(fields.timeZone);
  }
}

/**
 * A demo role in French for the test, put back in English afterwards (in its own browser, so that a
 * failed test still leaves the account as the other specs expect it).
 */
export function inFrenchFor(role: DemoRole): void {
  test.afterEach(async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAs(page, role, "/settings");
    await chooseLocale(page, ENGLISH);
    await context.close();
  });
}
