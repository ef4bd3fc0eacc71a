import { expect, test } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { expectAccessible } from "@/e2e/support/axe";
import { PARTLY_PURGED } from "@/e2e/support/retention";
import { settled } from "@/e2e/support/settled";

const { day, property } = PARTLY_PURGED;

test("a day with one property's guest details purged names it above the guests table; that property's filter is refused", async ({
  page,
}) => {
  await signInAs(page, "admin", `/guests?day=${day}`);
  const notice = page.getByTestId("purged-properties");
  await expect(notice).toContainText(`The guest details of ${property} were removed after`);
  await expect(notice).toContainText("its figures remain on the Overview.");
  // The other properties' arrivals of the day are still listed.
  await expect(page.getByTestId("guest-count")).toContainText(/Showing [\d,]+ of [\d,]+ arrivals/);
  await expectAccessible(page, `/guests?day=${day} with a purged property`);

  await page.goto(`/guests?day=${day}&property=${encodeURIComponent(property)}`);
  await expect(page.getByTestId("report-error")).toContainText(
    `The guest details of ${property} for ${day} were removed after`,
  );
});

test("a person who does not see the purged property reads the day without the notice", async ({ page }) => {
  // The property manager sees Harbour View Hotel only.
  await signInAs(page, "viewer", `/guests?day=${day}`);
  await settled(page, page.getByTestId("guest-count"));
  await expect(page.getByTestId("purged-properties")).toHaveCount(0);
});
