import { readFile } from "node:fs/promises";
import { expect, test, type Page, type Request } from "@playwright/test";
import { parse } from "csv-parse/sync";

import { signInAs } from "@/e2e/support/auth";
import { matchesSearch, type SearchableGuest as Guest } from "@/e2e/support/guests";
import { settled } from "@/e2e/support/settled";
import { simulatorControl, simulatorReport } from "@/e2e/support/simulator";

const HARBOUR = "Harbour View Hotel";
const GUESTS_BUTTON = "Download CSV of the guests table";
const FULL_CHOICE = "With full identification numbers";
/** The default of DAYBOOK_FULL_ID_EXPORT_MAX_ROWS, which the e2e server keeps. */
const MAX_FULL_ROWS = 500;

test.beforeEach(async ({ request }) => {
  await simulatorControl(request).reset();
});

/** Every request the page makes from now on. */
function recordRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => seen.push(request));
  return seen;
}

async function downloadRows(page: Page): Promise<Record<string, string>[]> {
  const started = page.waitForEvent("download");
  await page.getByRole("button", { name: GUESTS_BUTTON }).click();
  const text = await readFile((await (await started).path())!, "utf8");
  const [headers, ...rows] = parse(text, { bom: true }) as string[][];
  return rows.map((row) => Object.fromEntries(headers!.map((header, index) => [header, row[index]!])));
}

test("a supervisor gets no full identification numbers: no choice on the page, and a direct request is refused and audited", async ({
  page,
  browser,
  request,
}) => {
  const report = await simulatorReport(request, "guests", HARBOUR);
  const full = (report.items as Guest[]).map((guest) => guest.identificationNumber).filter((id) => id.length > 4);
  await signInAs(page, "supervisor", `/guests?property=${encodeURIComponent(HARBOUR)}`);
  await settled(page, page.getByTestId("guest-count"));
  await expect(page.getByRole("button", { name: GUESTS_BUTTON })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: FULL_CHOICE })).toHaveCount(0);

  const asked = await page.request.post("/api/export/guests", {
    form: { propertyName: HARBOUR, identification: "full", reason: "Checking the numbers of last night" },
  });
  expect(asked.status()).toBe(403);
  const text = await asked.text();
  expect(JSON.parse(text).error).toEqual({
    code: "forbidden",
    message:
      "Only an admin may export full identification numbers. Reveal a single number on the guests screen instead.",
  });
  for (const number of full) expect(text).not.toContain(number);
  // The old address of the export, with its choices in the query, is gone.
  expect((await page.request.get(`/api/export/guests?identification=full`)).status()).toBe(405);

  const admin = await browser.newPage();
  await signInAs(admin, "admin", "/admin/audit?action=export.full_id&outcome=failure&actor=supervisor%40daybook.demo");
  const refused = admin
    .getByRole("region", { name: "Audit entries" })
    .getByRole("row")
    .filter({ hasText: "Only an admin" });
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText("Checking the numbers of last night");
  await expect(refused).toContainText("Full ID numbers");
  await admin.close();
});

