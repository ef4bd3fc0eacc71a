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
  // The search runs on the server: the rows of the last search stay until its answer arrives.
  await expect(page.getByTestId("guest-count")).toContainText("Showing 1 of");
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
  await page.getByRole("button", { name: "Show", exact: true }).click();
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
  await page.getByRole("button", { name: "Show", exact: true }).click();
  const error = page.getByTestId("report-error");
  await expect(error).toContainText("No property by that name is available to you");
  await expect(page.getByTestId("guest-row")).toHaveCount(0);

  await page.getByRole("combobox", { name: "Property" }).fill("Seaside Suites");
  await page.getByRole("button", { name: "Show", exact: true }).click();
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
  await settled(viewerPage, viewerPage.getByTestId("guest-row").first());
  // Their one property is not repeated on every row.
  await expect(viewerPage.getByTestId("guest-row").locator('[data-column="property"]')).toHaveCount(0);
  const html = await viewerPage.content();
  for (const other of [RIVERSIDE, "Seaside Suites", "Grand Hotel Zürich", "O&#x27;Brien", "Outback Rest"])
    expect(html).not.toContain(other);
  await viewerPage.close();
  await page.close();
});

test("the rows route answers with the person's properties only, masked, never stored, in the one failure shape", async ({
  browser,
  request,
}) => {
  const harbour = await simulatorGuests(request, HARBOUR);
  const viewerPage = await browser.newPage();
  await signInAs(viewerPage, "viewer", "/guests");
  await settled(viewerPage, viewerPage.getByTestId("guest-row").first());
  const rows = (data: unknown) => viewerPage.request.post("/api/reports/guests/rows", { data });

  const mine = await rows({ limit: 1000 });
  expect(mine.status()).toBe(200);
  expect(mine.headers()["cache-control"]).toBe("no-store");
  const page = await mine.json();
  expect(page).toMatchObject({ offset: 0, matched: harbour.length, total: harbour.length });
  expect(new Set(page.rows.map((row: { item: Guest }) => row.item.propertyName))).toEqual(new Set([HARBOUR]));
  const full = new Set(harbour.filter((g) => g.identificationNumber.length > 4).map((g) => g.identificationNumber));
  for (const row of page.rows as { item: Guest }[]) expect(full.has(row.item.identificationNumber)).toBe(false);

  // Another's property answers exactly as one that does not exist.
  const other = await rows({ propertyName: RIVERSIDE, limit: 10 });
  const nowhere = await rows({ propertyName: "Nowhere Inn", limit: 10 });
  expect(other.status()).toBe(404);
  expect(nowhere.status()).toBe(404);
  expect((await other.json()).error).toEqual((await nowhere.json()).error);

  for (const bad of [{ limit: 5000 }, { limit: 10, screening: "everyone" }, { limit: 10, day: "yesterday" }]) {
    const answer = await rows(bad);
    expect(answer.status()).toBe(400);
    expect((await answer.json()).error.code).toMatch(/^(invalid_request|invalid_day)$/);
  }
  const notJson = await viewerPage.request.post("/api/reports/guests/rows", {
    data: "{",
    headers: { "Content-Type": "application/json" },
  });
  expect(notJson.status()).toBe(400);
  await viewerPage.close();
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
  // Opened again until it shows: a click before the page's script has taken over can be lost.
  const email = page.getByRole("checkbox", { name: "E-mail" });
  await expect(async () => {
    if (!(await email.isVisible())) await page.getByText(/^Columns \(/).click();
    await expect(email).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await expect(email).not.toBeChecked();

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
  // The rows arrive page by page as the table scrolls: the last one is a guest's row, not a place held for it.
  // The table scrolls with the page.
  // Scrolled again until the row is there: a section still streaming in may move the page after a scroll.
  const last = page.getByTestId("guest-row").and(page.locator(`[aria-rowindex="${all.length + 1}"]`));
  await expect(async () => {
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight }));
    await expect(last).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await settled(page, last);
  expect(await page.getByTestId("guest-row").count()).toBeLessThan(60);
});

test("the first paint carries a screenful of the day and the count, not the whole day", async ({ page, request }) => {
  const all = await simulatorGuests(request);
  await page.goto("/guests");
  await settled(page, page.getByTestId("guest-row").first());
  const total = all.length.toLocaleString("en-US");
  await expect(page.getByTestId("guest-count")).toHaveText(`Showing ${total} of ${total} arrivals`);

  // The document itself (HTML and the server components' payload in it), as the browser received it.
  const html = await (await page.request.get("/guests")).text();
  const byCheckIn = [...all].sort((a, b) => a.checkInAtUtc.localeCompare(b.checkInAtUtc));
  const emails = (guests: Guest[]) => guests.map((g) => g.email).filter((email) => email.length > 8);
  const later = emails(byCheckIn.slice(200)).filter((email) => !emails(byCheckIn.slice(0, 200)).includes(email));
  expect(later.length).toBeGreaterThan(100);
  expect(later.filter((email) => html.includes(email))).toEqual([]);
  expect(html).toContain(byCheckIn[0]!.email);
});

test("the search text never reaches an address: the rows are asked for in a POST body", async ({ page, request }) => {
  const all = await simulatorGuests(request);
  const guest = all.find((g) => g.lastName && /^[A-Za-z]{4,}$/.test(g.lastName))!;
  await page.goto("/guests");
  await settled(page, page.getByTestId("guest-row").first());

  const asked = page.waitForRequest((sent) => sent.url().includes("/api/reports/guests/rows"));
  await page.getByLabel("Search").fill(guest.lastName!);
  const sent = await asked;
  expect(sent.method()).toBe("POST");
  expect(new URL(sent.url()).search).toBe("");
  expect(sent.postDataJSON()).toMatchObject({ q: guest.lastName!.toLowerCase(), offset: 0 });
  const expected = all.filter((g) => matchesSearch(g, guest.lastName!)).length;
  await expect(page.getByTestId("guest-count")).toContainText(`Showing ${expected} of`);
  expect(page.url()).not.toContain(guest.lastName!);
  expect(page.url().toLowerCase()).not.toContain(guest.lastName!.toLowerCase());
});

test("keeps the rows on screen while a new search's first page is on its way", async ({ page, request }) => {
  const all = await simulatorGuests(request);
  const total = all.length.toLocaleString("en-US");
  await page.goto("/guests");
  await settled(page, page.getByTestId("guest-row").first());

  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/reports/guests/rows", async (route) => {
    await held;
    await route.continue();
  });
  const term = all.find((g) => g.roomNumber)!.roomNumber;
  await page.getByLabel("Search").fill(term);
  const table = page.getByRole("region", { name: /Arrivals table/ });
  await expect(table).toHaveAttribute("aria-busy", "true");
  await expect(page.getByTestId("guest-count")).toHaveText(`Showing ${total} of ${total} arrivals`);
  await expect(page.getByTestId("guest-row").first()).toBeVisible();

  release();
  const expected = all.filter((g) => matchesSearch(g, term)).length.toLocaleString("en-US");
  await expect(page.getByTestId("guest-count")).toHaveText(`Showing ${expected} of ${total} arrivals`);
  await expect(table).toHaveAttribute("aria-busy", "false");
});

