import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { expectFaultToQuote, simulatorFailingTwice } from "@/e2e/support/faults";
import { matchesSearch } from "@/e2e/support/guests";
import { settled } from "@/e2e/support/settled";
import { simulatorControl, simulatorReport } from "@/e2e/support/simulator";

interface Guest {
  propertyName: string;
  checkInAtUtc: string;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  gender: string | null;
  identificationNumber: string;
  roomNumber: string;
  email: string;
  isFlagged: boolean;
  hasCriminalRecord: boolean;
  isSexualOffender: boolean;
  matchedBanAtCheckIn: boolean | null;
  isCurrentlyBanned: boolean;
}

const RIVERSIDE = "Riverside & Co. Hotel";
const HARBOUR = "Harbour View Hotel";

/** The simulator's own report: what the screen is compared with (full numbers included). */
async function simulatorGuests(request: APIRequestContext, propertyName?: string): Promise<Guest[]> {
  return (await simulatorReport(request, "guests", propertyName)).items;
}

const nameOf = (guest: Guest) => [guest.firstName, guest.middleName, guest.lastName].filter(Boolean).join(" ");

/** A search that finds exactly this guest's row at the property, if there is one. */
function uniqueSearch(guests: Guest[], guest: Guest): string | undefined {
  const candidates = [
    guest.email,
    `${guest.lastName} ${guest.roomNumber}`,
    `${guest.firstName} ${guest.lastName} ${guest.roomNumber}`,
  ];
  return candidates.find(
    (query) => query.trim() !== "" && guests.filter((other) => matchesSearch(other, query)).length === 1,
  );
}

/** A named guest that one search can single out. */
function findable(guests: Guest[], predicate: (guest: Guest) => boolean): Guest & { search: string } {
  for (const guest of guests) {
    if (!predicate(guest) || !guest.firstName || !guest.lastName) continue;
    const search = uniqueSearch(guests, guest);
    if (search) return { ...guest, search };
  }
  throw new Error("the simulator's report has no such guest");
}

async function openProperty(page: Page, propertyName: string) {
  await page.goto(`/guests?property=${encodeURIComponent(propertyName)}`);
  await settled(page, page.getByTestId("guest-count"));
}

async function rowOf(page: Page, guest: Guest & { search: string }) {
  await page.getByLabel("Search").fill(guest.search);
  await expect(page.getByTestId("guest-count")).toContainText("Showing 1 of");
  const row = page.getByTestId("guest-row");
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("rowheader")).toHaveText(nameOf(guest));
  return row;
}

const cell = (row: ReturnType<Page["getByTestId"]>, column: string) => row.locator(`[data-column="${column}"]`);

test.beforeEach(async ({ page, request }) => {
  await simulatorControl(request).reset();
  await signInAs(page, "admin");
});

test("shows gender, ban screening and the staff flag as distinct states, in words", async ({ page, request }) => {
  const guests = await simulatorGuests(request, RIVERSIDE);
  await openProperty(page, RIVERSIDE);
  await expect(page.getByTestId("guest-count")).toHaveText(
    `Showing ${guests.length} of ${guests.length} arrivals at ${RIVERSIDE}`,
  );

  const noGender = findable(guests, (g) => g.gender === null);
  const unknownGender = findable(guests, (g) => g.gender === "UNKNOWN");
  expect(unknownGender.checkInAtUtc).not.toBe(noGender.checkInAtUtc);
  await expect(cell(await rowOf(page, noGender), "gender")).toHaveText("Not captured");
  await expect(cell(await rowOf(page, unknownGender), "gender")).toHaveText("Captured, not classified");

  const unscreened = findable(guests, (g) => g.matchedBanAtCheckIn === null);
  const screenedClean = findable(guests, (g) => g.matchedBanAtCheckIn === false && !g.isCurrentlyBanned);
  const unscreenedCell = cell(await rowOf(page, unscreened), "screening");
  await expect(unscreenedCell).toContainText("No screening record");
  await expect(unscreenedCell).not.toContainText("Screened, no ban");
  const cleanCell = cell(await rowOf(page, screenedClean), "screening");
  await expect(cleanCell).toContainText("Screened, no ban");
  await expect(cleanCell).not.toContainText("No screening record");

  const flagged = findable(guests, (g) => g.isFlagged);
  const flaggedRow = await rowOf(page, flagged);
  await expect(cell(flaggedRow, "staff")).toHaveText("Flagged by staff");
  await expect(cell(flaggedRow, "screening")).not.toContainText("Flagged");
  await expect(page.getByRole("columnheader", { name: "Staff" })).toBeVisible();

  // A ban matched at check-in is always still in force: the live state shows beside it, labelled with the time it was read.
  const banned = findable(guests, (g) => g.matchedBanAtCheckIn === true);
  const bannedCell = cell(await rowOf(page, banned), "screening");
  await expect(bannedCell).toContainText("Ban matched at check-in");
  await expect(bannedCell.getByText("Currently banned (live)")).toHaveAttribute("title", /^as of /);
});

