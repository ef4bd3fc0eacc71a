import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { expectFaultToQuote, simulatorFailingTwice } from "@/e2e/support/faults";
import { SIMULATOR_URL } from "@/e2e/support/ports";
import { settled } from "@/e2e/support/settled";
import { simulatorControl } from "@/e2e/support/simulator";
import { escapeRegExp } from "@/e2e/support/text";
import { usageWithHeldGuests } from "@/e2e/support/usage";

interface Metric {
  value: number | null;
  changePercent: number | null;
}
interface Row {
  propertyName: string;
  scans: number;
  bansAdded: number;
}
interface Usage {
  reportedDateLocal: string;
  totals: Record<string, Metric>;
  alerts: Record<string, Metric>;
  warnings: Record<string, Metric>;
  byProperty: Row[];
  activity: { points: { date: string; scans: number }[] };
}

const count = (value: number) => new Intl.NumberFormat("en-US").format(value);
/** "0 %" or "0.0 %" standing alone: a zero percentage, which a null change must never become. */
const ZERO_PERCENT = /(?<![\d.,])0(?:\.0+)?\s?%/;

const totals = (page: Page) => page.getByRole("region", { name: "Totals" });
const alerts = (page: Page) => page.getByRole("region", { name: "Alerts — something was found" });
const warnings = (page: Page) =>
  page.getByRole("region", { name: "Warnings — nothing found, a threshold was crossed" });
const tile = (region: Locator, label: string) =>
  region.getByRole("listitem").filter({ has: region.page().getByRole("heading", { name: label, exact: true }) });
const table = (page: Page) => page.getByTestId("property-table");
const bodyRows = (page: Page) => table(page).locator("tbody tr");

async function usage(page: Page): Promise<Usage> {
  return (await simulatorControl(page.request).usage()) as Usage;
}

/** Waits until the table's rows name exactly these properties, in this order (a row may add "No arrivals"). */
async function expectRowNames(page: Page, names: string[]): Promise<void> {
  await expect(bodyRows(page).locator("th")).toHaveText(
    names.map((name) => new RegExp(`^\\s*${escapeRegExp(name)}(\\s*No arrivals)?\\s*$`)),
    { useInnerText: true },
  );
}

test.beforeEach(async ({ request }) => {
  await simulatorControl(request).reset();
});

