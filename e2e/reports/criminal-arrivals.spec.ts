import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { expectFaultToQuote, simulatorFailingTwice } from "@/e2e/support/faults";
import { settled } from "@/e2e/support/settled";
import { simulatorControl, simulatorReport } from "@/e2e/support/simulator";
import { DEMO_EU_POLICY, DEMO_EU_PROPERTY } from "@/lib/features/privacy/demo";

interface Item {
  propertyName: string;
  checkInAtUtc: string;
  firstName: string;
  lastName: string;
  hasCriminalRecord: boolean;
  isSexualOffender: boolean;
  crimeTypes: string[];
  offenseDescriptions: string[];
  acknowledgedAtUtc: string | null;
  acknowledgedAtLocal: string | null;
}

interface Report {
  totalCount: number;
  items: Item[];
}

const RIVERSIDE = "Riverside & Co. Hotel";
const HARBOUR = "Harbour View Hotel";
const CRIME_TYPE_WORDS: Record<string, string> = {
  FELONY: "Felony",
  MISDEMEANOR: "Misdemeanor",
  PETTY_OFFENSE: "Petty offense",
};
const WITHHELD = "Sex-offender registry match: the API withholds offense details for these.";

/** The simulator's own report, read with the demo key: the oracle the screen is compared with. */
async function upstreamReport(request: APIRequestContext, propertyName?: string): Promise<Report> {
  return simulatorReport(request, "criminal-arrivals", propertyName);
}

const rows = (page: Page) => page.getByTestId("criminal-arrival");
const propertyField = (page: Page) => page.getByRole("combobox", { name: "Property", exact: true });

/** The one card of a guest: by the exact check-in instant and the name. */
function cardOf(page: Page, item: Item): Locator {
  return rows(page)
    .filter({ has: page.locator(`time[datetime="${item.checkInAtUtc}"]`) })
    .filter({ has: page.getByTestId("guest-name").getByText(`${item.firstName} ${item.lastName}`, { exact: true }) });
}

/** "2026-11-21 07:38:28" → "7:38 AM": the local wall clock as the screen should print it, worked out independently. */
function wallClock(local: string): string {
  const [, time] = local.split(" ");
  const [h, m] = time!.split(":").map(Number);
  return `${h! % 12 === 0 ? 12 : h! % 12}:${String(m).padStart(2, "0")} ${h! < 12 ? "AM" : "PM"}`;
}

/** Every card of the list: a long one is drawn 20 at a time, "Show all" draws the rest. */
async function allRows(page: Page) {
  await settled(page);
  const all = page.getByTestId("more-arrivals").getByRole("button", { name: /^Show all \d+$/ });
  if (await all.isVisible()) await all.click();
  return rows(page);
}

/** The screen, every card of it drawn (`all`), or the first 20 as it opens. */
async function openScreen(page: Page, path = "/criminal-arrivals", { all = true } = {}) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: "Criminal arrivals" })).toBeVisible();
  await settled(page);
  if (all) await allRows(page);
}

