import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { addDays, DEMO_HISTORY_DAYS, DEMO_NEWEST, DEMO_OLDEST, harbourOn, KIOSK_OUTAGE } from "@/e2e/support/demo-days";
import { settled } from "@/e2e/support/settled";
import { simulatorControl } from "@/e2e/support/simulator";
import { escapeRegExp } from "@/e2e/support/text";
import { kioskOutagesBetween } from "@/simulator/data/unusual-days";

/**
 * The unusual days listed on Properties, over the demo's 30 stored days: Harbour View Hotel's kiosk
 * outage (manual entry about 45 %, usually about 12–28 %) is among them. The suite's server lists
 * two rows a page (DAYBOOK_UNUSUAL_DAYS_PER_PAGE in playwright.config.ts), so the demo's few unusual
 * days fill several pages.
 */

const HARBOUR = "Harbour View Hotel";
const REGIONAL_PROPERTIES = [
  HARBOUR,
  "Seaside Suites",
  "Riverside & Co. Hotel",
  "Hôtel Élysée Montréal",
  "Quiet Pines Motel",
];
const PER_PAGE = 2;
const STORED_DAYS = DEMO_HISTORY_DAYS;

const NEWEST = DEMO_NEWEST;
const FIRST = DEMO_OLDEST;
const OUTAGE = KIOSK_OUTAGE;
const shortDay = (day: string) =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

const section = (page: Page) => page.getByTestId("unusual-days");
const rows = (page: Page) => section(page).getByTestId("unusual-day-row");

async function openList(page: Page, role: "regional" | "admin", query = "") {
  await signInAs(page, role, `/properties${query}`);
  await settled(page, section(page));
}

/** Every row of every page, read page by page through "Older". */
async function allRows(page: Page): Promise<{ day: string; property: string; figure: string }[]> {
  const seen: { day: string; property: string; figure: string }[] = [];
  for (;;) {
    await expect(rows(page).first()).toBeVisible();
    for (const row of await rows(page).all()) {
      seen.push({
        day: (await row.getAttribute("data-day"))!,
        property: (await row.locator('[data-column="property"]').textContent())!,
        figure: (await row.locator('[data-column="figure"]').textContent())!,
      });
    }
    const older = section(page).getByRole("link", { name: "Older" });
    if ((await older.count()) === 0) return seen;
    const before = await section(page).getByTestId("unusual-days-page").textContent();
    await older.click();
    await expect(section(page).getByTestId("unusual-days-page")).not.toHaveText(before!);
  }
}

/** The outage's row, found by its day among Harbour View Hotel's rows. */
function outageRow(page: Page): Locator {
  return rows(page)
    .filter({ has: page.locator(`[data-column="day"] time[datetime="${OUTAGE}"]`) })
    .filter({
      has: page.locator('[data-column="property"]', { hasText: HARBOUR }),
    });
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('[data-testid="unusual-days"]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.beforeEach(async ({ request }) => {
  await simulatorControl(request).reset();
});

