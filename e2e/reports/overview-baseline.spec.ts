import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { addDays, DEMO_HISTORY_DAYS, DEMO_NEWEST, DEMO_OLDEST, usageRowsOn } from "@/e2e/support/demo-days";
import { settled } from "@/e2e/support/settled";
import { simulatorControl } from "@/e2e/support/simulator";

/**
 * The Overview's own baseline: where the API's change does not apply (a person who sees part of
 * the group) or is null (the group spans several zones), Daybook compares the shown day with its
 * stored day before, for the same properties, and says so; where it holds no day before, it says
 * that once per block. Scoped people get their daily activity from the stored days.
 */

const HARBOUR = "Harbour View Hotel";
const RIVERSIDE = "Riverside & Co. Hotel";
const HISTORY_DAYS = DEMO_HISTORY_DAYS;

const NEWEST = DEMO_NEWEST;
const OLDEST = DEMO_OLDEST;
/** A stored day whose day before is stored too. */
const SHOWN = addDays(NEWEST, -1);

interface Row {
  propertyName: string;
  scans: number;
}

const rowsOn = (request: APIRequestContext, day: string) => usageRowsOn<Row>(request, day);

const scansOf = (rows: readonly Row[], names: readonly string[]) =>
  rows.filter((row) => names.includes(row.propertyName)).reduce((total, row) => total + row.scans, 0);

/** "Mon 23 Nov", written out here so the screen is checked against a rule of the test's own. */
const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });

function expectedWords(today: number, before: number, dayBefore: string): RegExp {
  const difference = today - before;
  const against = `vs ${dayLabel(dayBefore).replace(",", "")}, stored`;
  if (difference === 0) return new RegExp(`No change ${against}$`);
  const sign = difference > 0 ? "\\+" : "−";
  return new RegExp(`${sign}${new Intl.NumberFormat("en-US").format(Math.abs(difference))} ${against}`);
}

const scansTile = (page: Page) => page.getByTestId("tile-totals-scans");
const ZERO_PERCENT = /(?<![\d.,])0(?:\.0+)?\s?%/;

async function overviewOf(page: Page, who: "viewer" | "supervisor" | "admin", day: string): Promise<Locator> {
  await signInAs(page, who);
  await page.goto(`/?day=${day}`);
  const tile = scansTile(page);
  await settled(page, tile);
  await expect(page.getByTestId("reported-day")).toHaveAttribute("datetime", day);
  return tile;
}

test.beforeEach(async ({ request }) => {
  await simulatorControl(request).reset();
});

for (const [who, names] of [
  ["viewer", [HARBOUR]],
  ["supervisor", [RIVERSIDE, HARBOUR]],
] as const) {
  test(`the ${who} sees Daybook's own change of their properties against the stored day before`, async ({
    page,
    request,
  }) => {
    const before = scansOf(await rowsOn(request, addDays(SHOWN, -1)), names);
    const today = scansOf(await rowsOn(request, SHOWN), names);
    const tile = await overviewOf(page, who, SHOWN);
    await expect(tile.getByTestId("tile-value")).toHaveText(new Intl.NumberFormat("en-US").format(today));
    const change = tile.getByTestId("tile-change");
    await expect(change).toHaveAttribute("data-source", "daybook");
    await expect(change).toHaveText(expectedWords(today, before, addDays(SHOWN, -1)));
    await expect(change).toHaveAttribute("title", "Daybook's comparison of stored days");
    // The whole-group caveat is said once on the page, never per tile.
    await expect(page.getByTestId("narrowed-note")).toHaveCount(1);
    await expect(page.getByText("the API's comparison covers the whole group")).toHaveCount(0);
    await expect(page.getByRole("main")).not.toContainText(ZERO_PERCENT, { useInnerText: true });
  });
}

