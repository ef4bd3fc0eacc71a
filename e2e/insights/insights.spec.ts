import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";

import { signInAs } from "@/e2e/support/auth";
import { expectAccessible, recordPolicyViolations } from "@/e2e/support/axe";
import { E2E_CLOCK } from "@/e2e/support/clock";
import { mainNav } from "@/e2e/support/nav";
import { settled } from "@/e2e/support/settled";
import { simulatorControl, simulatorReport } from "@/e2e/support/simulator";
import {
  COVERAGE_DROP,
  dayNumber,
  inCoverageDrop,
  LATE_BAN_EVERY_DAYS,
  LATE_BAN_PINS,
} from "@/simulator/data/insights";

/**
 * The insights on the demo history: 30 stored days up to the suite's yesterday, pulled as the demo
 * pulls them. What the simulator pinned (a few guests banned after their stay, a property whose
 * screening coverage falls) is worked out from the simulator's own tables, never written here.
 */

const HISTORY_DAYS = 30;
const addDays = (day: string, count: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10);
/** In the daily window every demo property reports the day before the clock's. */
const YESTERDAY = addDays(E2E_CLOCK.slice(0, 10), -1);
const STORED = Array.from({ length: HISTORY_DAYS }, (_, index) => addDays(YESTERDAY, index - HISTORY_DAYS + 1));
const calendarDay = (day: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

const NAMES: Record<string, string> = {
  "harbour-view": "Harbour View Hotel",
  "riverside-co": "Riverside & Co. Hotel",
  "grand-zurich": "Grand Hotel Zürich",
};
const SUPERVISOR_PROPERTIES = ["Riverside & Co. Hotel", "Harbour View Hotel"];

/** The stays the simulator pinned as banned after the stay, in the stored days. */
const PINNED = LATE_BAN_PINS.flatMap((pin) =>
  STORED.filter((day) => dayNumber(day) % LATE_BAN_EVERY_DAYS === pin.offset).map((day) => ({
    day,
    propertyName: NAMES[pin.propertyId]!,
    atCheckIn: pin.matchedBan === null ? "No screening record" : "Screened, no ban",
  })),
);

const rows = (page: Page) => page.getByTestId("banned-row");

async function openList(page: Page) {
  // One of the investigations: the main navigation's Investigations (under "More" for an admin at
  // 1280 px), then its tab.
  await (await mainNav(page)).getByRole("link", { name: "Investigations" }).click();
  await page
    .getByRole("navigation", { name: "Investigations" })
    .getByRole("link", { name: "Banned after stay" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Banned after the stay" })).toBeVisible();
  await settled(page, page.getByTestId("banned-after-stay"));
}

test.beforeEach(async ({ request, page }) => {
  await simulatorControl(request).reset();
  await recordPolicyViolations(page);
});

test("a supervisor's list holds the pinned stays of their properties only, newest ban first, and is accessible", async ({
  page,
}) => {
  const mine = PINNED.filter((stay) => SUPERVISOR_PROPERTIES.includes(stay.propertyName));
  expect(mine.length, "the simulator pins stays in the stored days").toBeGreaterThanOrEqual(3);

  await signInAs(page, "supervisor");
  await openList(page);
  await expect(rows(page).first()).toBeVisible();

  // Fifty a page, newest ban first, and only the supervisor's properties.
  await expect(rows(page)).toHaveCount(50);
  await expect(page.getByTestId("banned-range")).toHaveText(/^Stays 1–50 of \d+$/);
  const properties = await rows(page).locator('[data-column="property"]').allTextContents();
  expect(SUPERVISOR_PROPERTIES).toEqual(expect.arrayContaining([...new Set(properties)]));
  const seen = await rows(page)
    .locator('[data-column="seen"] time')
    .evaluateAll((times) => times.map((time) => time.getAttribute("datetime") ?? ""));
  expect(seen).toEqual([...seen].sort().reverse());
  await expectAccessible(page, "/insights/banned-after-stay");

  // The next page goes on from there.
  await page
    .getByRole("navigation", { name: "Banned after the stay pages" })
    .getByRole("link", { name: "Next" })
    .click();
  await expect(page).toHaveURL(/\/insights\/banned-after-stay\?page=2$/);
  await expect(page.getByTestId("banned-range")).toHaveText(/^Stays 51–\d+ of \d+$/);

  // The filter keeps one property's stays, and says so; the address carries it. Each of the
  // supervisor's properties fits one page: every pinned stay of theirs is there.
  for (const name of SUPERVISOR_PROPERTIES) {
    const filter = page.getByTestId("banned-filter");
    await filter.getByLabel("Property").selectOption(name);
    await filter.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page).toHaveURL(`/insights/banned-after-stay?${new URLSearchParams({ property: name })}`);
    await expect(
      page.getByRole("heading", {
        level: 2,
        name: new RegExp(`stays? at ${name.replace(/[.&]/g, "\\$&")}, newest ban first$`),
      }),
    ).toBeVisible();
    await expect(rows(page).locator('[data-column="property"]')).not.toHaveCount(0);
    const filtered = await rows(page).locator('[data-column="property"]').allTextContents();
    expect(new Set(filtered)).toEqual(new Set([name]));
    for (const stay of mine.filter((entry) => entry.propertyName === name)) {
      await expect(
        rows(page)
          .filter({ has: page.locator('[data-column="day"]', { hasText: calendarDay(stay.day) }) })
          .filter({ has: page.locator('[data-column="at-check-in"]', { hasText: stay.atCheckIn }) }),
        `${stay.propertyName} on ${stay.day}`,
      ).not.toHaveCount(0);
    }
  }

  // The link opens the stored day's guests, filtered to the property.
  const first = rows(page).first();
  const property = (await first.locator('[data-column="property"]').textContent())!;
  await first.getByRole("link").click();
  await expect(page).toHaveURL(/\/guests\?day=\d{4}-\d{2}-\d{2}&property=/);
  await expect(page.getByRole("heading", { level: 1, name: "Guests" })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("property")).toBe(property);
});

test("a range of stored days and a name narrow the list, the name never in the address; the CSV holds them, audited", async ({
  page,
}) => {
  // The newest stored day with a pinned stay: the list holds it whatever else the day holds.
  const day = PINNED.map((stay) => stay.day)
    .sort()
    .at(-1)!;
  await signInAs(page, "admin");
  await openList(page);
  const filter = page.getByTestId("banned-filter");
  await filter.getByLabel("Stored from").fill(day);
  await filter.getByLabel("to", { exact: true }).fill(day);
  await filter.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(`/insights/banned-after-stay?from=${day}&to=${day}`);
  await expect(
    page.getByRole("heading", {
      level: 2,
      name: new RegExp(`stays? stored on ${calendarDay(day).replace(/,/g, ",?")}`),
    }),
  ).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  expect(new Set(await rows(page).locator('[data-column="day"]').allTextContents())).toEqual(
    new Set([calendarDay(day)]),
  );
  const total = await rows(page).count();

  // A name of the list, part of its last word in capitals: found, and only what matches.
  const names = await rows(page).getByRole("rowheader").allTextContents();
  const name = names.find((text) => text !== "Name not captured")!;
  const part = name.split(" ").at(-1)!.slice(0, 4);
  await page.getByRole("searchbox", { name: "Guest's name" }).fill(part.toUpperCase());
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(
    page.getByRole("heading", { level: 2, name: new RegExp(`matches “${part.toUpperCase()}”`) }),
  ).toBeVisible();
  const found = await rows(page).getByRole("rowheader").allTextContents();
  expect(found).toContain(name);
  expect(found.every((text) => text.toLowerCase().includes(part.toLowerCase()))).toBe(true);
  expect(found.length).toBe(names.filter((text) => text.toLowerCase().includes(part.toLowerCase())).length);
  expect(page.url()).not.toContain(part);
  expect(page.url().toLowerCase()).not.toContain(part.toLowerCase());

  // The file holds what the screen shows: the search and the day, every match.
  const started = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV of the guests banned after their stay" }).click();
  const download = await started;
  expect(download.suggestedFilename()).toBe(`daybook-banned-after-stay-${day}.csv`);
  const [headers, ...lines] = parse(await readFile((await download.path())!, "utf8"), { bom: true }) as string[][];
  expect(headers).toEqual([
    "Guest",
    "Property",
    "Stored day of the stay",
    "At check-in",
    "Ban first seen by Daybook (UTC)",
    "Already banned when the day was pulled",
  ]);
  expect(lines.map((line) => line[0]).sort()).toEqual([...found].sort());
  expect(new Set(lines.map((line) => line[2]))).toEqual(new Set([day]));

  // Clearing the search shows the day's whole list again.
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(rows(page)).toHaveCount(total);

  // Audited like every file: the table, the range, that a name was searched, never the name.
  await page.goto("/admin/audit?action=export.csv");
  const entry = page
    .getByRole("region", { name: "Audit entries" })
    .getByRole("row")
    .filter({ hasText: "Banned after the stay table" })
    .filter({ hasText: "admin@daybook.demo" });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(`rowCount: ${found.length}`);
  await expect(entry).toContainText(`from: ${day}`);
  await expect(entry).toContainText("searched: yes");
  await expect(entry).not.toContainText(part);
});

test("an admin sees the pinned stays at every property; a property manager has no list and no notice", async ({
  page,
  browser,
}) => {
  await signInAs(page, "admin");
  await page.goto("/insights/banned-after-stay?property=Grand+Hotel+Z%C3%BCrich");
  await expect(page.getByRole("heading", { level: 2, name: /at Grand Hotel Zürich, newest ban first$/ })).toBeVisible();
  const zurich = PINNED.filter((stay) => stay.propertyName === "Grand Hotel Zürich");
  for (const stay of zurich) {
    await expect(
      rows(page)
        .filter({ has: page.locator('[data-column="property"]', { hasText: stay.propertyName }) })
        .filter({ has: page.locator('[data-column="day"]', { hasText: calendarDay(stay.day) }) }),
    ).not.toHaveCount(0);
  }

  const viewer = await browser.newPage();
  await signInAs(viewer, "viewer", "/insights/banned-after-stay");
  await expect(viewer.getByText("Your role does not include this screen")).toBeVisible();
  await viewer.goto("/");
  await settled(viewer, viewer.getByTestId("coverage-day"));
  await expect(viewer.getByTestId("banned-since-yesterday")).toHaveCount(0);
  await viewer.close();
});

test("the Overview counts the bans first seen since yesterday and leads to the list", async ({ page }) => {
  await signInAs(page, "supervisor");
  await openList(page);
  const seen = await rows(page)
    .locator('[data-column="seen"] time')
    .evaluateAll((times) => times.map((time) => Date.parse(time.getAttribute("datetime") ?? "")));
  const now = Date.parse(E2E_CLOCK);
  const recent = seen.filter((at) => at > now - 24 * 3_600_000 && at <= now).length;
  expect(recent, "bans first seen in the last 24 hours of the demo history").toBeGreaterThan(0);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Overview" }).click();
  const notice = page.getByTestId("banned-since-yesterday");
  await expect(notice).toContainText(
    `${recent} ${recent === 1 ? "guest" : "guests"} banned after their stay since yesterday`,
  );
  await notice.getByRole("link", { name: "See who was banned after their stay" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Banned after the stay" })).toBeVisible();
});

test("the Overview shows each property's share of arrivals without a screening record, beside manual entry", async ({
  page,
  request,
}) => {
  const report = (await simulatorReport(request, "guests")) as {
    items: { propertyName: string; matchedBanAtCheckIn: boolean | null; source: string }[];
  };
  const share = (count: number, of: number) => `${(Math.round((count * 1000) / of) / 10).toFixed(1)} %`;
  await signInAs(page, "regional");
  const table = page.getByTestId("coverage-day");
  await settled(page, table);
  for (const name of ["Hôtel Élysée Montréal", "Harbour View Hotel", "Riverside & Co. Hotel"]) {
    const items = report.items.filter((item) => item.propertyName === name);
    const row = table.getByTestId("coverage-row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
    const unscreened = share(items.filter((item) => item.matchedBanAtCheckIn === null).length, items.length);
    const cell = row.locator('[data-column="unscreenedShare"]');
    if (name === "Hôtel Élysée Montréal") {
      // In the middle of its drop, far outside its own history: marked, with the sentence in words.
      await expect(cell).toHaveAttribute("data-unusual", "true");
      await expect(cell).toContainText(unscreened);
      await expect(cell).toHaveAttribute(
        "title",
        new RegExp(`^No screening record ${unscreened.replace(".", "\\.")}, usually [\\d.]+–[\\d.]+ %$`),
      );
      await expect(
        page.getByTestId("screening-coverage").getByTestId("unusual-sentence").filter({ hasText: name }),
      ).toHaveCount(1);
    } else {
      await expect(cell).toHaveText(unscreened);
    }
    await expect(row.locator('[data-column="manualShare"]')).toHaveText(
      share(items.filter((item) => item.source !== "scan").length, items.length),
    );
  }
  const pines = table
    .getByTestId("coverage-row")
    .filter({ has: page.getByRole("rowheader", { name: "Quiet Pines Motel" }) });
  await expect(pines.locator('[data-column="unscreenedShare"]')).toHaveText("—");
});

test("the Properties trend shows Hôtel Élysée Montréal's screening coverage falling", async ({ page }) => {
  await signInAs(page, "regional", "/properties");
  const trend = page.getByTestId("coverage-trend-table");
  await settled(page, trend);
  const montreal = trend
    .getByTestId("coverage-trend-row")
    .filter({ has: page.getByRole("rowheader", { name: "Hôtel Élysée Montréal" }) });
  await expect(montreal.locator("td")).toHaveCount(HISTORY_DAYS);
  // Each cell's day is its column's.
  const days = await trend
    .locator("thead th[data-day]")
    .evaluateAll((ths) => ths.map((th) => th.getAttribute("data-day")!));
  expect(days).toHaveLength(HISTORY_DAYS);
  const cells = (await montreal.locator("td").allTextContents()).map((text, index) => ({ day: days[index]!, text }));
  const value = (text: string) => Number.parseFloat(text);
  const before = cells.filter((cell) => !inCoverageDrop(cell.day)).map((cell) => value(cell.text));
  const during = cells.filter((cell) => inCoverageDrop(cell.day)).map((cell) => value(cell.text));
  expect(during.length, `days of the drop from ${COVERAGE_DROP.firstBadDay} in the stored days`).toBeGreaterThan(5);
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  expect(mean(before)).toBeLessThan(6);
  expect(mean(during)).toBeGreaterThan(25);

  const side = page.getByTestId("coverage-side-by-side");
  const latest = side
    .getByTestId("coverage-row")
    .filter({ has: page.getByRole("rowheader", { name: "Hôtel Élysée Montréal" }) });
  // The latest day is in the drop, far outside Montréal's own history: marked, with its sentence.
  const unscreened = latest.locator('[data-column="unscreenedShare"]');
  await expect(unscreened).toContainText(cells.at(-1)!.text);
  await expect(unscreened).toHaveAttribute("data-unusual", "true");
  await expect(
    page.getByTestId("coverage-trend").getByTestId("unusual-sentence").filter({ hasText: "Hôtel Élysée Montréal" }),
  ).toHaveText(/^Hôtel Élysée Montréal: No screening record [\d.]+ %, usually [\d.]+–[\d.]+ %$/);
  await expect(latest.locator('[data-column="manualShare"]')).toHaveText(/^\d+\.\d %$/);
});