test("an admin's file of full numbers needs a reason, which its audit entry keeps, marked in the audit log", async ({
  page,
  request,
}) => {
  const report = await simulatorReport(request, "guests", HARBOUR);
  await signInAs(page, "admin", `/guests?property=${encodeURIComponent(HARBOUR)}`);
  await settled(page, page.getByTestId("guest-count"));
  await page.getByRole("checkbox", { name: FULL_CHOICE }).check();

  // Without a reason: refused in words beside the button, and no file.
  await page.getByRole("button", { name: GUESTS_BUTTON }).click();
  await expect(page.getByTestId("export-error")).toHaveText(
    "⚠ Say why this file needs full identification numbers (at least 10 characters); the reason is kept in the audit log.",
  );
  const direct = await page.request.post("/api/export/guests", {
    form: { propertyName: HARBOUR, identification: "full", reason: "x" },
  });
  expect(direct.status()).toBe(400);
  expect((await direct.json()).error.code).toBe("reason_required");

  await page.getByLabel("Reason for the full numbers").fill("Night audit for the insurer, claim 2026-77");
  const rows = await downloadRows(page);
  await expect(page.getByTestId("export-error")).toHaveCount(0);
  expect(new Set(rows.map((row) => row["ID number (full)"]))).toEqual(
    new Set((report.items as Guest[]).map((guest) => guest.identificationNumber || "Not captured")),
  );

  await page.goto("/admin/audit");
  await page.getByRole("link", { name: "Show only full identification exports" }).click();
  await expect(page).toHaveURL(/action=export\.full_id/);
  const entries = page.getByRole("region", { name: "Audit entries" }).getByRole("row");
  const entry = entries.filter({ hasText: "Night audit for the insurer, claim 2026-77" });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Exported full identification numbers");
  await expect(entry).toContainText("Full ID numbers");
  await expect(entry).toContainText(`rowCount: ${report.items.length}`);
  await expect(entry).toHaveAttribute("data-full-id-export", "true");
  // The attempt without a reason is there too, refused, with its reason for the refusal.
  await expect(
    entries.filter({ hasText: "reason: Say why this file needs full identification numbers" }),
  ).not.toHaveCount(0);
});

test("a file of full numbers holds no more rows than the cap: beyond it, a clear refusal", async ({
  page,
  request,
}) => {
  const all = (await simulatorReport(request, "guests")).items as Guest[];
  expect(all.length).toBeGreaterThan(MAX_FULL_ROWS);
  await signInAs(page, "admin", "/guests");
  await settled(page, page.getByTestId("guest-count"));
  await page.getByRole("checkbox", { name: FULL_CHOICE }).check();
  await page.getByLabel("Reason for the full numbers").fill("Year-end reconciliation with the registry");
  await page.getByRole("button", { name: GUESTS_BUTTON }).click();
  await expect(page.getByTestId("export-error")).toHaveText(
    `⚠ This file would hold ${all.length.toLocaleString("en-US")} full identification numbers; one export may hold at most ${MAX_FULL_ROWS}. Narrow it with the property filter or a search, or download it with masked numbers.`,
  );

  // The same day with masked numbers is not capped.
  await page.getByRole("checkbox", { name: FULL_CHOICE }).uncheck();
  expect(await downloadRows(page)).toHaveLength(all.length);

  await page.goto("/admin/audit?action=export.full_id&outcome=failure");
  const refused = page
    .getByRole("region", { name: "Audit entries" })
    .getByRole("row")
    .filter({ hasText: "Year-end reconciliation with the registry" });
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText(`rowCount: ${all.length}`);
});

test("no export address carries the guest search: the guests file is a form post", async ({ page, request }) => {
  const report = (await simulatorReport(request, "guests", HARBOUR)).items as Guest[];
  const guest = report.find((candidate) => candidate.lastName && /^[A-Za-z]{4,}$/.test(candidate.lastName))!;
  const search = guest.lastName!;
  await signInAs(page, "supervisor", `/guests?property=${encodeURIComponent(HARBOUR)}`);
  await settled(page, page.getByTestId("guest-count"));
  const requests = recordRequests(page);

  await page.getByLabel("Search").fill(search);
  const expected = report.filter((candidate) => matchesSearch(candidate, search)).length;
  await expect(page.getByTestId("guest-count")).toContainText(`Showing ${expected} of`);
  const rows = await downloadRows(page);
  expect(rows).toHaveLength(expected);

  const exports = requests.filter((sent) => new URL(sent.url()).pathname.startsWith("/api/export/"));
  expect(exports.map((sent) => sent.method())).toEqual(["POST"]);
  expect(new URLSearchParams(exports[0]!.postData() ?? "").get("q")).toBe(search);
  for (const sent of requests) {
    const url = new URL(sent.url());
    expect(url.searchParams.has("q"), sent.url()).toBe(false);
    expect(decodeURIComponent(sent.url()).toLowerCase(), sent.url()).not.toContain(search.toLowerCase());
  }
  // Nor does any export link on the page.
  for (const href of await page
    .locator('a[href*="/api/export/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? "")))
    expect(href).not.toContain("q=");
});