test("a regional manager finds the outage day listed with its figure and usual range, and opens it", async ({
  page,
  request,
}) => {
  const harbour = await harbourOn(request, OUTAGE);
  const share = ((harbour.manualEntry * 100) / harbour.scans).toFixed(1);
  await openList(page, "regional", `?unusual-property=${encodeURIComponent(HARBOUR)}`);
  await expect(section(page)).toContainText(`in the last ${STORED_DAYS} stored days`);
  await expect(section(page).getByLabel("Property")).toHaveValue(HARBOUR);

  const row = outageRow(page);
  // Harbour View Hotel's newest unusual day: first on its first page.
  await expect(row).toHaveCount(1);
  await expect(row.locator('[data-column="day"]')).toHaveText(shortDay(OUTAGE));
  await expect(row.locator('[data-column="figure"]')).toContainText("Manual entry");
  await expect(row.locator('[data-column="figure"]')).toContainText("Above the usual range");
  await expect(row.locator('[data-column="value"]')).toHaveText(`${share} %`);
  await expect(row.locator('[data-column="usual"]')).toHaveText(/^\d+(\.\d)?–\d+(\.\d)? %$/);
  const [low, high] = (await row.locator('[data-column="usual"]').textContent())!
    .replace(" %", "")
    .split("–")
    .map(Number);
  expect(Number(share)).toBeGreaterThan(high!);
  expect(low!).toBeLessThan(high!);
  await expect(section(page).getByTestId("how-judged")).toContainText("How this is judged");
  await expectNoAxeViolations(page);

  // The day opens side by side, its manual entry at Harbour View Hotel marked unusual there too.
  await row.getByRole("link", { name: shortDay(OUTAGE) }).click();
  await expect(page).toHaveURL(new RegExp(`/properties\\?day=${OUTAGE}&range=30#side-by-side$`));
  await expect(page.getByTestId("compared-day")).toHaveAttribute("datetime", OUTAGE);
  const table = page.getByTestId("side-by-side-table");
  await settled(page, table);
  const cell = table
    .locator("tbody tr")
    .filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${escapeRegExp(HARBOUR)}`) }) })
    .locator('[data-column="manualShare"]');
  await expect(cell).toHaveAttribute("data-unusual", "true");
  // The list now ends with the opened day, the outage at its top.
  await expect(rows(page).first()).toHaveAttribute("data-day", OUTAGE);
});

test("the list holds only the person's own properties, newest first, a page at a time", async ({ page }) => {
  await openList(page, "regional");
  const listed = await allRows(page);
  expect(listed.length).toBeGreaterThan(PER_PAGE);
  expect(listed.map((row) => row.day)).toEqual(
    listed
      .map((row) => row.day)
      .sort()
      .reverse(),
  );
  expect(new Set(listed.map((row) => JSON.stringify(row))).size).toBe(listed.length);
  for (const row of listed) {
    expect(
      REGIONAL_PROPERTIES.some((name) => row.property.startsWith(name)),
      row.property,
    ).toBe(true);
  }
  expect(listed.some((row) => row.day === OUTAGE && row.property === HARBOUR)).toBe(true);
  const pages = Math.ceil(listed.length / PER_PAGE);
  await expect(section(page).getByTestId("unusual-days-page")).toHaveText(`Page ${pages} of ${pages}`);
  await expect(section(page).getByTestId("unusual-days-count")).toHaveText(
    `${listed.length} unusual rates, ${(pages - 1) * PER_PAGE + 1}–${listed.length} shown`,
  );

  // Back to the newer page, and the filter's choices are the person's properties only.
  await section(page).getByRole("link", { name: "Newer" }).click();
  await expect(section(page).getByTestId("unusual-days-page")).toHaveText(`Page ${pages - 1} of ${pages}`);
  const choices = await section(page).getByLabel("Property").locator("option").allTextContents();
  expect(choices[0]).toBe("All your properties");
  for (const choice of choices.slice(1)) {
    expect(
      REGIONAL_PROPERTIES.some((name) => choice.startsWith(name)),
      choice,
    ).toBe(true);
  }
});

test("an admin narrows the list to one property with the filter, and back to all", async ({ page }) => {
  await openList(page, "admin");
  const total = Number((await section(page).getByTestId("unusual-days-count").textContent())!.split(" ")[0]);
  await section(page).getByLabel("Property").selectOption(HARBOUR);
  await section(page).getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/unusual-property=Harbour\+View\+Hotel/);
  await settled(page, section(page));
  await expect(section(page).getByTestId("unusual-days-count")).toContainText(`at ${HARBOUR}`);
  const harbour = await allRows(page);
  expect(harbour.every((row) => row.property === HARBOUR)).toBe(true);
  expect(harbour.some((row) => row.day === OUTAGE)).toBe(true);
  expect(harbour.length).toBeLessThan(total);

  await section(page).getByLabel("Property").selectOption("");
  await section(page).getByRole("button", { name: "Show", exact: true }).click();
  await settled(page, section(page));
  await expect(section(page).getByTestId("unusual-days-count")).toHaveText(
    `${total} unusual rates, 1–${PER_PAGE} shown`,
  );
});

test("says so where no stored day was unusual, counting only the days Daybook stored", async ({ page }) => {
  // The sixth stored day: six stored days up to it, none with the history to be judged.
  const early = addDays(FIRST, 5);
  await openList(page, "admin", `?day=${early}&range=7`);
  await expect(section(page)).toContainText("No unusual days in the last 6 stored days");
  await expect(rows(page)).toHaveCount(0);
});

test("a property that is not the person's narrows nothing and is not named", async ({ page }) => {
  // Grand Hotel Zürich is the group's, not the regional manager's: the list is not narrowed to it.
  await openList(page, "regional", `?unusual-property=${encodeURIComponent("Grand Hotel Zürich")}`);
  await expect(section(page).getByRole("status").filter({ hasText: "Showing all your properties" })).toBeVisible();
  await expect(section(page).getByLabel("Property")).toHaveValue("");
  await expect(rows(page)).toHaveCount(PER_PAGE);
  await expect(section(page).locator("tbody")).not.toContainText("Grand Hotel Zürich");
});

test("on a phone each unusual day keeps its figure and usual range in view", async ({ page, request }) => {
  const harbour = await harbourOn(request, OUTAGE);
  const share = ((harbour.manualEntry * 100) / harbour.scans).toFixed(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await openList(page, "regional", `?unusual-property=${encodeURIComponent(HARBOUR)}`);
  const entry = section(page).getByTestId("unusual-days-entries").locator(`li[data-day="${OUTAGE}"]`);
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(`Manual entry ${share} %`);
  await expect(entry).toContainText(/Usual range \d+(\.\d)?–\d+(\.\d)? %/);
  await expect(entry.getByRole("link", { name: shortDay(OUTAGE) })).toHaveAttribute(
    "href",
    `/properties?day=${OUTAGE}&range=30#side-by-side`,
  );
  await expect(section(page).getByTestId("unusual-days-table")).toBeHidden();
  await expectNoAxeViolations(page);
});

test("the Overview's one line lists the property manager's unusual days of the last seven stored days", async ({
  page,
}) => {
  const recent = kioskOutagesBetween(addDays(NEWEST, -6), NEWEST);
  await signInAs(page, "viewer", "/");
  await settled(page, page.getByTestId("provenance"));
  const line = page.getByTestId("unusual-days-line");
  if (recent.length === 0) {
    await expect(line).toHaveCount(0);
    return;
  }
  await expect(line).toContainText("Unusual days in the last 7 stored days:");
  // A property manager cannot open Properties: the days are listed under the line, each a link to it.
  await line.locator("summary").click();
  const entry = line
    .getByTestId("unusual-days-line-entry")
    .filter({ has: page.locator(`time[datetime="${recent[0]}"]`) });
  await expect(entry).toContainText(HARBOUR);
  await entry.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/\\?day=${recent[0]}$`));
  await expect(page.getByTestId("reported-day")).toHaveAttribute("datetime", recent[0]!);
});
