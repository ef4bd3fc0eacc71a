// The simulator's day has a figure not recorded (local warnings: some properties do not record
// them, so the headline is null and their rows read 0) and two properties named "Seaside Suites"
// in two zones. Every screen and export must say both as they are.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";

import { signInAs } from "@/e2e/support/auth";
import { settled } from "@/e2e/support/settled";
import { simulatorControl, simulatorReport } from "@/e2e/support/simulator";
import { escapeRegExp } from "@/e2e/support/text";
import { usageWithHeldGuests } from "@/e2e/support/usage";

const SEASIDE = "Seaside Suites";
const SEASIDE_ZONES = {
  "America/Los_Angeles": "Seaside Suites (Los Angeles time)",
  "America/New_York": "Seaside Suites (New York time)",
};

interface UsageRow {
  propertyName: string;
  scans: number;
}

async function downloadCsv(page: Page, linkName: string): Promise<Record<string, string>[]> {
  const started = page.waitForEvent("download");
  // A link, or for a posted export (the guests table) a button.
  await page
    .getByRole("link", { name: linkName })
    .or(page.getByRole("button", { name: linkName }))
    .click();
  const text = await readFile((await (await started).path())!, "utf8");
  const [headers, ...rows] = parse(text, { bom: true }) as string[][];
  return rows.map((row) => Object.fromEntries(headers!.map((header, index) => [header, row[index]!])));
}

test.beforeEach(async ({ request }) => {
  await simulatorControl(request).reset();
});

test("the Overview says 'Not recorded' in every row of a figure not recorded, and tells the two Seaside Suites apart by zone", async ({
  page,
}) => {
  await signInAs(page, "admin", "/");
  const { usage, labels } = await usageWithHeldGuests<{
    warnings: { localAlert: { value: number | null } };
    byProperty: UsageRow[];
  }>(page);
  expect(usage.warnings.localAlert.value).toBeNull();
  expect(labels).toEqual(expect.arrayContaining(Object.values(SEASIDE_ZONES)));

  await page.reload();
  const table = page.getByTestId("property-table");
  await settled(page, table);
  const rows = page.getByTestId("property-row");
  await expect(rows.getByRole("rowheader")).toHaveText(labels.map((label) => new RegExp(`^${escapeRegExp(label)}`)));
  // The warnings rate is built on local warnings: not shown in any row, Quiet Pines' included.
  await expect(rows.locator('[data-column="warningsPer100"]')).toHaveText(labels.map(() => "Not recorded"));
  const quiet = rows.filter({ hasText: "Quiet Pines Motel" });
  await expect(quiet.locator('[data-column="manualShare"]')).toHaveText("—");
  const notes = page.getByTestId("row-note");
  await expect(notes.filter({ hasText: /^Local warnings: not recorded for this day/ })).toHaveCount(1);
  await expect(notes.filter({ hasText: /Seaside Suites \(2 properties\)/ })).toContainText(
    "Daybook names each row's zone where that day's stored arrivals match its scans one to one",
  );

  const csv = await downloadCsv(page, "Download CSV of the figures by property");
  expect(csv.map((row) => row.Property)).toEqual(labels);
  expect(new Set(csv.map((row) => row["Warnings per 100 scans"]))).toEqual(new Set(["Not recorded"]));
});

test("Properties keep the two Seaside Suites apart and show no warnings rate, side by side and over time", async ({
  page,
}) => {
  await signInAs(page, "regional", "/properties");
  const sideBySide = page.getByTestId("side-by-side-table");
  await settled(page, sideBySide);
  const rows = page.getByTestId("comparison-row");
  // Told apart by zone, as their arrivals are on the same page.
  const seaside = /^Seaside Suites \((Los Angeles|New York) time\)/;
  await expect(rows.getByRole("rowheader", { name: seaside })).toHaveCount(2);
  await expect(rows.locator('[data-column="warningsPer100"]').filter({ hasNotText: "Not recorded" })).toHaveCount(0);
  await expect(
    page
      .getByTestId("row-note")
      .filter({ hasText: /^Local warnings: not recorded/ })
      .first(),
  ).toBeVisible();

  const summary = page.getByTestId("trend-summary-row");
  await expect(summary.filter({ hasText: seaside })).toHaveCount(2);
  for (const row of await summary.all()) await expect(row.locator("td").last()).toHaveText("Not recorded");
});