test("shows the guest named in markup as literal text and creates no element from it", async ({ page, request }) => {
  let dialogs = 0;
  page.on("dialog", (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  const guests = await simulatorGuests(request, RIVERSIDE);
  const markup = guests.find((g) => g.lastName === "<img src=x onerror=alert(1)>");
  expect(markup).toBeTruthy();
  await openProperty(page, RIVERSIDE);
  await page.getByLabel("Search").fill("onerror");
  await expect(page.getByTestId("guest-row").getByRole("rowheader")).toHaveText(nameOf(markup!));
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(dialogs).toBe(0);
});

test("the property filter narrows to one property, tolerates casing and spacing, and explains names it cannot use", async ({
  page,
  request,
}) => {
  const harbour = await simulatorGuests(request, HARBOUR);
  await page.goto("/guests");
  await settled(page, page.getByTestId("guest-count"));

  await page.getByRole("combobox", { name: "Property" }).fill("harbourviewhotel");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/property=harbourviewhotel/);
  await expect(page.getByTestId("guest-count")).toHaveText(
    `Showing ${harbour.length} of ${harbour.length} arrivals at ${HARBOUR}`,
  );
  // The rows drawn (the table is virtualised): Harbour View's alone.
  const propertyCells = page.getByTestId("guest-row").locator('[data-column="property"]');
  await expect(propertyCells).not.toHaveCount(0);
  const properties = await propertyCells.allTextContents();
  expect(properties.length).toBeGreaterThan(0);
  expect(new Set(properties)).toEqual(new Set([HARBOUR]));

  await page.getByRole("combobox", { name: "Property" }).fill("Nowhere");
  await page.getByRole("button", { name: "Show" }).click();
  const error = page.getByTestId("report-error");
  await expect(error).toContainText("No property by that name is available to you");
  await expect(page.getByTestId("guest-row")).toHaveCount(0);

  await page.getByRole("combobox", { name: "Property" }).fill("Seaside Suites");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(error).toContainText("Several of your properties share this name");
  await expect(page.getByTestId("error-code")).toHaveText("property_name_ambiguous");

  await error.getByRole("link", { name: "Clear the property filter" }).click();
  await expect(page).toHaveURL(/\/guests$/);
  const all = await simulatorGuests(request);
  await expect(page.getByTestId("guest-count")).toHaveText(
    `Showing ${all.length.toLocaleString("en-US")} of ${all.length.toLocaleString("en-US")} arrivals`,
  );
});

test("a viewer sees only Harbour View's arrivals", async ({ page, request, browser }) => {
  const harbour = await simulatorGuests(request, HARBOUR);
  const viewerPage = await browser.newPage();
  await signInAs(viewerPage, "viewer", "/guests");
  await expect(viewerPage.getByTestId("guest-count")).toHaveText(
    `Showing ${harbour.length} of ${harbour.length} arrivals`,
  );
  const propertyCells = viewerPage.getByTestId("guest-row").locator('[data-column="property"]');
  await settled(viewerPage, propertyCells.first());
  const properties = await propertyCells.allTextContents();
  expect(new Set(properties)).toEqual(new Set([HARBOUR]));
  const html = await viewerPage.content();
  for (const other of [RIVERSIDE, "Seaside Suites", "Grand Hotel Zürich", "O&#x27;Brien", "Outback Rest"])
    expect(html).not.toContain(other);
  await viewerPage.close();
  await page.close();
});

test("search narrows the rows by name, room, last 4 of the ID number and e-mail", async ({ page, request }) => {
  const all = await simulatorGuests(request);
  const total = all.length.toLocaleString("en-US");
  await page.goto("/guests");
  await expect(page.getByTestId("guest-count")).toHaveText(`Showing ${total} of ${total} arrivals`);

  const sample = all.find((g) => g.lastName && /^[A-Za-z]+$/.test(g.lastName) && g.email)!;
  for (const term of [sample.lastName!, sample.roomNumber, sample.identificationNumber.slice(-4), sample.email]) {
    await page.getByLabel("Search").fill(term);
    const expected = all.filter((g) => matchesSearch(g, term)).length;
    await expect(page.getByTestId("guest-count")).toHaveText(
      `Showing ${expected.toLocaleString("en-US")} of ${total} arrivals`,
    );
  }
  // The full number is not searchable: only its last 4 characters reach the browser.
  const full = all.find((g) => g.identificationNumber.length > 6)!.identificationNumber;
  await page.getByLabel("Search").fill(full);
  await expect(page.getByText("No arrivals match this search")).toBeVisible();
});

test("the page never carries a full identification number before a reveal", async ({ page, request }) => {
  const all = await simulatorGuests(request);
  await page.goto("/guests");
  await settled(page, page.getByTestId("guest-row").first());
  const html = await page.content();
  const long = all.filter((g) => g.identificationNumber.length > 4);
  expect(long.length).toBeGreaterThan(100);
  for (const guest of long) expect(html).not.toContain(guest.identificationNumber);
});

test("a reveal shows the full number in place for that row, can be hidden, and is audited without the number", async ({
  page,
  request,
}) => {
  const guests = await simulatorGuests(request, RIVERSIDE);
  const guest = findable(guests, (g) => g.identificationNumber.length > 4);
  await openProperty(page, RIVERSIDE);
  const row = await rowOf(page, guest);
  const id = cell(row, "identification");
  await expect(id).toContainText(`••••${guest.identificationNumber.slice(-4)}`);
  expect(await page.content()).not.toContain(guest.identificationNumber);

  await id.getByRole("button", { name: /^Reveal/ }).click();
  await expect(id.getByTestId("revealed-id")).toHaveText(guest.identificationNumber);
  await id.getByRole("button", { name: /^Hide/ }).click();
  await expect(id.getByTestId("revealed-id")).toHaveCount(0);
  await expect(id).toContainText(`••••${guest.identificationNumber.slice(-4)}`);

  await page.goto("/admin/audit");
  const main = page.getByRole("main");
  await settled(page, main.getByRole("cell", { name: "Revealed an identification number" }).first());
  const auditHtml = await page.content();
  expect(auditHtml).not.toContain(guest.identificationNumber);
  if (guest.email) expect(auditHtml).not.toContain(guest.email);
});

test("the column choice is remembered across a reload", async ({ page }) => {
  await page.goto("/guests");
  await expect(page.getByRole("columnheader", { name: "E-mail" })).toBeVisible();
  await page.getByText(/^Columns \(/).click();
  await page.getByRole("checkbox", { name: "E-mail" }).uncheck();
  await expect(page.getByTestId("columns-status")).toHaveText("Saved for next time");
  await expect(page.getByRole("columnheader", { name: "E-mail" })).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId("guest-row").first()).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "E-mail" })).toHaveCount(0);
  await expect(page.getByRole("columnheader", { name: "Phone" })).toBeVisible();
  await page.getByText(/^Columns \(/).click();
  await expect(page.getByRole("checkbox", { name: "E-mail" })).not.toBeChecked();

  await page.getByRole("button", { name: "Show all" }).click();
  await expect(page.getByTestId("columns-status")).toHaveText("Saved for next time");
  await page.reload();
  await expect(page.getByRole("columnheader", { name: "E-mail" })).toBeVisible();
});