test("an admin sees Daybook's change where the API gives none for a group in several zones", async ({
  page,
  request,
}) => {
  const names = (await rowsOn(request, SHOWN)).map((row) => row.propertyName);
  const before = scansOf(await rowsOn(request, addDays(SHOWN, -1)), names);
  const today = scansOf(await rowsOn(request, SHOWN), names);
  const tile = await overviewOf(page, "admin", SHOWN);
  await expect(tile.getByTestId("tile-change")).toHaveAttribute("data-source", "daybook");
  await expect(tile.getByTestId("tile-change")).toHaveText(expectedWords(today, before, addDays(SHOWN, -1)));
  // Local warnings are not recorded in the demo: no change, and why, once under the warnings.
  const local = page.getByTestId("tile-warnings-localAlert");
  await expect(local.getByTestId("tile-change")).toHaveText(/No comparable baseline$/);
  await expect(page.getByTestId("block-warnings").getByTestId("block-baseline-note")).toHaveText(
    /^No comparable baseline \(Local\): not recorded/,
  );
});

test("on the oldest stored day there is no day before: the words, once per block", async ({ page }) => {
  await overviewOf(page, "supervisor", OLDEST);
  await expect(page.getByTestId("tile-change")).toHaveCount(10);
  await expect(page.getByTestId("tile-change")).toHaveText(Array.from({ length: 10 }, () => /No comparable baseline$/));
  await expect(page.getByTestId("block-baseline-note")).toHaveCount(3);
  await expect(page.getByTestId("block-baseline-note").first()).toHaveText(
    `No comparable baseline: Daybook has not stored ${dayLabel(addDays(OLDEST, -1)).replace(",", "")}, the day before.`,
  );
});

test("the property manager of one hotel gets daily activity from stored days and no by-property table", async ({
  page,
  request,
}) => {
  const today = scansOf(await rowsOn(request, SHOWN), [HARBOUR]);
  await overviewOf(page, "viewer", SHOWN);
  await expect(page.getByTestId("by-property")).toHaveCount(0);
  await expect(page.getByTestId("property-table")).toHaveCount(0);
  const activity = page.getByTestId("activity");
  await expect(activity.getByTestId("activity-summary")).toContainText("Scans per day at your properties");
  await expect(activity.getByTestId("activity-unavailable")).toHaveCount(0);
  // The shown day's scans are Harbour View's; a day before the stored history is a gap, not 0.
  const rows = activity.getByTestId("activity-table").locator("tbody tr");
  await expect(rows).toHaveCount(HISTORY_DAYS);
  await expect(rows.last().locator("td")).toHaveText(new Intl.NumberFormat("en-US").format(today));
  await expect(rows.first().locator("td")).toHaveText("Not stored");
  // The chart loads when its box comes near the viewport.
  await activity.scrollIntoViewIfNeeded();
  await expect(activity.locator(".recharts-surface").first()).toBeVisible();
  // One Harbour View Hotel label on the page's tables: no "(1 of …)" numbering for a name not shared.
  await expect(page.getByText(/Harbour View Hotel \(/)).toHaveCount(0);
});

test("the provenance is one line, the rest behind it", async ({ page }) => {
  await overviewOf(page, "viewer", SHOWN);
  const provenance = page.getByTestId("provenance");
  await expect(provenance).toHaveText(
    new RegExp(`^Daybook's stored copy of ${dayLabel(SHOWN).replace(",", "")}, read \\d{2}:\\d{2} UTC$`),
  );
  await expect(page.getByTestId("requested-at")).toBeHidden();
  await provenance.click();
  await expect(page.getByTestId("requested-at")).toBeVisible();
});

test("screening coverage shows the same day as the figures above it, yesterday and a stored day", async ({ page }) => {
  const longDay = (day: string) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
      weekday: "long",
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    });
  await signInAs(page, "supervisor", "/");
  for (const path of ["/", `/?day=${SHOWN}`]) {
    await page.goto(path);
    await settled(page, scansTile(page));
    const day = await page.getByTestId("reported-day").getAttribute("datetime");
    await expect(page.getByTestId("screening-coverage")).toContainText(`from the stored guests of ${longDay(day!)}`);
  }
});
