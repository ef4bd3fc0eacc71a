import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { clippedSelects } from "@/e2e/support/fit";
import { settled } from "@/e2e/support/settled";
import { simulatorControl, simulatorReport } from "@/e2e/support/simulator";

const RIVERSIDE = "Riverside & Co. Hotel";
const HARBOUR = "Harbour View Hotel";

interface Guest {
  propertyName: string;
  checkInAtUtc: string;
  firstName: string | null;
  lastName: string | null;
  identificationNumber: string;
  email: string;
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** A report of a past day straight from the simulator: its clock moved into the day after, then back to the suite's. */
async function simulatorReportOf<T>(request: APIRequestContext, path: string, day: string): Promise<T> {
  const simulator = simulatorControl(request);
  await simulator.setClock(`${nextDay(day)}T11:30:00Z`);
  try {
    return (await simulatorReport(request, path)) as T;
  } finally {
    await simulator.restoreClock();
  }
}

/** The stored days the picker offers, newest first, once the page has loaded them all. */
async function storedDays(page: Page): Promise<string[]> {
  const picker = page.getByLabel("Day", { exact: true });
  await settled(page, picker);
  // The help under the picker counts the stored days: the options are those and "Yesterday — live".
  const help = page.getByText(/^\d+ stored days?, pulled by Daybook every day\.$/);
  await expect(help).toBeVisible();
  const count = Number(/^\d+/.exec((await help.textContent())!)![0]);
  const options = picker.locator("option");
  await expect(options).toHaveCount(count + 1);
  const values = await options.evaluateAll((nodes) => nodes.map((o) => (o as HTMLOptionElement).value));
  return values.filter(Boolean);
}

test("the overview shows a stored day, labelled as a stored copy, with that day's figures", async ({
  page,
  request,
}) => {
  await signInAs(page, "admin", "/");
  const days = await storedDays(page);
  expect(days.length).toBeGreaterThanOrEqual(7);
  const day = days[5]!;

  await page.getByLabel("Day").selectOption(day);
  await expect(page).toHaveURL(new RegExp(`\\?day=${day}$`));
  // Provenance in one line, the rest a click away.
  await expect(page.getByTestId("provenance")).toContainText("Daybook's stored copy of");
  await expect(page.getByTestId("reported-day")).toHaveAttribute("datetime", day);
  // The chosen day's whole label shows, at a phone's width too.
  expect(await clippedSelects(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await clippedSelects(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 720 });

  const usage = await simulatorReportOf<{ byProperty: { propertyName: string; scans: number }[] }>(
    request,
    "usage/dashboard",
    day,
  );
  const rows = page.getByTestId("property-table").locator("tbody tr");
  await expect(rows).toHaveCount(usage.byProperty.length);
  const riverside = usage.byProperty.find((row) => row.propertyName === RIVERSIDE)!;
  await expect(rows.filter({ hasText: RIVERSIDE })).toContainText(riverside.scans.toLocaleString("en-US"));

  await page.getByLabel("Day").selectOption("");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("reported-day")).not.toHaveAttribute("datetime", day);
});

test("guests of a stored day keep the day through the property filter, and a reveal reads the stored copy", async ({
  page,
  request,
}) => {
  await signInAs(page, "supervisor", "/guests");
  const day = (await storedDays(page))[3]!;
  const guests = (await simulatorReportOf<{ items: Guest[] }>(request, "guests", day)).items.filter(
    (g) => g.propertyName === RIVERSIDE,
  );

  await page.goto(`/guests?day=${day}`);
  await page.getByRole("combobox", { name: "Property" }).fill(RIVERSIDE);
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`day=${day}`));
  await expect(page.getByTestId("guest-count")).toHaveText(
    `Showing ${guests.length} of ${guests.length} arrivals at ${RIVERSIDE}`,
  );
  await expect(page.getByTestId("stored-copy")).toContainText("Currently banned");

  const guest = guests.find(
    (g) => g.email && g.identificationNumber.length > 4 && guests.filter((o) => o.email === g.email).length === 1,
  )!;
  await page.getByLabel("Search").fill(guest.email);
  const row = page.getByTestId("guest-row");
  await expect(row).toHaveCount(1);
  const id = row.locator('[data-column="identification"]');
  await id.getByRole("button", { name: /^Reveal/ }).click();
  await expect(id.getByTestId("revealed-id")).toHaveText(guest.identificationNumber);
});

test("a viewer's stored day shows only their property", async ({ page, request }) => {
  await signInAs(page, "viewer", "/");
  const day = (await storedDays(page))[1]!;
  await page.goto(`/?day=${day}`);
  // One property: its figures are the tiles, with no one-row table by property.
  await settled(page, page.getByTestId("tile-totals-scans"));
  await expect(page.getByTestId("reported-day")).toHaveAttribute("datetime", day);
  await expect(page.getByTestId("property-table")).toHaveCount(0);
  await expect(page.getByTestId("narrowed-note")).toContainText("the property you may see");
  const harbour = (
    await simulatorReportOf<{ items: { propertyName: string }[] }>(request, "criminal-arrivals", day)
  ).items.filter((item) => item.propertyName === HARBOUR);
  await page.goto(`/criminal-arrivals?day=${day}`);
  await settled(page, page.getByTestId("stored-copy"));
  // Every row of that day at Harbour View, and no other property's.
  await expect(page.getByTestId("guest-property")).toHaveText(harbour.map(() => HARBOUR));
});

test("a day Daybook never stored is explained, with the way back", async ({ page }) => {
  await signInAs(page, "admin", "/criminal-arrivals?day=2001-01-01");
  await expect(page.getByText("Daybook holds no copy of that day")).toBeVisible();
  await expect(page.getByLabel("Day")).toHaveValue("2001-01-01");
  await page.goto("/guests?day=not-a-day");
  await expect(page.getByText("Daybook holds no copy of that day")).toBeVisible();
});

test("a stored day's property filter answers as the API would: a known property, ambiguous and unknown names", async ({
  page,
}) => {
  await signInAs(page, "admin", "/criminal-arrivals");
  const day = (await storedDays(page))[2]!;
  // Quiet Pines Motel never has an arrival: an empty list, not "not found".
  await page.goto(`/criminal-arrivals?day=${day}&property=${encodeURIComponent("Quiet Pines Motel")}`);
  await expect(page.getByTestId("stored-copy")).toBeVisible();
  await expect(page.getByTestId("report-error")).toHaveCount(0);
  await expect(page.getByTestId("criminal-arrival")).toHaveCount(0);

  await page.goto(`/guests?day=${day}&property=${encodeURIComponent("seaside suites")}`);
  await expect(page.getByTestId("error-code")).toHaveText("property_name_ambiguous");
  await page.goto(`/guests?day=${day}&property=${encodeURIComponent("Nowhere Inn")}`);
  await expect(page.getByTestId("error-code")).toHaveText("property_not_found");
});