test("criminal arrivals and guests show a shared name with its property's zone, on screen and in the CSV", async ({
  page,
  request,
}) => {
  const criminal = (await simulatorReport(request, "criminal-arrivals")) as {
    items: { propertyName: string; firstName: string; lastName: string; checkInAtUtc: string }[];
  };
  const guests = (await simulatorReport(request, "guests")) as {
    items: {
      propertyName: string;
      propertyTimeZone: keyof typeof SEASIDE_ZONES;
      firstName: string | null;
      lastName: string | null;
      checkInAtUtc: string;
    }[];
  };
  const zoneOf = (item: { firstName: string; lastName: string; checkInAtUtc: string }) =>
    guests.items.find(
      (guest) =>
        guest.propertyName === SEASIDE &&
        guest.checkInAtUtc === item.checkInAtUtc &&
        guest.firstName === item.firstName &&
        guest.lastName === item.lastName,
    )!.propertyTimeZone;
  const seasideCriminal = criminal.items.filter((item) => item.propertyName === SEASIDE);
  expect(seasideCriminal.length).toBeGreaterThan(0);
  const expected = seasideCriminal.map((item) => SEASIDE_ZONES[zoneOf(item)]).sort();

  await signInAs(page, "admin", "/criminal-arrivals");
  await settled(page, page.getByTestId("summary"));
  // Every card of the group's day, not the first 20.
  await page
    .getByTestId("more-arrivals")
    .getByRole("button", { name: /^Show all \d+$/ })
    .click();
  const properties = page.getByTestId("guest-property");
  await expect(properties.filter({ hasText: /^Seaside Suites/ })).toHaveCount(seasideCriminal.length);
  expect((await properties.filter({ hasText: /^Seaside Suites/ }).allTextContents()).sort()).toEqual(expected);
  await expect(page.getByTestId("shared-names")).toContainText(
    "Seaside Suites is the name of 2 properties (Los Angeles time, New York time).",
  );
  // Their review lists are apart too: one sign-off bar per property.
  const bars = page.getByTestId("sign-off-bar").filter({ hasText: /^Seaside Suites \((Los Angeles|New York) time\)/ });
  await expect(bars).toHaveCount(new Set(expected).size);

  const criminalCsv = await downloadCsv(page, "Download CSV of the criminal arrivals list");
  expect(
    criminalCsv
      .filter((row) => (row.Property ?? "").startsWith(SEASIDE))
      .map((row) => row.Property)
      .sort(),
  ).toEqual(expected);

  // One guest of each Seaside Suites, found by name: the row names the property with its zone.
  await page.goto("/guests");
  await settled(page, page.getByTestId("guest-count"));
  for (const [zone, label] of Object.entries(SEASIDE_ZONES)) {
    const guest = guests.items.find(
      (item) =>
        item.propertyName === SEASIDE &&
        item.propertyTimeZone === zone &&
        item.firstName &&
        item.lastName &&
        guests.items.filter((other) => other.lastName === item.lastName && other.firstName === item.firstName)
          .length === 1,
    )!;
    await page.getByLabel("Search").fill(`${guest.firstName} ${guest.lastName}`);
    const row = page.getByTestId("guest-row");
    await expect(row).toHaveCount(1);
    await expect(row.locator('[data-column="property"]')).toHaveText(label);
  }
  await page.getByLabel("Search").fill("");

  const guestsCsv = await downloadCsv(page, "Download CSV of the guests table");
  const seasideRows = guestsCsv.filter((row) => (row.Property ?? "").startsWith(SEASIDE));
  expect(seasideRows).toHaveLength(guests.items.filter((item) => item.propertyName === SEASIDE).length);
  for (const row of seasideRows) {
    expect(row.Property).toBe(SEASIDE_ZONES[row["Property time zone"] as keyof typeof SEASIDE_ZONES]);
  }
});