test("sorts on the server from the column heads, by mouse and keyboard, and keeps the sort in the address", async ({
  page,
  request,
}) => {
  const guests = await simulatorGuests(request, RIVERSIDE);
  const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });
  const byRoom = [...guests].sort(
    (a, b) => collator.compare(b.roomNumber, a.roomNumber) || a.checkInAtUtc.localeCompare(b.checkInAtUtc),
  );
  await openProperty(page, RIVERSIDE);

  const roomHead = page.getByRole("columnheader").filter({ has: page.getByTitle("Sort by room") });
  await page.getByTitle("Sort by room").click();
  await expect(roomHead).toHaveAttribute("aria-sort", "ascending");
  await page.getByTitle("Sort by room").press("Enter");
  await expect(roomHead).toHaveAttribute("aria-sort", "descending");
  await expect(page.getByRole("columnheader", { name: /Checked in/ })).not.toHaveAttribute("aria-sort", /.+/);
  const rooms = page.getByTestId("guest-row").locator('[data-column="room"]');
  await expect(rooms.first()).toHaveText(byRoom[0]!.roomNumber || "Not captured");
  await expect(page).toHaveURL(/[?&]sort=room&direction=desc/);

  await page.reload();
  await expect(roomHead).toHaveAttribute("aria-sort", "descending");
  await expect(rooms.first()).toHaveText(byRoom[0]!.roomNumber || "Not captured");
});