test.describe("as an admin with the full demo key", () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, "admin", "/");
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await settled(page, totals(page), table(page));
  });

  test("shows totals, alerts and warnings as three separate regions with the API's figures", async ({ page }) => {
    const report = await usage(page);
    await expect(totals(page)).toBeVisible();
    await expect(alerts(page)).toBeVisible();
    await expect(warnings(page)).toBeVisible();

    await expect(totals(page).getByRole("listitem")).toHaveCount(5);
    await expect(alerts(page).getByRole("listitem")).toHaveCount(3);
    await expect(warnings(page).getByRole("listitem")).toHaveCount(2);

    await expect(tile(totals(page), "Scans").getByTestId("tile-value")).toHaveText(count(report.totals.scans!.value!));
    await expect(tile(alerts(page), "Ban matches").getByTestId("tile-value")).toHaveText(
      count(report.alerts.banMatches!.value!),
    );
    await expect(tile(warnings(page), "Age").getByTestId("tile-value")).toHaveText(
      count(report.warnings.ageAlert!.value!),
    );

    // Never summed: no tile, heading or figure in either block speaks of a total of both.
    for (const region of [alerts(page), warnings(page)]) {
      await expect(region).not.toContainText(/total/i);
    }
    await expect(page.getByText(/alerts and warnings\s*(total|combined)/i)).toHaveCount(0);
    await expect(alerts(page).getByRole("heading", { name: "Age" })).toHaveCount(0);
    await expect(warnings(page).getByRole("heading", { name: "Ban matches" })).toHaveCount(0);
  });

  test("reads Not recorded for the local warnings, never 0", async ({ page }) => {
    const report = await usage(page);
    expect(report.warnings.localAlert!.value).toBeNull();
    const local = tile(warnings(page), "Local");
    await expect(local.getByTestId("tile-value")).toContainText("Not recorded");
    await expect(local.getByTestId("tile-value")).not.toContainText(/\b0\b/);
  });

  test("where the API gives no change (several zones), shows Daybook's from the stored day before, and no 0 % anywhere", async ({
    page,
  }) => {
    const report = await usage(page);
    expect(report.totals.scans!.changePercent).toBeNull();
    const scans = tile(totals(page), "Scans");
    // The newest stored day's day before is stored: Daybook compares, and says that it did.
    await expect(scans.getByTestId("tile-change")).toHaveAttribute("data-source", "daybook");
    await expect(scans.getByTestId("tile-change")).toHaveText(/vs \w{3} \d{1,2} \w{3}, stored/);
    await expect(page.getByTestId("tile-change")).toHaveCount(10);
    // Local warnings are not recorded: no change there, and why once under its block, not on the tile.
    await expect(tile(warnings(page), "Local").getByTestId("tile-change")).toHaveText(/No comparable baseline$/);
    await expect(warnings(page).getByTestId("block-baseline-note")).toHaveCount(1);
    await settled(page);
    await expect(page.getByRole("main")).not.toContainText(ZERO_PERCENT, { useInnerText: true });
  });

  test("shows the reported day, when the figures were generated and requested, and that a stored copy is normal", async ({
    page,
  }) => {
    const report = await usage(page);
    await expect(page.getByTestId("reported-day")).toHaveAttribute("datetime", report.reportedDateLocal);
    // Figures first: one line of provenance, the rest behind it.
    await page.getByTestId("provenance").click();
    await expect(page.getByTestId("generated-at")).toBeVisible();
    await expect(page.getByTestId("requested-at")).toBeVisible();
    await expect(page.getByText(/serves that stored copy: a gap of hours/)).toBeVisible();
  });

  test("lists every property, Quiet Pines Motel with zeros, both Seaside Suites, and checks the sums", async ({
    page,
  }) => {
    const { usage: report, labels } = await usageWithHeldGuests<Usage>(page);
    await page.reload();
    await expect(bodyRows(page)).toHaveCount(report.byProperty.length);
    await expectRowNames(page, labels);
    // Told apart by zone, as their arrivals are in the coverage table below.
    await expect(bodyRows(page).filter({ hasText: /Seaside Suites \((Los Angeles|New York) time\)/ })).toHaveCount(2);
    const seaside = labels.filter((label) => label.startsWith("Seaside Suites")).sort();
    const coverage = page
      .getByTestId("coverage-day")
      .getByRole("rowheader")
      .filter({ hasText: /^Seaside Suites/ });
    await expect(coverage).toHaveText(seaside.map((label) => new RegExp(`^${escapeRegExp(label)}`)));

    const quiet = bodyRows(page).filter({ hasText: "Quiet Pines Motel" });
    await expect(quiet).toContainText("No arrivals");
    await expect(quiet.locator('[data-column="scans"]')).toHaveText("0");
    await expect(quiet.locator('[data-column="bansAdded"]')).toHaveText("0");
    await expect(quiet.locator('[data-column="manualShare"]')).toHaveText("—");

    await expect(page.getByTestId("sum-check")).toHaveText(
      "Check: every column of the rows adds up to its headline figure. Not checked, as not recorded: local warnings.",
    );
    await expect(page.getByTestId("sum-mismatch")).toHaveCount(0);
  });

  test("sorts by scans from the column header, by mouse and keyboard", async ({ page }) => {
    const { usage: report, labels } = await usageWithHeldGuests<Usage>(page);
    await page.reload();
    const scansHeader = table(page).getByRole("columnheader", { name: /Scans/ }).first();
    // Before sorting: the API's order.
    const before = [...labels];
    await expectRowNames(page, before);

    await scansHeader.getByRole("button").click();
    await expect(scansHeader).toHaveAttribute("aria-sort", "descending");
    const descending = report.byProperty
      .map((row, index) => ({ scans: row.scans, label: labels[index]! }))
      .sort((a, b) => b.scans - a.scans)
      .map((row) => row.label);
    await expectRowNames(page, descending);
    expect(descending).not.toEqual(before);

    await scansHeader.getByRole("button").press("Enter");
    await expect(scansHeader).toHaveAttribute("aria-sort", "ascending");
    await expect(bodyRows(page).first().locator("th")).toHaveText(/^\s*Quiet Pines Motel(\s*No arrivals)?\s*$/, {
      useInnerText: true,
    });

    const propertyHeader = table(page).getByRole("columnheader", { name: /Property/ });
    await propertyHeader.getByRole("button").focus();
    await page.keyboard.press("Space");
    await expect(propertyHeader).toHaveAttribute("aria-sort", "ascending");
    await expect(scansHeader).not.toHaveAttribute("aria-sort", /.+/);
  });

  test("shows the daily activity as a chart with the points in text", async ({ page }) => {
    const report = await usage(page);
    const activity = page.getByRole("region", { name: "Daily activity" });
    await expect(activity.getByTestId("activity-summary")).toContainText(`${report.activity.points.length} days`);
    await activity.scrollIntoViewIfNeeded();
    await expect(activity.locator(".recharts-surface")).toBeVisible();
    await expect(activity.getByRole("table", { name: "Scans per day" }).locator("tbody tr")).toHaveCount(
      report.activity.points.length,
    );
    const last = report.activity.points.at(-1)!;
    expect(last.scans).toBe(report.totals.scans!.value);
  });

  test("refreshes on request from the day Daybook holds, without asking the API again", async ({ page, request }) => {
    const shown = count((await usage(page)).totals.scans!.value!);
    const scans = tile(totals(page), "Scans").getByTestId("tile-value");
    await expect(scans).toHaveText(shown);
    await expect(page.getByTestId("provenance")).toContainText(/Daybook's stored copy of .+, read /);
    const simulator = simulatorControl(request);
    const before = (await simulator.requests()).length;
    const answered = page.waitForResponse((response) => response.url().includes("/api/reports/usage"));
    await page.getByRole("button", { name: "Refresh" }).click();
    expect((await answered).status()).toBe(200);
    await expect(page.getByRole("button", { name: "Refresh" })).toBeVisible();
    await expect(scans).toHaveText(shown);
    // The figures of a day are computed once: the copy Daybook holds answers.
    expect(await simulator.requests()).toHaveLength(before);
  });

  test("loads the chart only when its box comes near the viewport, in a box that does not move", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.reload();
    await settled(page, totals(page), table(page));
    const activity = page.getByRole("region", { name: "Daily activity" });
    const gap = await activity.evaluate((element) => element.getBoundingClientRect().top - window.innerHeight);
    // Far enough below the fold that the chart has not been asked for yet.
    expect(gap).toBeGreaterThan(400);
    await expect(activity.locator(".recharts-wrapper")).toHaveCount(0);
    const before = await activity.boundingBox();

    await activity.scrollIntoViewIfNeeded();
    await expect(activity.locator(".recharts-surface")).toBeVisible();
    await settled(page);
    const after = await activity.boundingBox();
    expect(after?.height).toBe(before?.height);
  });

  test("fits a 390 px wide screen: the table scrolls inside its own box", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page, table(page));
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const box = table(page).locator("xpath=..");
    expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });
});

