import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { DEMO_NEWEST, usageRowsOn } from "@/e2e/support/demo-days";
import { settled } from "@/e2e/support/settled";
import { simulatorControl } from "@/e2e/support/simulator";

/**
 * The trends of a group with more properties than a chart's lines tell apart. The suite's server
 * draws a line each for at most 8 properties (DAYBOOK_TRENDS_PER_PROPERTY_MAX in playwright.config.ts),
 * so the admin, who sees the demo's ten, meets the group's view.
 */

const count = (value: number) => new Intl.NumberFormat("en-US").format(value);
const share = (part: number, whole: number) =>
  `${new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format((part * 100) / whole)} %`;
const calendarDay = (day: string) =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

const trends = (page: Page) => page.getByTestId("trends");
const days = (page: Page) => trends(page).getByTestId("group-trend-day");
const summaryRows = (page: Page) => trends(page).getByTestId("trend-summary-row");

test.beforeEach(async ({ request }) => {
  await simulatorControl(request).reset();
});

test("an admin sees the group as a whole, its figures summed from the properties' rows", async ({ page, request }) => {
  const rows = await usageRowsOn<{ propertyName: string; scans: number; manualEntry: number }>(request, DEMO_NEWEST);
  await signInAs(page, "admin", "/properties");
  await settled(page, trends(page).getByTestId("group-trends"));
  await expect(trends(page).getByRole("heading", { name: "Trends over 30 days" })).toBeVisible();
  await expect(trends(page).getByTestId("group-explanation")).toContainText(`Your ${rows.length} properties`);
  await expect(trends(page).getByTestId("stored-days")).toHaveText(/^\d+ of 30 days stored$/);

  // Newest first, a row a day; the newest day's figures are the sums of that day's rows.
  await expect(days(page)).toHaveCount(30);
  const newest = days(page).first();
  await expect(newest).toHaveAttribute("data-day", DEMO_NEWEST);
  await expect(newest.getByRole("rowheader")).toHaveText(calendarDay(DEMO_NEWEST));
  await expect(newest.locator('[data-column="covered"]')).toHaveText(`${rows.length} of ${rows.length}`);
  const scans = rows.reduce((sum, row) => sum + row.scans, 0);
  const manual = rows.reduce((sum, row) => sum + row.manualEntry, 0);
  await expect(newest.locator('[data-column="scans"]')).toHaveText(count(scans));
  // The rate from the sums, not an average of the properties' rates.
  await expect(newest.locator('[data-column="rate"]')).toHaveText(share(manual, scans));

  // The range by property: one row each, here on one page.
  await expect(summaryRows(page)).toHaveCount(rows.length);
  await expect(trends(page).getByTestId("trend-summary-count")).toHaveText(`${rows.length} properties`);
});

test("finds, sorts and picks properties through the address", async ({ page }) => {
  await signInAs(page, "admin", "/properties");
  await settled(page, trends(page).getByTestId("group-trends"));

  await trends(page).getByLabel("Property name").fill("seaside");
  await trends(page).getByRole("button", { name: "Find" }).click();
  await expect(page).toHaveURL(/trend-filter=seaside/);
  await expect(summaryRows(page)).toHaveCount(2);
  await expect(summaryRows(page).getByRole("rowheader")).toHaveText([/^Seaside Suites/, /^Seaside Suites/]);
  await trends(page).getByRole("link", { name: "Show every property" }).click();
  await expect(summaryRows(page)).toHaveCount(10);

  // The summary's own header, not the day-by-day table's.
  const scansHead = () =>
    trends(page)
      .getByTestId("trend-summary")
      .getByRole("columnheader", { name: /^Scans:/ });
  await expect(scansHead()).toHaveAttribute("aria-sort", "none");
  await scansHead().getByRole("link").click();
  await expect(page).toHaveURL(/trend-sort=totalScans&trend-order=descending/);
  await expect(scansHead()).toHaveAttribute("aria-sort", "descending");
  const totals = (await summaryRows(page).locator('[data-column="totalScans"]').allTextContents()).map((text) =>
    Number(text.replaceAll(",", "")),
  );
  expect(totals).toEqual([...totals].sort((a, b) => b - a));

  await trends(page).getByLabel("A property beside the group").selectOption("Harbour View Hotel");
  await trends(page).getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/trend=Harbour\+View\+Hotel/);
  // The sort is kept, and the chosen property's own figures stand beside the group's.
  await expect(page).toHaveURL(/trend-sort=totalScans/);
  await expect(trends(page).getByTestId("rate-caption")).toHaveText(
    "Manual-entry share per day, all 10 properties and Harbour View Hotel",
  );
  await expect(days(page).first().locator('[data-column="chosen-scans"]')).toHaveText(/^[\d,]+$/);
  await trends(page).getByRole("radio", { name: "Alerts per 100 scans" }).check();
  await expect(
    trends(page).getByRole("columnheader", { name: "Harbour View Hotel: alerts per 100 scans" }),
  ).toBeVisible();

  await page.goto("/properties?trend=Nowhere+Inn#trends");
  await expect(trends(page).getByText("Showing the group only")).toBeVisible();
});

test("a year of days: the range link, its heading and the days a month a page", async ({ page }) => {
  await signInAs(page, "admin", "/properties");
  await settled(page, trends(page).getByTestId("group-trends"));
  await page.getByRole("link", { name: "365 days" }).click();
  await expect(page).toHaveURL(/range=365/);
  await expect(page.getByRole("link", { name: "365 days" })).toHaveAttribute("aria-current", "true");
  await expect(trends(page).getByRole("heading", { name: "Trends over 365 days" })).toBeVisible();
  await expect(trends(page).getByTestId("stored-days")).toHaveText(/^\d+ of 365 days stored$/);
  await expect(days(page)).toHaveCount(31);
  await expect(trends(page).getByTestId("group-trend-days-page")).toHaveText("Page 1 of 12");
  await trends(page).getByRole("button", { name: "Older" }).click();
  await expect(trends(page).getByTestId("group-trend-days-page")).toHaveText("Page 2 of 12");
  // Days before the demo history: gaps, said so, never zeros.
  await expect(days(page).last().locator('[data-column="scans"]')).toHaveText("Not stored");
  await expect(page.getByTestId("coverage-trend").getByRole("heading", { name: /365 days/ })).toBeVisible();
});

test("the group's trends are accessible and fit a 390 px screen", async ({ page }) => {
  await signInAs(page, "admin", "/properties?trend=Harbour+View+Hotel");
  await settled(page, trends(page).getByTestId("group-trends"));
  await page.waitForLoadState("networkidle");
  const { violations } = await new AxeBuilder({ page }).include('[data-testid="trends"]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await settled(page, trends(page).getByTestId("group-trends"));
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
