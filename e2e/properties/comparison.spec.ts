import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { settled } from "@/e2e/support/settled";
import { simulatorControl } from "@/e2e/support/simulator";
import { usageWithHeldGuests } from "@/e2e/support/usage";

interface Row {
  propertyName: string;
  scans: number;
}
interface Usage {
  reportedDateLocal: string;
  byProperty: Row[];
}

const REGIONAL_PROPERTIES = [
  "Harbour View Hotel",
  "Seaside Suites",
  "Riverside & Co. Hotel",
  "Hôtel Élysée Montréal",
  "Quiet Pines Motel",
];
const count = (value: number) => new Intl.NumberFormat("en-US").format(value);
const shortDay = (day: string) =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

const table = (page: Page) => page.getByTestId("side-by-side-table");
const rows = (page: Page) => table(page).locator("tbody tr");

async function usage(page: Page): Promise<Usage> {
  return (await simulatorControl(page.request).usage()) as Usage;
}

test.beforeEach(async ({ request }) => {
  await simulatorControl(request).reset();
});

test.describe("as a regional manager", () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, "regional", "/properties");
    await expect(page.getByRole("heading", { level: 1, name: "Properties" })).toBeVisible();
    await settled(page, table(page));
  });

  test("sees their properties side by side, and only theirs", async ({ page }) => {
    // Once Daybook holds the day's guests, the two Seaside Suites are told apart by zone.
    const { usage: report, labels } = await usageWithHeldGuests<Usage>(page);
    await page.reload();
    await settled(page, table(page));
    const mine = report.byProperty.filter((row) => REGIONAL_PROPERTIES.includes(row.propertyName));
    await expect(page.getByTestId("narrowed-note")).toContainText("Your properties only");
    await expect(rows(page)).toHaveCount(mine.length);
    const harbour = mine.find((row) => row.propertyName === "Harbour View Hotel")!;
    const harbourRow = rows(page).filter({ has: page.getByRole("rowheader", { name: "Harbour View Hotel" }) });
    await expect(harbourRow.locator('[data-column="scans"]')).toHaveText(count(harbour.scans));
    const seaside = labels.filter((label) => label.startsWith("Seaside Suites"));
    expect(seaside).toEqual(
      expect.arrayContaining(["Seaside Suites (Los Angeles time)", "Seaside Suites (New York time)"]),
    );
    for (const label of seaside) await expect(rows(page).getByRole("rowheader", { name: label })).toHaveCount(1);
    for (const other of report.byProperty.filter((row) => !REGIONAL_PROPERTIES.includes(row.propertyName))) {
      await expect(page.getByTestId("side-by-side")).not.toContainText(other.propertyName);
    }
    // Quiet Pines Motel has no arrivals: no rates, never a 0 %.
    const pines = rows(page).filter({ has: page.getByRole("rowheader", { name: /Quiet Pines Motel/ }) });
    await expect(pines.locator('[data-column="alertsPer100"]')).toHaveText("—");
    await expect(pines.locator('[data-column="manualShare"]')).toHaveText("—");
  });

  test("labels the change against the day before as Daybook's own, from the stored day before", async ({ page }) => {
    const report = await usage(page);
    const mine = report.byProperty.filter((row) => REGIONAL_PROPERTIES.includes(row.propertyName));
    const label = `vs stored ${shortDay(dayBefore(report.reportedDateLocal))}, computed by Daybook`;
    await expect(table(page).getByTestId("column-detail")).toHaveText(label);
    await expect(page.getByTestId("headline-change").first()).toContainText(label);
    await expect(page.getByTestId("baseline-explanation")).toContainText("Those changes are Daybook's, not the API's.");
    // Each row's change is a movement in words or a stated reason, never a bare 0 %.
    await expect(rows(page).locator('[data-column="scansChange"]')).toHaveText(
      mine.map(
        () =>
          /^(Up [\d.]+ %|Down [\d.]+ %|No change|No scans either day|No scans on .+|Not in the stored .+)(\sfrom [\d,]+)?$/,
      ),
      { useInnerText: true },
    );
  });

  test("sorts the side-by-side table by a column, by mouse and by keyboard", async ({ page }) => {
    const report = await usage(page);
    const mine = report.byProperty.filter((row) => REGIONAL_PROPERTIES.includes(row.propertyName));
    const scansHeader = table(page).getByRole("columnheader", { name: "Scans", exact: true });
    await scansHeader.getByRole("button").click();
    await expect(scansHeader).toHaveAttribute("aria-sort", "descending");
    await expect(rows(page).first().locator('[data-column="scans"]')).toHaveText(
      count(Math.max(...mine.map((row) => row.scans))),
    );
    await scansHeader.getByRole("button").focus();
    await page.keyboard.press("Enter");
    await expect(scansHeader).toHaveAttribute("aria-sort", "ascending");
    await expect(rows(page).first().locator('[data-column="scans"]')).toHaveText("0");
  });

  test("switches the trend range, and the rate the second chart shows", async ({ page }) => {
    const trends = page.getByTestId("trends");
    await expect(trends.getByRole("heading", { name: "Trends over 30 days" })).toBeVisible();
    await expect(page.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "true");
    await expect(trends.getByTestId("stored-days")).toHaveText(/^\d+ of 30 days stored$/);

    await page.getByRole("link", { name: "7 days" }).click();
    await expect(page).toHaveURL(/range=7/);
    await expect(trends.getByRole("heading", { name: "Trends over 7 days" })).toBeVisible();
    await expect(page.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "true");
    await expect(trends.getByTestId("stored-days")).toHaveText(/^[1-7] of 7 days stored$/);
    await expect(trends.getByTestId("trend-summary-row")).toHaveCount(6);

    await trends.getByRole("radio", { name: "Alerts per 100 scans" }).check();
    await expect(trends.getByTestId("rate-caption")).toHaveText("Alerts per 100 scans per day, by property");
    await trends.getByText("Alerts per 100 scans day by day", { exact: true }).click();
    await expect(trends.getByTestId("trend-days-alertsPer100").locator("tbody tr")).toHaveCount(7);

    await page.getByRole("link", { name: "90 days" }).click();
    await expect(trends.getByTestId("stored-days")).toHaveText(/^\d+ of 90 days stored$/);
  });

  test("shows acknowledgement times and sign-off timeliness for their properties", async ({ page }) => {
    const acknowledgement = page.getByTestId("acknowledgement-table");
    await expect(acknowledgement).toBeVisible();
    const riverside = acknowledgement.getByTestId("acknowledgement-row").filter({ hasText: "Riverside & Co. Hotel" });
    // Riverside's showcase sex-offender-only match is never acknowledged.
    await expect(riverside).toContainText(/\d+ acknowledged of \d+, [1-9]\d* not acknowledged at the desk/);
    await expect(
      acknowledgement.getByTestId("acknowledgement-row").filter({ hasText: "Quiet Pines Motel" }),
    ).toContainText("No alerts");
    await expect(
      page.getByTestId("sign-off-table").getByTestId("sign-off-row").filter({ hasText: "Riverside & Co. Hotel" }),
    ).toBeVisible();
    await expect(page.getByTestId("sign-off-table")).not.toContainText("Grand Hotel Zürich");
  });

  test("opens a stored day, compared with the stored day before it", async ({ page }) => {
    const day = page.getByLabel("Day to compare", { exact: true });
    await settled(page, day);
    // "Yesterday, live" and more than two stored days.
    await expect(day.locator("option").nth(3)).toBeAttached();
    const options = await day
      .locator("option")
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
    const stored = options.filter((value) => value !== "");
    expect(stored.length).toBeGreaterThan(2);
    const chosen = stored[1]!;
    await day.selectOption(chosen);
    // The day's own form: the unusual-days list further down has a Show of its own.
    await page.locator("form").filter({ has: day }).getByRole("button", { name: "Show", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`day=${chosen}`));
    await expect(page.getByTestId("report-source")).toContainText("Daybook's stored copy of");
    await expect(page.getByTestId("compared-day")).toHaveAttribute("datetime", chosen);
    await expect(table(page).getByTestId("column-detail")).toHaveText(
      `vs stored ${shortDay(dayBefore(chosen))}, computed by Daybook`,
    );
  });

  test("is accessible, and fits a 390 px screen", async ({ page }) => {
    await page.waitForLoadState("networkidle");
    await settled(page, table(page));
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await settled(page, table(page));
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.waitForLoadState("networkidle");
    await settled(page, table(page));
    const narrow = await new AxeBuilder({ page }).analyze();
    expect(narrow.violations.map((v) => v.id)).toEqual([]);
  });
});

