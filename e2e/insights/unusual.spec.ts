import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { addDays, DEMO_OLDEST, harbourOn, KIOSK_OUTAGE } from "@/e2e/support/demo-days";
import { settled } from "@/e2e/support/settled";
import { simulatorControl } from "@/e2e/support/simulator";
import { escapeRegExp } from "@/e2e/support/text";

/**
 * Unusual days on the demo's history: the simulator's Harbour View Hotel has a kiosk outage (manual
 * entry about 45 %, usually about 12–28 %) every 16 days, so the 30 stored days hold exactly one
 * with the 14 stored days before it that Daybook needs to judge a day.
 */

const HARBOUR = "Harbour View Hotel";
const RIVERSIDE = "Riverside & Co. Hotel";

const FIRST = DEMO_OLDEST;
const OUTAGE = KIOSK_OUTAGE;
/** A stored day with only five stored days before it. */
const EARLY = addDays(FIRST, 5);

const rowOf = (table: Locator, name: string) =>
  table
    .locator("tbody tr")
    .filter({ has: table.page().getByRole("rowheader", { name: new RegExp(escapeRegExp(name)) }) });

/** The outage day's manual-entry cell: marked in words, with the sentence as its description and tooltip. */
async function expectOutageMarked(page: Page, table: Locator, request: APIRequestContext) {
  const harbour = await harbourOn(request, OUTAGE);
  const share = ((harbour.manualEntry * 100) / harbour.scans).toFixed(1);
  const sentence = new RegExp(`^Manual entry ${escapeRegExp(share)} %, usually \\d+(\\.\\d)?–\\d+(\\.\\d)? %$`);

  const cell = rowOf(table, HARBOUR).locator('[data-column="manualShare"]');
  await expect(cell).toHaveAttribute("data-unusual", "true");
  await expect(cell.getByTestId("unusual-mark")).toContainText("Unusual");
  await expect(cell).toHaveAttribute("title", sentence);
  await expect(cell.getByTestId("unusual-mark").locator(".sr-only")).toHaveText(
    new RegExp(`^: ${sentence.source.slice(1)}`),
  );
  await expect(
    // The notes under this table, not those of the Overview's screening-coverage table.
    table
      .locator("xpath=ancestor::section[1]")
      .getByTestId("unusual-sentence")
      .filter({ hasText: `${HARBOUR}: Manual entry ${share} %` }),
  ).toHaveText(new RegExp(`^${escapeRegExp(HARBOUR)}: ${sentence.source.slice(1)}`));
  await expect(rowOf(table, HARBOUR).getByTestId("not-enough-history")).toHaveCount(0);
}

/** The Overview of a stored day, chosen by its address. */
async function overviewOf(page: Page, day: string) {
  await signInAs(page, "admin");
  await page.goto(`/?day=${day}`);
  const table = page.getByTestId("property-table");
  await settled(page, table);
  await expect(page.getByTestId("reported-day")).toHaveAttribute("datetime", day);
  return table;
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.beforeEach(async ({ request }) => {
  await simulatorControl(request).reset();
});

test.describe("the Overview", () => {
  test("marks the outage day's manual entry at Harbour View Hotel, with its sentence", async ({ page, request }) => {
    const table = await overviewOf(page, OUTAGE);
    await expectOutageMarked(page, table, request);
    await expect(page.getByTestId("by-property").getByTestId("unusual-notes")).toContainText(
      "median ± 3 × the scaled median absolute deviation",
    );
    await expectNoAxeViolations(page);
  });

  test("the next day is usual again at Harbour View Hotel: one odd day in the history moves nothing", async ({
    page,
  }) => {
    const table = await overviewOf(page, addDays(OUTAGE, 1));
    await expect(page.getByTestId("by-property").getByTestId("unusual-notes")).toBeVisible();
    await expect(rowOf(table, HARBOUR).locator('[data-column="manualShare"]')).not.toHaveAttribute(
      "data-unusual",
      "true",
    );
  });

  test("says not enough history on a day with only five stored days before it, and flags nothing", async ({ page }) => {
    const table = await overviewOf(page, EARLY);
    await expect(rowOf(table, RIVERSIDE).getByTestId("not-enough-history")).toHaveText("Not enough history");
    await expect(rowOf(table, HARBOUR).getByTestId("not-enough-history")).toHaveText("Not enough history");
    // A property without arrivals has no rate to judge: "No arrivals", never "not enough history".
    await expect(rowOf(table, "Quiet Pines Motel").getByTestId("not-enough-history")).toHaveCount(0);
    await expect(table.locator('[data-unusual="true"]')).toHaveCount(0);
    await expect(page.getByTestId("by-property").getByTestId("unusual-sentence")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test.describe("the Properties comparison", () => {
  test("marks the outage day side by side for a regional manager", async ({ page, request }) => {
    await signInAs(page, "regional", `/properties?day=${OUTAGE}`);
    const table = page.getByTestId("side-by-side-table");
    await settled(page, table);
    await expect(page.getByTestId("compared-day")).toHaveAttribute("datetime", OUTAGE);
    await expectOutageMarked(page, table, request);
    await expectNoAxeViolations(page);
  });

  test("says not enough history early in the stored days", async ({ page }) => {
    await signInAs(page, "regional", `/properties?day=${EARLY}`);
    const table = page.getByTestId("side-by-side-table");
    await settled(page, table);
    await expect(page.getByTestId("compared-day")).toHaveAttribute("datetime", EARLY);
    await expect(rowOf(table, HARBOUR).getByTestId("not-enough-history")).toHaveText("Not enough history");
    await expect(table.locator('[data-unusual="true"]')).toHaveCount(0);
  });
});