test("the Show control narrows to a screening outcome, and the staff flag apart", async ({ page, request }) => {
  const guests = await simulatorGuests(request, RIVERSIDE);
  const criminal = guests.filter((g) => g.hasCriminalRecord).length;
  const flagged = guests.filter((g) => g.isFlagged).length;
  expect(criminal).toBeGreaterThan(0);
  await openProperty(page, RIVERSIDE);

  const show = page.getByLabel("Show");
  await expect(show.locator("option", { hasText: /^Criminal record/ })).toHaveText(`Criminal record (${criminal})`);
  await show.selectOption("criminal");
  await expect(page.getByTestId("guest-count")).toHaveText(
    `Showing ${criminal} of ${guests.length} arrivals at ${RIVERSIDE}`,
  );
  await expect(page).toHaveURL(/[?&]show=criminal/);
  // The download has every screening outcome, so it waits for "All arrivals" rather than differ from the screen.
  await expect(page.getByRole("button", { name: "Download CSV of the guests table" })).toHaveCount(0);
  await expect(page.getByTestId("export-needs-all")).toBeVisible();
  const screening = page.getByTestId("guest-row").locator('[data-column="screening"]');
  await settled(page, screening.first());
  for (const text of await screening.allTextContents()) expect(text).toContain("Criminal record");

  await show.selectOption("flagged");
  await expect(page.getByTestId("guest-count")).toHaveText(
    `Showing ${flagged} of ${guests.length} arrivals at ${RIVERSIDE}`,
  );
  await settled(page, page.getByTestId("guest-row").first());
  for (const text of await page.getByTestId("guest-row").locator('[data-column="staff"]').allTextContents())
    expect(text).toBe("Flagged by staff");

  await show.selectOption("all");
  await expect(page.getByTestId("guest-count")).toHaveText(
    `Showing ${guests.length} of ${guests.length} arrivals at ${RIVERSIDE}`,
  );
  await expect(page).not.toHaveURL(/show=/);
  await expect(page.getByRole("button", { name: "Download CSV of the guests table" })).toBeVisible();
});

test("the Guests table takes the page's width, each column head whole, under a header held at the top as the page scrolls", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/guests");
  await settled(page, page.getByTestId("guest-row").first());
  const region = page.getByRole("region", { name: "Arrivals table" });
  const main = await page.getByRole("main").evaluate((element) => {
    const style = getComputedStyle(element);
    return element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  });
  expect((await region.boundingBox())!.width).toBeCloseTo(main, -1);
  // No head's words cut short.
  const heads = page.getByRole("columnheader");
  const cut = await heads.evaluateAll((found) =>
    found
      .filter((head) => head.scrollWidth > head.clientWidth + 1 || head.scrollHeight > head.clientHeight + 1)
      .map((head) => head.textContent),
  );
  expect(cut).toEqual([]);
  // Nor any cell's: each stays inside its column.
  const spilled = await page
    .getByTestId("guest-row")
    .locator('[role="cell"], [role="rowheader"]')
    .evaluateAll((cells) =>
      cells
        .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
        .map((cell) => `${cell.getAttribute("data-column")}: ${cell.textContent}`),
    );
  expect(spilled).toEqual([]);

  // Every column comes whole into view: scrolled to the end sideways, the header follows the rows.
  const rows = region.getByRole("rowgroup").nth(1);
  await rows.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  const box = (await region.boundingBox())!;
  await expect
    .poll(async () => {
      const last = (await heads.last().boundingBox())!;
      return last.x >= box.x && last.x + last.width <= box.x + box.width + 1;
    })
    .toBe(true);

  // Scrolled well down the day, the header is still at the window's top, and only the page scrolls.
  await page.mouse.wheel(0, 3_000);
  await expect.poll(async () => Math.round((await heads.first().boundingBox())!.y)).toBe(0);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(2_000);
  expect(await rows.evaluate((element) => element.scrollHeight - element.clientHeight)).toBe(0);
});

// The desktop's check is e2e/accessibility.spec.ts's, the width's e2e/access/roles.spec.ts's.
test("has no accessibility violations at 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/guests");
  await settled(page, page.getByTestId("guest-row").first());
  const mobile = await new AxeBuilder({ page }).analyze();
  expect(mobile.violations).toEqual([]);
});