test("a day Daybook did not store, or not a day at all, is said so where the table would be", async ({ page }) => {
  await signInAs(page, "regional", "/properties?day=2020-01-01");
  await expect(page.getByTestId("side-by-side").getByTestId("section-error")).toContainText(
    "Daybook holds no stored copy of 2020-01-01.",
  );
  // The trends end on the chosen day, and none of their days is stored: an empty range, not lines of zeros.
  await expect(page.getByTestId("trends").getByTestId("stored-days")).toHaveText("0 of 30 days stored");
  await expect(page.getByTestId("trends")).toContainText("No stored days in this range");
  await page.goto("/properties?day=yesterday");
  await expect(page.getByTestId("side-by-side").getByTestId("section-error")).toContainText(
    "days are written YYYY-MM-DD",
  );
});

test("an admin sees every property, and the API's missing baseline explained", async ({ page }) => {
  await signInAs(page, "admin", "/properties");
  const report = await usage(page);
  await settled(page, table(page));
  await expect(rows(page)).toHaveCount(report.byProperty.length);
  await expect(page.getByTestId("narrowed-note")).toHaveCount(0);
  await expect(page.getByTestId("baseline-explanation")).toContainText("the properties are in several time zones");
});

test("a property manager cannot open the comparison", async ({ page }) => {
  await signInAs(page, "viewer", "/properties");
  await expect(page.getByRole("heading", { level: 1, name: "Properties" })).toBeVisible();
  await expect(page.getByText("Your role does not include this screen")).toBeVisible();
  await expect(page.getByTestId("side-by-side")).toHaveCount(0);
  await expect(page.getByTestId("trends")).toHaveCount(0);
});