test("a viewer of Harbour View sees their figures, Daybook's comparison and their daily activity, no breakdown", async ({
  page,
}) => {
  await signInAs(page, "viewer", "/");
  // One property is the whole page: no one-row table by property.
  await settled(page, tile(totals(page), "Scans"));
  await expect(page.getByTestId("by-property")).toHaveCount(0);
  const scans = tile(totals(page), "Scans");
  await expect(scans.getByTestId("tile-change")).toHaveAttribute("data-source", "daybook");
  await expect(page.getByTestId("narrowed-note")).toContainText("covers the whole group");
  await expect(page.getByTestId("activity-summary")).toContainText("Scans per day at your properties");
  await settled(page);
  // When the whole group's figures were generated follows the other properties' days: not shown.
  await page.getByTestId("provenance").click();
  await expect(page.getByTestId("requested-at")).toBeVisible();
  await expect(page.getByTestId("generated-at")).toHaveCount(0);
  await expect(page.getByRole("main")).not.toContainText(ZERO_PERCENT, { useInnerText: true });
  for (const other of ["Seaside Suites", "Quiet Pines Motel", "Riverside & Co. Hotel"]) {
    await expect(page.getByText(other)).toHaveCount(0);
  }
});

test("shows the Partner API's message as its notice, to those who see every property", async ({
  page,
  request,
  browser,
}) => {
  const message = "Figures were recalculated after a late kiosk sync <b>not bold</b>.";
  // A day Daybook does not hold yet, so the overview asks the API, which sends the message.
  await simulatorControl(request).onADayNotHeld();
  await request.post(`${SIMULATOR_URL}/__simulator/faults`, { data: { message } });
  await signInAs(page, "admin", "/");
  const notice = page.getByRole("status").filter({ hasText: "Notice from the Partner API" });
  await expect(notice).toBeVisible();
  await expect(notice.getByTestId("upstream-message")).toHaveText(message);

  // The message speaks of the whole group: a viewer of one property is not shown it.
  const viewer = await browser.newPage();
  await signInAs(viewer, "viewer", "/");
  await settled(viewer, viewer.getByTestId("tile-totals-scans"));
  await expect(viewer.getByText("Notice from the Partner API")).toHaveCount(0);
  await viewer.close();
});

test("shows the error and the correlation id to quote when the API keeps failing", async ({ page, request }) => {
  await signInAs(page, "admin", "/status");
  const simulator = await simulatorFailingTwice(request);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expectFaultToQuote(page.getByTestId("usage-error"), simulator);
  await expect(totals(page)).toHaveCount(0);

  // Refresh asks again and, the fault gone, shows the figures.
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(totals(page)).toBeVisible();
  await expect(page.getByTestId("usage-error")).toHaveCount(0);
});

test("says the report is not enabled when the key lacks the scope, and only this section is unavailable", async ({
  page,
  request,
}) => {
  await signInAs(page, "admin", "/status");
  await simulatorControl(request).reset();
  await simulatorControl(request).onADayNotHeld();
  await simulatorControl(request).queueFaults("insufficient_scope");
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expect(page.getByTestId("usage-error").getByRole("alert")).toContainText(
    "This report is not enabled for Daybook's key",
  );
  await expect(page.getByTestId("usage-error")).toContainText("the other sections still work");
  await expect(page.getByTestId("error-code")).toHaveText("insufficient_scope");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});