test.describe("criminal arrivals", () => {
  test.beforeEach(async ({ request }) => {
    await simulatorControl(request).reset();
  });

  test("shows one row per guest of the report, and the counts at the top", async ({ page, request }) => {
    await signInAs(page, "admin", "/criminal-arrivals");
    const report = await upstreamReport(request);
    expect(report.items.length).toBeGreaterThan(0);
    await openScreen(page, "/criminal-arrivals", { all: false });

    // A group's day is drawn 20 cards at a time.
    expect(report.totalCount).toBeGreaterThan(20);
    await expect(rows(page)).toHaveCount(20);
    await expect(page.getByTestId("shown-count")).toHaveText(`Showing 20 of ${report.totalCount}`);
    await page
      .getByTestId("more-arrivals")
      .getByRole("button", { name: `Show ${Math.min(20, report.totalCount - 20)} more` })
      .click();
    await expect(rows(page)).toHaveCount(Math.min(40, report.totalCount));
    await expect(await allRows(page)).toHaveCount(report.totalCount);
    await expect(page.getByTestId("more-arrivals")).toHaveCount(0);
    const open = report.items.filter((item) => item.acknowledgedAtUtc === null).length;
    await expect(page.getByTestId("summary")).toHaveText(
      `${report.totalCount} matches, of which ${open} not acknowledged at the desk`,
    );
    await expect(page.getByTestId("shown-count")).toHaveText(`Showing ${report.totalCount} of ${report.totalCount}`);

    // Each flag has its own badge in words.
    const both = report.items.find((item) => item.hasCriminalRecord && item.isSexualOffender)!;
    const card = cardOf(page, both);
    await expect(card).toHaveCount(1);
    await expect(card.getByText("Criminal record", { exact: true })).toBeVisible();
    await expect(card.getByText("Sex offender", { exact: true })).toBeVisible();
  });

  test("shows crime types and offense descriptions as two whole, separate lists", async ({ page, request }) => {
    await signInAs(page, "admin", "/criminal-arrivals");
    const report = await upstreamReport(request);
    const uneven = report.items.filter(
      (item) =>
        // The demo's EU policy keeps no offense details at its property: that card says so instead.
        item.propertyName !== DEMO_EU_PROPERTY &&
        item.crimeTypes.length > 0 &&
        item.offenseDescriptions.length > 0 &&
        item.crimeTypes.length !== item.offenseDescriptions.length,
    );
    // Both directions of unevenness are pinned at Riverside & Co. Hotel (1 type / 3 descriptions, 2 types / 1 description).
    expect(uneven.some((item) => item.crimeTypes.length < item.offenseDescriptions.length)).toBe(true);
    expect(uneven.some((item) => item.crimeTypes.length > item.offenseDescriptions.length)).toBe(true);
    await openScreen(page);

    for (const item of uneven) {
      const card = cardOf(page, item);
      await expect(card).toHaveCount(1);
      const types = card.getByTestId("crime-types");
      const descriptions = card.getByTestId("offense-descriptions");
      await expect(types.getByRole("heading", { name: "Crime types" })).toBeVisible();
      await expect(descriptions.getByRole("heading", { name: "Offense descriptions" })).toBeVisible();
      await expect(types.getByRole("listitem")).toHaveText(
        item.crimeTypes.map((type) => CRIME_TYPE_WORDS[type] ?? type),
      );
      await expect(descriptions.getByRole("listitem")).toHaveText(item.offenseDescriptions);
      // Nothing lines them up row by row.
      await expect(card.locator("table")).toHaveCount(0);
      await expect(card.getByRole("listitem")).toHaveCount(item.crimeTypes.length + item.offenseDescriptions.length);
    }
  });

  test("says the API withholds the offense details of a sex-offender-only match", async ({ page, request }) => {
    await signInAs(page, "admin", "/criminal-arrivals");
    const report = await upstreamReport(request);
    const only = report.items.find(
      (item) => item.propertyName === RIVERSIDE && item.isSexualOffender && !item.hasCriminalRecord,
    )!;
    expect(only.crimeTypes).toEqual([]);
    expect(only.offenseDescriptions).toEqual([]);
    await openScreen(page);

    const card = cardOf(page, only);
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId("offense-details-withheld")).toHaveText(WITHHELD);
    await expect(card.getByRole("listitem")).toHaveCount(0);
    await expect(card.getByText("Sex offender", { exact: true })).toBeVisible();
    await expect(card.getByText("Criminal record", { exact: true })).toHaveCount(0);
    // Only those items say it, besides those of the property whose policy keeps no offense details,
    // which say that instead.
    const withheld = report.items.filter(
      (item) =>
        item.propertyName !== DEMO_EU_PROPERTY &&
        item.isSexualOffender &&
        !item.hasCriminalRecord &&
        item.crimeTypes.length === 0 &&
        item.offenseDescriptions.length === 0,
    );
    const notKept = report.items.filter((item) => item.propertyName === DEMO_EU_PROPERTY);
    await expect(page.getByTestId("offense-details-withheld")).toHaveCount(withheld.length + notKept.length);
    await expect(
      page
        .getByTestId("offense-details-withheld")
        .filter({ hasText: `Offense details: Not kept under ${DEMO_EU_POLICY}.` }),
    ).toHaveCount(notKept.length);
  });

  test("tells an alert the desk did not acknowledge from one it did, with the times", async ({ page, request }) => {
    await signInAs(page, "admin", "/criminal-arrivals");
    const report = await upstreamReport(request);
    const open = report.items.find((item) => item.acknowledgedAtUtc === null)!;
    const done = report.items.find((item) => item.acknowledgedAtUtc !== null)!;
    await openScreen(page);

    const openAck = cardOf(page, open).getByTestId("desk-acknowledgement");
    await expect(openAck.getByRole("heading", { name: "Desk acknowledgement (from the API)" })).toBeVisible();
    await expect(openAck).toContainText("Not acknowledged at the desk");
    await expect(openAck).toContainText("An alert was shown to the desk staff");
    await expect(openAck.locator("time")).toHaveCount(0);

    const doneAck = cardOf(page, done).getByTestId("desk-acknowledgement");
    await expect(doneAck).toContainText("Acknowledged at the desk");
    await expect(doneAck).not.toContainText("Not acknowledged");
    const local = doneAck.getByTestId("acknowledged-local");
    // The property's wall clock as the API gave it, with the zone Daybook knows for the property named.
    await expect(local).toHaveText(
      new RegExp(`, ${wallClock(done.acknowledgedAtLocal!)} ([A-Z]{2,5}|[A-Za-z_]+/[A-Za-z_]+)$`),
    );
    await expect(local).toHaveAttribute("datetime", done.acknowledgedAtUtc!);
    await expect(local).toHaveAttribute("title", /UTC$/);
    await expect(doneAck.getByTestId("acknowledged-utc")).toContainText("UTC");

    await expect(
      page.getByTestId("acknowledgement-label").filter({ hasText: /^Not acknowledged at the desk$/ }),
    ).toHaveCount(report.items.filter((item) => item.acknowledgedAtUtc === null).length);
  });

  test("filters to the alerts not acknowledged and sorts by check-in time", async ({ page, request }) => {
    await signInAs(page, "admin", "/criminal-arrivals");
    const report = await upstreamReport(request);
    const open = report.items.filter((item) => item.acknowledgedAtUtc === null);
    expect(open.length).toBeGreaterThan(0);
    await openScreen(page);
    await expect(await allRows(page)).toHaveCount(report.totalCount);

    await page.getByLabel("Only not acknowledged").check();
    await expect(await allRows(page)).toHaveCount(open.length);
    await expect(page.getByTestId("shown-count")).toHaveText(`Showing ${open.length} of ${report.totalCount}`);
    for (const row of await rows(page).all()) {
      await expect(row.getByTestId("desk-acknowledgement")).toContainText("Not acknowledged at the desk");
    }
    // The counts at the top stay the report's.
    await expect(page.getByTestId("summary")).toHaveText(
      `${report.totalCount} matches, of which ${open.length} not acknowledged at the desk`,
    );

    await page.getByLabel("Only not acknowledged").uncheck();
    await expect(await allRows(page)).toHaveCount(report.totalCount);

    const instants = report.items.map((item) => item.checkInAtUtc).sort((a, b) => Date.parse(a) - Date.parse(b));
    await expect(rows(page).first().getByTestId("check-in")).toHaveAttribute("datetime", instants[0]!);
    await page.getByLabel("Sort by").selectOption("latest");
    await expect(rows(page).first().getByTestId("check-in")).toHaveAttribute("datetime", instants.at(-1)!);
    await expect(rows(page).last().getByTestId("check-in")).toHaveAttribute("datetime", instants[0]!);
  });

  test("filters by property through the address, and explains names it cannot use", async ({ page, request }) => {
    await signInAs(page, "admin", "/criminal-arrivals");
    const riverside = await upstreamReport(request, RIVERSIDE);
    await openScreen(page);

    await propertyField(page).fill(RIVERSIDE);
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page).toHaveURL(/\?property=Riverside\+%26\+Co\.\+Hotel$/);
    await expect(await allRows(page)).toHaveCount(riverside.totalCount);
    await expect(page.getByTestId("guest-property")).toHaveText(riverside.items.map(() => RIVERSIDE));
    await expect(page.getByTestId("reported-day").locator("..")).toContainText(`at ${RIVERSIDE}`);

    // Reloading the address gives the same view.
    await page.reload();
    await expect(propertyField(page)).toHaveValue(RIVERSIDE);
    await expect(await allRows(page)).toHaveCount(riverside.totalCount);

    await propertyField(page).fill("Nowhere");
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page).toHaveURL(/\?property=Nowhere$/);
    const error = page.getByTestId("report-error");
    await expect(error.getByRole("alert")).toContainText("No property by that name");
    await expect(error.getByTestId("error-code")).toHaveText("property_not_found");
    await expect(error).toContainText("Check the spelling");
    await expect(rows(page)).toHaveCount(0);

    await page.goto(`/criminal-arrivals?property=${encodeURIComponent("Seaside Suites")}`);
    await expect(page.getByTestId("error-code")).toHaveText("property_name_ambiguous");
    await expect(page.getByTestId("report-error")).toContainText("Several of your properties share this name");

    await page.getByRole("link", { name: "Clear the property filter and show all your properties" }).click();
    await expect(page).toHaveURL(/\/criminal-arrivals$/);
    await expect(propertyField(page)).toHaveValue("");
    await expect(await allRows(page)).toHaveCount((await upstreamReport(request)).totalCount);
  });

  test("a supervisor sees only the guests of their two properties", async ({ page, request }) => {
    await signInAs(page, "supervisor", "/criminal-arrivals");
    const mine = (await upstreamReport(request)).items.filter(
      (item) => item.propertyName === RIVERSIDE || item.propertyName === HARBOUR,
    );
    expect(mine.length).toBeGreaterThan(0);
    await openScreen(page);

    await expect(await allRows(page)).toHaveCount(mine.length);
    const properties = page.getByTestId("guest-property");
    await expect(properties).toHaveCount(mine.length);
    const shown = new Set(await properties.allTextContents());
    expect(shown).toEqual(new Set([RIVERSIDE, HARBOUR]));
    const open = mine.filter((item) => item.acknowledgedAtUtc === null).length;
    await expect(page.getByTestId("summary")).toHaveText(
      `${mine.length} matches, of which ${open} not acknowledged at the desk`,
    );
  });

  test("shows the correlation id to quote when the API keeps failing", async ({ page, request }) => {
    await signInAs(page, "admin", "/status");
    const simulator = await simulatorFailingTwice(request);
    await openScreen(page);

    await expectFaultToQuote(page.getByTestId("report-error"), simulator);
    await expect(rows(page)).toHaveCount(0);

    // The API is back: Refresh asks again.
    await page.getByRole("button", { name: "Refresh" }).click();
    // The failure notice goes when the new answer is drawn; only then are its rows there to count.
    await expect(page.getByTestId("report-error")).toHaveCount(0);
    await expect(await allRows(page)).toHaveCount((await upstreamReport(request)).totalCount);
  });

  test("says the report is not enabled for the key on insufficient_scope", async ({ page, request }) => {
    await signInAs(page, "admin", "/status");
    const simulator = simulatorControl(request);
    await simulator.reset();
    await simulator.onADayNotHeld();
    await simulator.queueFaults("insufficient_scope");
    await openScreen(page);

    const error = page.getByTestId("report-error");
    await expect(error.getByRole("alert")).toContainText("This report is not enabled for Daybook's key");
    await expect(error.getByTestId("error-code")).toHaveText("insufficient_scope");
    await expect(error).toContainText("Daybook's key is not enabled for this report");
    expect((await simulator.requests()).map((entry) => entry.status)).toEqual([403]);
  });

  // The screen as it opens on a desktop is checked in e2e/accessibility.spec.ts, in both themes.
  test("has no axe violations on a phone, filtered, and when it answers with an error", async ({ page }) => {
    await signInAs(page, "admin", "/criminal-arrivals");
    await openScreen(page);
    await settled(page, rows(page).first());

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel("Only not acknowledged").check();
    await expect(page.getByLabel("Only not acknowledged")).toBeChecked();
    await settled(page, rows(page).first());
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await openScreen(page, "/criminal-arrivals?property=Nowhere");
    await settled(page, page.getByTestId("error-code"));
    await expect(page.getByTestId("error-code")).toHaveText("property_not_found");
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
});
