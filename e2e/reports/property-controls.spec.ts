import { expect, test, type Page } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { settled } from "@/e2e/support/settled";
import { simulatorControl } from "@/e2e/support/simulator";

const RIVERSIDE = "Riverside & Co. Hotel";
const HARBOUR = "Harbour View Hotel";
const ELYSEE = "Hôtel Élysée Montréal";

const filterOf = (page: Page) => page.getByRole("search", { name: "Property filter" });
const field = (page: Page) => page.getByRole("combobox", { name: "Property", exact: true });
const listOf = (page: Page) => page.getByRole("listbox", { name: "Your properties" });
const options = (page: Page) => listOf(page).getByRole("option");

// The suite's clock and no faults: another spec may have left a day of its own.
test.beforeEach(async ({ request }) => {
  await simulatorControl(request).reset();
});

/** A property manager of one hotel is offered nothing to choose between. */
test("a person with one property gets no property filter and no Property column", async ({ page }) => {
  await signInAs(page, "viewer", "/guests");
  await settled(page, page.getByTestId("guest-count"), page.getByTestId("guest-row").first());
  await expect(filterOf(page)).toHaveCount(0);
  await expect(field(page)).toHaveCount(0);
  await expect(page.getByRole("columnheader", { name: /^Property/ })).toHaveCount(0);
  await expect(page.getByTestId("guest-row").locator('[data-column="property"]')).toHaveCount(0);

  // Nor does the column picker offer it (the other columns are still there).
  await page.getByText(/^Columns \(/).click();
  await expect(page.getByRole("checkbox", { name: "Room", exact: true })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Property", exact: true })).toHaveCount(0);
  await expect(page.getByText(/^Columns \(\d+ of 11\)$/)).toBeVisible();

  await page.goto("/criminal-arrivals");
  await expect(page.getByRole("heading", { level: 1, name: "Criminal arrivals" })).toBeVisible();
  await settled(page, page.getByTestId("summary"));
  await expect(filterOf(page)).toHaveCount(0);
  await expect(field(page)).toHaveCount(0);
});

test("a supervisor picks one of their own properties, by type-ahead, and the address keeps it", async ({ page }) => {
  await signInAs(page, "supervisor", "/guests");
  await settled(page, page.getByTestId("guest-count"));

  await field(page).click();
  await expect(field(page)).toHaveAttribute("aria-expanded", "true");
  await expect(options(page)).toHaveText([HARBOUR, RIVERSIDE]);

  // Typing narrows the list as the API matches names: casing and spacing aside.
  await field(page).fill("RIVERSIDE &co");
  await expect(options(page)).toHaveText([RIVERSIDE]);
  await field(page).fill("hotel");
  await expect(options(page)).toHaveText([HARBOUR, RIVERSIDE]);
  await field(page).fill("Grand");
  await expect(options(page)).toHaveCount(0);
  await expect(page.getByText("None of your properties is named like this.")).toBeVisible();

  await field(page).fill("river");
  await options(page).filter({ hasText: RIVERSIDE }).click();
  await expect(page).toHaveURL(/\/guests\?property=Riverside\+%26\+Co\.\+Hotel$/);
  await expect(page.getByTestId("guest-count")).toHaveText(
    new RegExp(`arrivals at ${RIVERSIDE.replace(/[.&]/g, "\\$&")}$`),
  );
  await expect(field(page)).toHaveValue(RIVERSIDE);
  await expect(page.getByRole("columnheader", { name: /^Property/ })).toHaveCount(1);
  const cells = page.getByTestId("guest-row").locator('[data-column="property"]');
  await expect(cells.first()).toHaveText(RIVERSIDE);
  expect(new Set(await cells.allTextContents())).toEqual(new Set([RIVERSIDE]));

  // On Criminal arrivals, by keyboard alone.
  await page.goto("/criminal-arrivals");
  await settled(page, page.getByTestId("summary"));
  await field(page).fill("harb");
  await field(page).press("ArrowDown");
  await expect(options(page).first()).toHaveAttribute("aria-selected", "true");
  await field(page).press("Enter");
  await expect(page).toHaveURL(/\/criminal-arrivals\?property=Harbour\+View\+Hotel$/);
  await expect(field(page)).toHaveValue(HARBOUR);
  await settled(page, page.getByTestId("summary"));
  await expect(page.getByTestId("reported-day").locator("..")).toContainText(`at ${HARBOUR}`);
  for (const property of await page.getByTestId("guest-property").allTextContents()) expect(property).toBe(HARBOUR);

  await page.getByRole("link", { name: "Clear filter" }).click();
  await expect(page).toHaveURL(/\/criminal-arrivals$/);
  await expect(field(page)).toHaveValue("");
});

test("an admin finds accented names as the API matches them, and a shared name is listed with its zones but refused", async ({
  page,
}) => {
  await signInAs(page, "admin", "/guests");
  await settled(page, page.getByTestId("guest-count"));

  await field(page).fill("hôtel élysée");
  await expect(options(page)).toHaveText([ELYSEE]);

  await field(page).fill("seaside");
  const seaside = options(page).filter({ hasText: /^Seaside Suites/ });
  await expect(seaside).toHaveText("Seaside Suites — Los Angeles time, New York time");
  await seaside.click();
  await expect(page).toHaveURL(/\/guests\?property=Seaside\+Suites$/);
  await expect(page.getByTestId("error-code")).toHaveText("property_name_ambiguous");
  await expect(page.getByTestId("report-error")).toContainText("Several of your properties share this name");
  await expect(page.getByTestId("guest-row")).toHaveCount(0);
});
