import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";

import { signInAs } from "@/e2e/support/auth";
import { matchesSearch, type SearchableGuest as Guest } from "@/e2e/support/guests";
import { settled } from "@/e2e/support/settled";
import { simulatorControl, simulatorReport } from "@/e2e/support/simulator";
import { escapeRegExp } from "@/e2e/support/text";

const RIVERSIDE = "Riverside & Co. Hotel";
const HARBOUR = "Harbour View Hotel";
/** The demo regional manager's properties. */
const REGIONAL_PROPERTIES = [HARBOUR, "Seaside Suites", RIVERSIDE, "Hôtel Élysée Montréal", "Quiet Pines Motel"];
const BOM = "\uFEFF";

/** The usage report's rows of the demo regional manager's properties. */
async function regionalUsage(request: APIRequestContext) {
  const usage = await simulatorControl(request).usage();
  const mine = (usage.byProperty as { propertyName: string; scans: number }[]).filter((row) =>
    REGIONAL_PROPERTIES.includes(row.propertyName),
  );
  return { usage, mine };
}

/**
 * Sorts a table of properties by scans, most first, and waits until its rows (`rows`) read as
 * `mine`'s figures in that order; then the names and scans as the screen shows them.
 */
async function sortByScans(scansHeader: Locator, rows: Locator, mine: { scans: number }[]) {
  await scansHeader.getByRole("button").click();
  await expect(scansHeader).toHaveAttribute("aria-sort", "descending");
  const scanCells = rows.locator('[data-column="scans"]');
  const descending = mine
    .map((row) => row.scans)
    .sort((a, b) => b - a)
    .map((scans) => scans.toLocaleString("en-US"));
  await expect(scanCells).toHaveText(descending);
  return { names: await rows.getByRole("rowheader").allTextContents(), scans: await scanCells.allTextContents() };
}

/** A file's rows are the table's, in its order: the property names (without the "No arrivals" badge) and scans. */
function expectRowsAsShown(csv: Csv, shown: { names: string[]; scans: string[] }) {
  expect(csv.rows.map((row) => row.Property)).toEqual(shown.names.map((name) => name.replace(/No arrivals$/, "")));
  expect(csv.rows.map((row) => Number(row.Scans).toLocaleString("en-US"))).toEqual(shown.scans);
}

/** A search that leaves a handful of rows: enough to compare order, few enough to all be drawn at once. */
function searchLeavingAFew(guests: Guest[]): string {
  for (const guest of guests) {
    for (const term of [guest.roomNumber.slice(0, 2), guest.lastName?.slice(0, 3) ?? ""]) {
      const count = guests.filter((other) => matchesSearch(other, term)).length;
      if (term.length >= 2 && count >= 3 && count <= 8) return term;
    }
  }
  throw new Error("no search leaves between 3 and 8 rows");
}

interface Csv {
  headers: string[];
  rows: Record<string, string>[];
}

/**
 * Downloads with the link (or, for a posted export, the button) named `linkName`; the file, named
 * `filename` when given, checked for the byte-order mark, parsed into header and rows.
 */
async function downloadCsv(page: Page, linkName: string, filename?: string): Promise<Csv> {
  const started = page.waitForEvent("download");
  await page
    .getByRole("link", { name: linkName })
    .or(page.getByRole("button", { name: linkName }))
    .click();
  const download = await started;
  if (filename !== undefined) expect(download.suggestedFilename()).toBe(filename);
  const text = await readFile((await download.path())!, "utf8");
  expect(text.startsWith(BOM)).toBe(true);
  const [headers, ...rows] = parse(text, { bom: true }) as string[][];
  return {
    headers: headers!,
    rows: rows.map((row) => Object.fromEntries(headers!.map((header, index) => [header, row[index]!]))),
  };
}

const GUESTS_LINK = "Download CSV of the guests table";

test.beforeEach(async ({ request }) => {
  await simulatorControl(request).reset();
});