test("a fault the API keeps returning shows the code and the correlation id to quote", async ({ page, request }) => {
  const simulator = await simulatorFailingTwice(request);
  await page.goto("/guests");
  await expectFaultToQuote(page.getByRole("main"), simulator);

  // Refresh reads the report again, and the arrivals appear.
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByTestId("guest-row").first()).toBeVisible();
  await expect(page.getByTestId("error-code")).toHaveCount(0);
});

test("virtualises the day: a thousand arrivals, a few dozen rows in the DOM, with row positions for assistive technology", async ({
  page,
  request,
}) => {
  const all = await simulatorGuests(request);
  await page.goto("/guests");
  const table = page.getByRole("table", { name: "Yesterday's arrivals" });
  await expect(table).toHaveAttribute("aria-rowcount", String(all.length + 1));
  await settled(page, page.getByTestId("guest-row").first());
  const rendered = await page.getByTestId("guest-row").count();
  expect(rendered).toBeGreaterThan(3);
  expect(rendered).toBeLessThan(60);
  await page
    .getByRole("region", { name: /Arrivals table/ })
    .evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(page.locator(`[role="row"][aria-rowindex="${all.length + 1}"]`)).toBeVisible();
});

test("has no accessibility violations, and fits a 390 px screen", async ({ page }) => {
  await page.goto("/guests");
  await settled(page, page.getByTestId("guest-row").first());
  const desktop = await new AxeBuilder({ page }).analyze();
  expect(desktop.violations).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await settled(page, page.getByTestId("guest-row").first());
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const mobile = await new AxeBuilder({ page }).analyze();
  expect(mobile.violations).toEqual([]);
});
