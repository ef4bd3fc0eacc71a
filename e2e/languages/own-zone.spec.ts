// A person's own zone: Daybook's own events (the audit log here) in it, a property's day never.
import { expect, test, type Page } from "@playwright/test";

import { LOGINS, signInAs } from "@/e2e/support/auth";
import { chooseLocale, ENGLISH } from "@/e2e/support/locale";
import { settled } from "@/e2e/support/settled";
import { simulatorControl, simulatorReport } from "@/e2e/support/simulator";
import { escapeRegExp } from "@/e2e/support/text";

const ZURICH = "Europe/Zurich";
const HARBOUR = "Harbour View Hotel";
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface Item {
  propertyName: string;
  checkInAtUtc: string;
  firstName: string;
  lastName: string;
}

/** "Nov 22, 2026, 4:54 PM" for the wall clock `at` shows (read in UTC). */
function wallClock(at: Date): string {
  const h = at.getUTCHours();
  const clock = `${h % 12 === 0 ? 12 : h % 12}:${String(at.getUTCMinutes()).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
  return `${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()}, ${at.getUTCFullYear()}, ${clock}`;
}

/**
 * Zürich's offset from UTC at an instant, in hours: 1 in winter, 2 from the last Sunday of March
 * to the last Sunday of October (01:00 UTC both), worked out by hand rather than by a formatter.
 */
function zurichOffset(instant: Date): number {
  const year = instant.getUTCFullYear();
  const lastSunday = (month: number) => {
    const last = new Date(Date.UTC(year, month + 1, 0, 1));
    return last.getTime() - last.getUTCDay() * 86_400_000;
  };
  const time = instant.getTime();
  return time >= lastSunday(2) && time < lastSunday(9) ? 2 : 1;
}

/**
 * The text of an instant in Zürich time, named: Chromium's en-US gives the zone only as an offset
 * ("GMT+1"), which Daybook replaces with the zone's name; a locale with an abbreviation says CET.
 * Any white space between the parts (ICU puts a narrow one before AM/PM).
 */
function inZurich(iso: string): RegExp {
  const at = new Date(iso);
  const local = wallClock(new Date(at.getTime() + zurichOffset(at) * 3_600_000));
  const words = escapeRegExp(local).split(" ").join("\\s+");
  return new RegExp(`^${words}\\s+(Europe/Zurich|CEST?)$`);
}

const settingsForm = (page: Page) => page.getByTestId("locale-form");

test.describe("an admin who reads Daybook's own events in Zürich time", () => {
  // The browser's own zone, which "Use this device's zone" offers.
  test.use({ timezoneId: ZURICH });

  test.beforeEach(async ({ request }) => {
    await simulatorControl(request).reset();
  });

  // Back to UTC in a browser of its own, so that a failed test still leaves the admin as the other
  // specs expect them (they read "… UTC").
  test.afterEach(async ({ browser }) => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await signInAs(page, "admin", "/settings");
      await chooseLocale(page, { ...ENGLISH, timeZone: "UTC" });
    } finally {
      await context.close();
    }
  });

  test("chooses the device's zone on Settings; the audit log is then in Zürich time, a check-in still in its property's", async ({
    page,
    request,
  }) => {
    await signInAs(page, "admin", "/settings");
    const form = settingsForm(page);
    const zone = form.getByLabel("Your zone");
    await expect(zone).toHaveValue("UTC");
    // Shown once the page runs in the browser, which knows its own zone.
    const useDevice = form.getByRole("button", { name: `Use this device's zone (${ZURICH})` });
    await expect(useDevice).toBeVisible();

    // A zone Daybook does not know is refused in words, and nothing is stored.
    await zone.fill("Mars/Olympus_Mons");
    await form.getByRole("button", { name: "Save language and formats" }).click();
    await expect(form.getByRole("alert")).toContainText("Check the highlighted fields.");
    await expect(form.locator("#locale-time-zone-error")).toHaveText(
      /Daybook does not know this zone\. Choose one from the list, such as Europe\/Zurich or UTC\./,
    );
    await expect(zone).toHaveAttribute("aria-invalid", "true");
    await expect(zone).toHaveValue("Mars/Olympus_Mons");
    await page.reload();
    await expect(settingsForm(page).getByLabel("Your zone")).toHaveValue("UTC");
    await expect(settingsForm(page).locator("#locale-language")).toHaveValue("en");

    // One click puts the device's zone in the field, and the offer goes.
    await expect(useDevice).toBeVisible();
    await useDevice.click();
    await expect(zone).toHaveValue(ZURICH);
    await expect(useDevice).toHaveCount(0);
    await form.getByRole("button", { name: "Save language and formats" }).click();
    await expect(form.getByRole("status").filter({ hasText: "Language and formats saved" })).toBeVisible();
    await expect(zone).toHaveValue(ZURICH);
    await page.reload();
    await expect(settingsForm(page).getByLabel("Your zone")).toHaveValue(ZURICH);

    // The audit log names the zone its times are in, and gives the change's entry in Zürich time,
    // with the exact UTC time a hover away.
    await page.goto(`/admin/audit?${new URLSearchParams({ action: "preferences.locale", actor: LOGINS.admin.email })}`);
    await expect(page.getByRole("main").getByText(/to a page\. Times are in Europe\/Zurich\.$/)).toBeVisible();
    const entries = page.getByRole("region", { name: "Audit entries" });
    await expect(entries.getByRole("columnheader", { name: `When (${ZURICH})` })).toBeVisible();
    const newest = entries.getByRole("row").nth(1);
    await expect(newest).toContainText("Changed their language and formats");
    await expect(newest).toContainText(ZURICH);
    const when = newest.locator("time");
    await expect(when).toHaveAttribute("title", ISO_UTC);
    const iso = (await when.getAttribute("title"))!;
    await expect(when).toHaveAttribute("datetime", iso);
    await expect(when).toHaveText(inZurich(iso));

    // Saved again unchanged: no new entry.
    const changes = entries.getByRole("row").filter({ hasText: "Changed their language and formats" });
    const count = await changes.count();
    await page.goto("/settings");
    await settingsForm(page).getByRole("button", { name: "Save language and formats" }).click();
    await expect(
      settingsForm(page).getByRole("status").filter({ hasText: "Language and formats saved" }),
    ).toBeVisible();
    await page.goto(`/admin/audit?${new URLSearchParams({ action: "preferences.locale", actor: LOGINS.admin.email })}`);
    await expect(entries.getByRole("row").nth(1)).toBeVisible();
    await expect(changes).toHaveCount(count);
    await expect(changes.first().locator("time")).toHaveAttribute("title", iso);

    // A property's day keeps the property's zone: a Harbour View check-in is in Hawaii time (UTC−10
    // all year), UTC in its hover, whatever the reader's own zone.
    const items = ((await simulatorReport(request, "criminal-arrivals", HARBOUR)) as { items: Item[] }).items;
    expect(items.length).toBeGreaterThan(0);
    const item = items[0]!;
    await page.goto(`/criminal-arrivals?${new URLSearchParams({ property: HARBOUR })}`);
    await settled(page, page.getByTestId("criminal-arrival").first());
    // A long list is drawn 20 cards at a time: draw them all.
    const all = page.getByTestId("more-arrivals").getByRole("button", { name: /^Show all \d+$/ });
    if (await all.isVisible()) await all.click();
    const card = page
      .getByTestId("criminal-arrival")
      .filter({ has: page.locator(`time[datetime="${item.checkInAtUtc}"]`) })
      .filter({ has: page.getByTestId("guest-name").getByText(`${item.firstName} ${item.lastName}`, { exact: true }) });
    await settled(page, card.first());
    const checkIn = card.first().getByTestId("check-in");
    await expect(checkIn).toHaveAttribute("data-zoned", "true");
    const at = new Date(item.checkInAtUtc);
    await expect(checkIn).toHaveText(`${wallClock(new Date(at.getTime() - 10 * 3_600_000))} HST`);
    await expect(checkIn).toHaveAttribute("title", `${wallClock(at)} UTC`);
  });
});