test("a supervisor downloads the guests table with a search, a sort and chosen columns, as on screen", async ({
  page,
  request,
}) => {
  const report = await simulatorReport(request, "guests", RIVERSIDE);
  const search = searchLeavingAFew(report.items);
  // Tall enough for every row found: the table draws only the rows near the window.
  await page.setViewportSize({ width: 1280, height: 1600 });
  await signInAs(page, "supervisor", `/guests?property=${encodeURIComponent(RIVERSIDE)}`);
  await settled(page, page.getByTestId("guest-count"));

  // Only the room, gender and ID number of the optional columns.
  await page.getByText(/^Columns \(/).click();
  for (const label of [
    "Property",
    "Checked in (property time)",
    "Check-in date (local)",
    "Date of birth",
    "Document expires",
    "Address",
    "E-mail",
    "Phone",
    "Source",
  ]) {
    await page.getByRole("checkbox", { name: label, exact: true }).uncheck();
  }
  await expect(page.getByText("Columns (3 of 12)")).toBeVisible();
  await page.getByText(/^Columns \(/).click();

  await page.getByLabel("Search").fill(search);
  await page.getByTitle("Sort by room").click();
  await expect(page.getByRole("columnheader").filter({ has: page.getByTitle("Sort by room") })).toHaveAttribute(
    "aria-sort",
    /^(ascending|descending)$/,
  );
  const rows = page.getByTestId("guest-row");
  const expected = report.items.filter((guest: Guest) => matchesSearch(guest, search)).length;
  await expect(page.getByTestId("guest-count")).toContainText(`Showing ${expected} of`);
  await expect(rows).toHaveCount(expected);

  // The file is made on the server from the screen's state (search, sort, columns): the screen,
  // whose rows arrive from the server too, must show the same rows in the same order. Web-first
  // assertions wait for the sorted rows, which follow the click by one round trip.
  const csv = await downloadCsv(page, GUESTS_LINK, `daybook-guests-${report.reportedDateLocal}.csv`);
  expect(csv.headers).toEqual([
    "Guest",
    "Criminal record match",
    "Sex-offender match",
    "Ban at check-in",
    expect.stringMatching(/^Currently banned \(live, as of .+\)$/),
    "Staff flag",
    "Room",
    "Gender",
    "ID number (masked)",
  ]);
  expect(csv.rows).toHaveLength(expected);
  await expect(rows.getByRole("rowheader")).toHaveText(csv.rows.map((row) => row.Guest!));
  await expect(rows.locator('[data-column="room"]')).toHaveText(csv.rows.map((row) => row.Room!));
  await expect(rows.locator('[data-column="gender"]')).toHaveText(csv.rows.map((row) => row.Gender!));
  await expect(rows.locator('[data-column="staff"]')).toHaveText(csv.rows.map((row) => row["Staff flag"]!));
  // The screen leaves a number that was not captured blank; the file says so.
  const ids = await rows.locator('[data-column="identification"] code').allTextContents();
  expect(ids.map((id) => id || "Not captured")).toEqual(csv.rows.map((row) => row["ID number (masked)"]));
  for (const id of ids) expect(id).toMatch(/^(•+.{0,4})?$/);

  // Back to every column, as the account had it.
  await page.getByText(/^Columns \(/).click();
  await page.getByRole("button", { name: "Show all" }).click();
  await expect(page.getByTestId("columns-status")).toHaveText("Saved for next time");
});

test("an admin's export has full identification numbers only when asked for, and the audit log lists both exports", async ({
  page,
  request,
}) => {
  const report = await simulatorReport(request, "guests", HARBOUR);
  const fullNumbers = new Set<string>(report.items.map((guest: Guest) => guest.identificationNumber || "Not captured"));
  await signInAs(page, "admin", `/guests?property=${encodeURIComponent(HARBOUR)}`);
  await settled(page, page.getByTestId("guest-count"));

  const masked = await downloadCsv(page, GUESTS_LINK);
  expect(masked.rows).toHaveLength(report.items.length);
  expect(
    masked.rows.some(
      (row) => row["ID number (masked)"] !== "Not captured" && fullNumbers.has(row["ID number (masked)"]!),
    ),
  ).toBe(false);

  const choice = page.getByRole("checkbox", { name: "With full identification numbers" });
  await expect(page.getByRole("note")).toHaveCount(0);
  await choice.check();
  await expect(page.getByRole("note")).toContainText("every guest's full ID number");
  await page.getByLabel("Reason for the full numbers").fill("Guest list asked for by the police, case 114");
  const full = await downloadCsv(page, GUESTS_LINK);
  expect(full.headers).toContain("ID number (full)");
  expect(new Set(full.rows.map((row) => row["ID number (full)"]))).toEqual(fullNumbers);

  // Without the ID column there is no choice to make, and the route gives no numbers even if asked.
  await page.getByText(/^Columns \(/).click();
  await page.getByRole("checkbox", { name: "ID number", exact: true }).uncheck();
  await expect(choice).toHaveCount(0);
  const asked = await page.request.post("/api/export/guests", {
    form: { propertyName: HARBOUR, columns: "room", identification: "full" },
  });
  expect(asked.status()).toBe(200);
  expect(asked.headers()).toMatchObject({
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="daybook-guests-${report.reportedDateLocal}.csv"`,
    "cache-control": "no-store",
  });
  const text = await asked.text();
  for (const number of fullNumbers) if (number !== "Not captured") expect(text).not.toContain(number);
  await page.getByRole("button", { name: "Show all" }).click();
  await expect(page.getByTestId("columns-status")).toHaveText("Saved for next time");

  // A link on another site cannot start an export, and nothing is recorded for it.
  const crossSite = await page.request.post("/api/export/guests", {
    headers: { "Sec-Fetch-Site": "cross-site" },
    form: { propertyName: HARBOUR },
  });
  expect(crossSite.status()).toBe(403);

  // The file of full numbers is listed apart, marked, with its reason.
  await page.goto("/admin/audit?action=export.full_id");
  const fullEntries = page.getByRole("region", { name: "Audit entries" }).getByRole("row");
  const withFull = fullEntries.filter({ hasText: "Guest list asked for by the police, case 114" });
  await expect(withFull).toHaveCount(1);
  await expect(withFull).toContainText("Full ID numbers");
  await expect(withFull).toContainText("fullIdentification: yes");
  await expect(withFull).toContainText("Guests table");
  await expect(withFull).toContainText(`rowCount: ${report.items.length}`);
  await expect(withFull).toContainText(HARBOUR);

  await page.goto("/admin/audit?action=export.csv");
  const entries = page.getByRole("region", { name: "Audit entries" }).getByRole("row");
  // This test's two masked guests-table files (other tests' exports are of other tables).
  await expect(
    entries
      .filter({ hasText: "fullIdentification: no" })
      .filter({ hasText: "admin@daybook.demo" })
      .filter({ hasText: "Guests table" }),
  ).toHaveCount(2);

  // The audit log's own file: every matching entry, nothing personal in it.
  const log = await downloadCsv(page, "Download CSV of the audit log");
  expect(log.rows.length).toBeGreaterThanOrEqual(3);
  expect(new Set(log.rows.map((row) => row["Action code"]))).toEqual(new Set(["export.csv"]));
  const logText = JSON.stringify(log.rows);
  for (const number of fullNumbers) if (number !== "Not captured") expect(logText).not.toContain(number);
});

test("a viewer sees no export and the routes answer 403", async ({ page }) => {
  await signInAs(page, "viewer", "/guests");
  await settled(page, page.getByTestId("guest-count"));
  await expect(page.getByRole("link", { name: /^Download CSV/ })).toHaveCount(0);
  await expect(page.getByText("Download CSV")).toHaveCount(0);
  await page.goto("/criminal-arrivals");
  await settled(page, page.getByTestId("summary"));
  await expect(page.getByText("Download CSV")).toHaveCount(0);
  await page.goto("/");
  await settled(page, page.getByTestId("tile-totals-scans"));
  await expect(page.getByText("Download CSV")).toHaveCount(0);

  for (const table of [
    "guests",
    "criminal-arrivals",
    "overview",
    "audit-log",
    "comparison",
    "review-queue",
    "banned-after-stay",
  ]) {
    // The guests and banned-after-stay tables are exported with a form post (a name search stays out of addresses).
    const response =
      table === "guests" || table === "banned-after-stay"
        ? await page.request.post(`/api/export/${table}`, { form: {} })
        : await page.request.get(`/api/export/${table}`);
    expect(response.status(), table).toBe(403);
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect((await response.json()).error.code).toBe("forbidden");
  }
});

test("without a session the routes answer 401", async ({ request }) => {
  const response = await request.post("/api/export/guests", { form: {} });
  expect(response.status()).toBe(401);
});

test("a supervisor downloads the criminal arrivals as listed, with the two lists apart", async ({ page, request }) => {
  const report = await simulatorReport(request, "criminal-arrivals", RIVERSIDE);
  const open = (report.items as { checkInAtUtc: string; acknowledgedAtUtc: string | null }[]).filter(
    (item) => item.acknowledgedAtUtc === null,
  );
  expect(open.length).toBeGreaterThan(0);
  const latest = open.map((item) => item.checkInAtUtc).sort((a, b) => Date.parse(b) - Date.parse(a))[0]!;
  await signInAs(page, "supervisor", `/criminal-arrivals?property=${encodeURIComponent(RIVERSIDE)}`);
  await settled(page, page.getByTestId("summary"));
  await page.getByRole("checkbox", { name: "Only not acknowledged" }).check();
  await page.getByRole("combobox", { name: "Sort by" }).selectOption("latest");
  const cards = page.getByTestId("criminal-arrival");
  await expect(cards).toHaveCount(open.length);
  await expect(cards.first().getByTestId("check-in")).toHaveAttribute("datetime", latest);
  const names = await cards.getByTestId("guest-name").allTextContents();
  expect(names.length).toBe(open.length);

  const csv = await downloadCsv(
    page,
    "Download CSV of the criminal arrivals list",
    `daybook-criminal-arrivals-${report.reportedDateLocal}.csv`,
  );
  expect(csv.rows.map((row) => row.Guest)).toEqual(names);
  expect(new Set(csv.rows.map((row) => row["Desk acknowledgement"]))).toEqual(
    new Set(["Not acknowledged at the desk"]),
  );
  expect(csv.headers).toEqual(expect.arrayContaining(["Crime types", "Offense descriptions"]));
  const withheld = csv.rows.find((row) => row["Sex-offender match"] === "Yes" && row["Criminal record match"] === "No");
  expect(withheld?.["Crime types"]).toMatch(/withholds offense details/);
});

test("a regional manager downloads the figures by property in the table's order", async ({ page, request }) => {
  const { usage, mine } = await regionalUsage(request);
  await signInAs(page, "regional", "/");
  const table = page.getByTestId("property-table");
  await settled(page, table);
  const scansHeader = table
    .getByRole("columnheader")
    .filter({ has: page.getByRole("button", { name: "Scans", exact: true }) });
  const shown = await sortByScans(scansHeader, page.getByTestId("property-row"), mine);

  const csv = await downloadCsv(
    page,
    "Download CSV of the figures by property",
    `daybook-overview-${usage.reportedDateLocal}.csv`,
  );
  expect(csv.headers).toEqual([
    "Property",
    "Scans",
    "Manual-entry share (%)",
    "Alerts per 100 scans",
    "Warnings per 100 scans",
    "Bans added",
  ]);
  expectRowsAsShown(csv, shown);
  expect(csv.rows.find((row) => row.Scans === "0")?.["Manual-entry share (%)"]).toBe("No scans");
});

test("a stored day downloads from Daybook's history, named for that day", async ({ page, request }) => {
  const usage = await simulatorControl(request).usage();
  const day = new Date(Date.parse(`${usage.reportedDateLocal}T00:00:00Z`) - 2 * 86_400_000).toISOString().slice(0, 10);
  await signInAs(page, "supervisor", `/guests?day=${day}&property=${encodeURIComponent(RIVERSIDE)}`);
  const count = page.getByTestId("guest-count");
  await settled(page, count);
  await expect(count).toHaveText(new RegExp(`^Showing ([\\d,]+) of \\1 arrivals at ${escapeRegExp(RIVERSIDE)}$`));
  const shown = Number((await count.textContent())!.match(/of ([\d,]+)/)![1]!.replace(/,/g, ""));

  const csv = await downloadCsv(page, GUESTS_LINK, `daybook-guests-${day}.csv`);
  expect(csv.rows).toHaveLength(shown);
  expect(new Set(csv.rows.map((row) => row["Check-in date (local)"]))).toEqual(new Set([day]));
});

test("a regional manager downloads the properties side by side, sorted as on screen, with Daybook's change labelled", async ({
  page,
  request,
}) => {
  const { mine } = await regionalUsage(request);
  await signInAs(page, "regional", "/properties");
  const table = page.getByTestId("side-by-side-table");
  await settled(page, table);
  const scansHeader = table.getByRole("columnheader", { name: "Scans", exact: true });
  const shown = await sortByScans(scansHeader, page.getByTestId("comparison-row"), mine);

  const csv = await downloadCsv(page, "Download CSV of the properties side by side");
  expect(csv.headers[0]).toBe("Property");
  expect(csv.headers[2]).toMatch(/^Scans, change/);
  expect(csv.headers.slice(-2)).toEqual(["Alerts per 100 scans", "Warnings per 100 scans"]);
  expectRowsAsShown(csv, shown);
});

test("a supervisor downloads the review queue, one row per waiting list, oldest first", async ({ page }) => {
  await signInAs(page, "supervisor", "/review");
  const rows = page.getByTestId("queue-row");
  await settled(page, rows.first());
  // The file holds the whole queue, whatever page or filter the screen shows: as many lists as the summary counts.
  const summary = page.getByTestId("queue-summary");
  await expect(summary).toHaveText(/^\d+ lists? waiting/);
  const count = Number((await summary.innerText()).match(/^(\d+)/)![1]);
  const csv = await downloadCsv(page, "Download CSV of the review queue");
  expect(csv.rows).toHaveLength(count);
  const days = csv.rows.map((row) => row["Local day"]!);
  expect([...days].sort()).toEqual(days);
  for (const row of csv.rows) expect(["Riverside & Co. Hotel", "Harbour View Hotel"]).toContain(row.Property);
  expect(csv.rows.some((row) => row.Overdue === "Yes")).toBe(true);
});
