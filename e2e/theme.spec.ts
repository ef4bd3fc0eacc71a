import { expect, test, type Page } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { settled } from "@/e2e/support/settled";
import type { Theme } from "@/lib/features/preferences/theme";

/** The account these tests change; each test leaves it on "System" again for the other specs. */
const ROLE = "regional";

/** The buttons' names, as an English-speaking person reads them. */
const NAMES: Record<Theme, string> = { system: "System", light: "Light", dark: "Dark" };

const themeToggle = (page: Page) => page.getByRole("group", { name: "Theme" });

/** The theme on <html> and the colours actually drawn (color-scheme is set with the dark palette). */
async function expectDrawn(page: Page, theme: Theme, scheme: "light" | "dark") {
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
  await expect(page.locator("html")).toHaveCSS("color-scheme", scheme);
  await expect(themeToggle(page).getByRole("button", { name: NAMES[theme] })).toHaveAttribute("aria-pressed", "true");
}

async function choose(page: Page, theme: Theme) {
  await themeToggle(page).getByRole("button", { name: NAMES[theme] }).click();
}

test.afterEach(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, ROLE);
  await choose(page, "system");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
  await context.close();
});

test("the header's toggle switches the theme, remembered after a reload and in another browser", async ({
  page,
  browser,
}) => {
  await signInAs(page, ROLE);
  await expectDrawn(page, "system", "light");

  await choose(page, "dark");
  await expectDrawn(page, "dark", "dark");

  await page.reload();
  await settled(page, page.getByRole("heading", { level: 1 }).first());
  await expectDrawn(page, "dark", "dark");

  // The choice belongs to the person, not to the browser: a second sign-in elsewhere finds it.
  const elsewhere = await browser.newContext();
  const second = await elsewhere.newPage();
  await signInAs(second, ROLE, "/criminal-arrivals");
  await expectDrawn(second, "dark", "dark");

  // Another screen, reached by a link, keeps it.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Guests" }).click();
  await expect(page).toHaveURL(/\/guests/);
  await expectDrawn(page, "dark", "dark");

  await choose(page, "light");
  await expectDrawn(page, "light", "light");
  await second.reload();
  await expectDrawn(second, "light", "light");
  await elsewhere.close();
});

test("left to the system, the theme follows the browser's setting; a choice wins over it", async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: "dark" });
  const page = await context.newPage();

  await page.goto("/sign-in");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
  await expect(page.locator("html")).toHaveCSS("color-scheme", "dark");

  await signInAs(page, ROLE);
  await expectDrawn(page, "system", "dark");
  await page.emulateMedia({ colorScheme: "light" });
  await expectDrawn(page, "system", "light");
  await page.emulateMedia({ colorScheme: "dark" });

  await choose(page, "light");
  await expectDrawn(page, "light", "light");
  await context.close();
});

test("the toggle is a plain form: it works before any script runs", async ({ browser }) => {
  const signedIn = await browser.newContext();
  await signInAs(await signedIn.newPage(), ROLE);
  const context = await browser.newContext({ storageState: await signedIn.storageState(), javaScriptEnabled: false });
  await signedIn.close();
  const page = await context.newPage();

  await page.goto("/status");
  await expectDrawn(page, "system", "light");
  await choose(page, "dark");
  await expectDrawn(page, "dark", "dark");
  await context.close();
});
