import { readFile } from "node:fs/promises";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";

import { signInAs, type DemoRole } from "@/e2e/support/auth";
import { expectAccessible, recordPolicyViolations } from "@/e2e/support/axe";
import { DEMO_NEWEST } from "@/e2e/support/demo-days";
import { expectFits } from "@/e2e/support/fit";
import { settled } from "@/e2e/support/settled";
import { ALERT_RESPONSE } from "@/simulator/data/investigations";
import { DEFAULT_PROPERTIES } from "@/simulator/data/properties";

/**
 * Alert response on the demo: the simulator's desks acknowledge most alerts within minutes, three
 * times slower at night and at one property, and leave about a quarter never acknowledged. The
 * figures are read off the screen and checked against each other, role by role, against those
 * seeded patterns and against the CSV. One story, in order: later tests compare with what the first read.
 */

const PATH = "/investigations/response";
const HARBOUR = "Harbour View Hotel";
const RIVERSIDE = "Riverside & Co. Hotel";
const SLOW = DEFAULT_PROPERTIES.find((property) => property.id === ALERT_RESPONSE.slowPropertyId)!.name;
const number = (text: string) => Number(text.replace(/,/g, ""));

/** A wait as the screen words it ("45 s", "4 min", "1 h 12 min", "2 d 3 h") in seconds; null for words. */
function seconds(text: string): number | null {
  const units: Record<string, number> = { s: 1, min: 60, h: 3_600, d: 86_400 };
  const parts = [...text.matchAll(/(\d+) (s|min|h|d)\b/g)];
  return parts.length === 0 ? null : parts.reduce((sum, [, value, unit]) => sum + Number(value) * units[unit!]!, 0);
}

interface Row {
  rank: string;
  label: string;
  alerts: string;
  notAcknowledged: string;
  p50: string;
  p90: string;
  state: string;
}

async function rowsOf(table: Locator, testId: string): Promise<Row[]> {
  const rows = table.getByTestId(testId);
  const found: Row[] = [];
  for (let index = 0; index < (await rows.count()); index++) {
    const row = rows.nth(index);
    const cell = async (column: string) => {
      const located = row.locator(`[data-column="${column}"]`);
      return (await located.count()) === 0 ? "" : ((await located.textContent()) ?? "").trim();
    };
    found.push({
      rank: await cell("rank"),
      label: ((await row.getByRole("rowheader").textContent()) ?? "").trim(),
      alerts: await cell("alerts"),
      notAcknowledged: await cell("not-acknowledged"),
      p50: await cell("p50"),
      p90: await cell("p90"),
      state: await cell("state"),
    });
  }
  return found;
}

/** The figures first: the two percentiles, the alerts, those not acknowledged. */
async function headline(page: Page) {
  const figure = (id: string) => page.getByTestId(id).locator("[data-figure]");
  await expect(figure("response-p50")).toBeVisible();
  return {
    p50: (await figure("response-p50").textContent())!,
    p90: (await figure("response-p90").textContent())!,
    alerts: (await figure("response-alerts").textContent())!,
    notAcknowledged: (await figure("response-not-acknowledged").textContent())!,
  };
}

async function open(page: Page, role: DemoRole, path = PATH) {
  await signInAs(page, role, path);
  await expect(page.getByRole("heading", { level: 1, name: "Alert response" })).toBeVisible();
  await settled(page, page.getByTestId("response-figures"));
}

async function downloadCsv(page: Page, section: Locator) {
  const started = page.waitForEvent("download");
  await section.getByRole("link", { name: /^Download CSV/ }).click();
  const download = await started;
  const [headers, ...lines] = parse(await readFile((await download.path())!, "utf8"), { bom: true }) as string[][];
  return { filename: download.suggestedFilename(), headers: headers!, lines };
}

test.beforeEach(async ({ page }) => {
  await recordPolicyViolations(page);
});

test.describe.serial("alert response on the demo", () => {
  let harbour: Awaited<ReturnType<typeof headline>>;

  test("a property manager sees their own property's response only, with no property controls, staff flags or CSV", async ({
    page,
  }) => {
    await signInAs(page, "viewer", "/investigations");
    const tabs = page.getByRole("navigation", { name: "Investigations" }).getByRole("link");
    await expect(tabs).toHaveText(["Match outcomes", "Alert response"]);
    await tabs.filter({ hasText: "Alert response" }).click();
    await expect(page).toHaveURL(PATH);
    await settled(page, page.getByTestId("response-figures"));

    harbour = await headline(page);
    expect(seconds(harbour.p50)).toBeGreaterThan(0);
    expect(seconds(harbour.p90)!).toBeGreaterThanOrEqual(seconds(harbour.p50)!);
    // The simulator leaves about a quarter never acknowledged.
    expect(number(harbour.notAcknowledged)).toBeGreaterThan(0);
    expect(number(harbour.notAcknowledged)).toBeLessThan(number(harbour.alerts));
    test.info().annotations.push({ type: "viewer-headline", description: JSON.stringify(harbour) });

    await expect(page.getByTestId("response-controls").getByLabel("Property")).toHaveCount(0);
    await expect(page.getByTestId("response-by-property")).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Download CSV/ })).toHaveCount(0);
    await expect(page.getByRole("main")).not.toContainText(RIVERSIDE);
    // Every time of the property's day is in its own zone, named.
    await expect(page.getByTestId("response-by-hour").getByTestId("response-zones")).toHaveText(
      "In the property's own time, Pacific/Honolulu.",
    );
    const waiting = page.getByTestId("response-unacknowledged-row");
    await expect(waiting.first()).toBeVisible();
    expect(new Set(await waiting.locator('[data-column="property"]').allTextContents())).toEqual(new Set([HARBOUR]));
    for (const time of await waiting.locator('[data-column="check-in"]').allTextContents())
      expect(time).toMatch(/ HST$/);

    // The method is a click away.
    const how = page.getByTestId("how-judged");
    await expect(how.locator("summary")).toContainText(
      "How this is judged: from check-in to the desk's acknowledgement",
    );
    await how.locator("summary").click();
    await expect(how).toContainText("it never counts as a time");
    await expectAccessible(page, PATH);

    // Another property in the address is none of theirs; staff flags are not theirs at all.
    await page.goto(`${PATH}?${new URLSearchParams({ property: RIVERSIDE })}`);
    await expect(page.getByRole("status").filter({ hasText: "No such property" })).toBeVisible();
    expect((await headline(page)).alerts).toBe(harbour.alerts);
    await page.goto("/investigations/staff-flags");
    await expect(page.getByRole("heading", { level: 1, name: "Staff flags" })).toBeVisible();
    await expect(page.getByText("Your role does not include this screen")).toBeVisible();
    await expect(page.getByTestId("staff-flags-figures")).toHaveCount(0);
    expect((await page.request.get("/api/export/investigation-response")).status()).toBe(403);
    expect((await page.request.get("/api/export/investigation-staff-flags")).status()).toBe(403);
  });

  test("a regional manager sees every property of theirs ranked, the slow desk last, and the alerts never acknowledged", async ({
    page,
  }) => {
    await open(page, "regional");
    const section = page.getByTestId("response-by-property");
    await expect(section.getByRole("heading", { level: 2 })).toHaveText("Ranking");
    const order = section.getByRole("navigation", { name: "Order of the properties" });
    await expect(order.locator('[aria-current="true"]')).toHaveText("Fastest desk first");
    const rows = await rowsOf(section, "response-property-row");
    expect(rows.map((row) => row.label).sort()).toEqual(
      [
        HARBOUR,
        "Hôtel Élysée Montréal",
        "Quiet Pines Motel",
        RIVERSIDE,
        "Seaside Suites (Los Angeles time)",
        "Seaside Suites (New York time)",
      ].sort(),
    );
    const ranked = rows.filter((row) => row.rank !== "");
    expect(ranked.map((row) => row.rank)).toEqual(ranked.map((_, index) => String(index + 1)));
    // The simulator's slow desk is last; a property without criminal arrivals has no alerts, not a time.
    expect(ranked.at(-1)!.label).toBe(SLOW);
    expect(rows.find((row) => row.label === "Quiet Pines Motel")).toMatchObject({ rank: "", state: "No alerts" });
    // The same property's figures as its own manager sees them.
    expect(rows.find((row) => row.label === HARBOUR)).toMatchObject({
      alerts: harbour.alerts,
      notAcknowledged: harbour.notAcknowledged,
      p50: harbour.p50,
      p90: harbour.p90,
    });
    const top = await headline(page);
    expect(number(top.alerts)).toBe(ranked.reduce((sum, row) => sum + number(row.alerts), 0));
    expect(number(top.notAcknowledged)).toBe(ranked.reduce((sum, row) => sum + number(row.notAcknowledged), 0));
    test.info().annotations.push({ type: "regional-ranking", description: JSON.stringify(rows) });
    test.info().annotations.push({ type: "regional-headline", description: JSON.stringify(top) });

    // Slower at night (00:00–05:59, each property's own time) than in the day, as the desks are seeded.
    const hours = await rowsOf(page.getByTestId("response-hours"), "response-hours-row");
    expect(hours).toHaveLength(24);
    expect(hours.reduce((sum, row) => sum + number(row.alerts), 0)).toBe(number(top.alerts));
    const mean = (from: number, to: number) => {
      const waits = hours.slice(from, to + 1).flatMap((row) => seconds(row.p50) ?? []);
      return waits.reduce((sum, wait) => sum + wait, 0) / waits.length;
    };
    expect(mean(0, 5)).toBeGreaterThan(1.5 * mean(9, 15));
    await expect(page.getByTestId("response-by-hour").getByTestId("response-zones")).toContainText("Pacific/Honolulu");
    const weekdays = await rowsOf(page.getByTestId("response-weekdays"), "response-weekdays-row");
    // In the person's week: the demo accounts' browsers (US English) start it on Sunday.
    expect(weekdays.map((row) => row.label)).toEqual([
      "Sunday",
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
    ]);
    expect(weekdays.reduce((sum, row) => sum + number(row.alerts), 0)).toBe(number(top.alerts));

    // The alerts never acknowledged, their ageing adding up, longest waiting first, fifty a page.
    const waiting = page.getByTestId("response-not-acknowledged");
    const buckets = await waiting.getByTestId("response-ageing-bucket").allTextContents();
    expect(buckets.reduce((sum, text) => sum + number(/: ([\d,]+)$/.exec(text)![1]!), 0)).toBe(
      number(top.notAcknowledged),
    );
    await expect(waiting.getByTestId("response-unacknowledged-row")).toHaveCount(
      Math.min(50, number(top.notAcknowledged)),
    );
    const link = waiting.getByTestId("response-unacknowledged-row").first().getByRole("link");
    await expect(link).toHaveAttribute("href", /^\/criminal-arrivals\?day=\d{4}-\d{2}-\d{2}/);

    // The ranking's file holds every row as the screen shows it.
    const file = await downloadCsv(page, section);
    expect(file.filename).toBe(`daybook-investigation-response-${DEMO_NEWEST}.csv`);
    expect(file.headers).toEqual([
      "Rank",
      "Property",
      "Alerts",
      "Acknowledged",
      "Not acknowledged",
      "50th percentile, minutes",
      "90th percentile, minutes",
    ]);
    expect(file.lines.map((line) => [line[0], line[1], line[2], line[4]])).toEqual(
      rows.map((row) => [
        row.rank,
        row.label,
        row.state || row.alerts.replace(/,/g, ""),
        row.state || row.notAcknowledged.replace(/,/g, ""),
      ]),
    );
    const harbourLine = file.lines.find((line) => line[1] === HARBOUR)!;
    expect(Math.abs(Number(harbourLine[5]) * 60 - seconds(harbour.p50)!)).toBeLessThanOrEqual(30);

    // The other orders, each property keeping its rank; the address keeps the order chosen.
    await order.getByRole("link", { name: "Slowest desk first" }).click();
    await expect(page).toHaveURL(/[?&]sort=slowest\b/);
    await expect(order.locator('[aria-current="true"]')).toHaveText("Slowest desk first");
    await expect(section.getByTestId("response-property-row").first().locator('[data-column="property"]')).toHaveText(
      SLOW,
    );
    const slowest = await rowsOf(section, "response-property-row");
    expect(slowest.filter((row) => row.rank !== "").map((row) => row.label)).toEqual(
      ranked.map((row) => row.label).reverse(),
    );
    await order.getByRole("link", { name: "By name" }).click();
    await expect(page).toHaveURL(/[?&]sort=name\b/);
    const names = rows.map((row) => row.label).sort((a, b) => a.localeCompare(b, "en"));
    await expect(section.getByTestId("response-property-row").first().locator('[data-column="property"]')).toHaveText(
      names[0]!,
    );
    const byName = await rowsOf(section, "response-property-row");
    expect(byName.map((row) => row.label)).toEqual(names);
    expect(byName.find((row) => row.label === SLOW)!.rank).toBe(ranked.at(-1)!.rank);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(PATH);
    await settled(page, page.getByTestId("response-figures"));
    await expectFits(page, PATH);
  });

  test("a supervisor sees their two properties by name, unranked, and narrows to one in the address", async ({
    page,
  }) => {
    await open(page, "supervisor");
    const section = page.getByTestId("response-by-property");
    await expect(section.getByRole("heading", { level: 2 })).toHaveText("By property");
    const rows = await rowsOf(section, "response-property-row");
    expect(rows.map((row) => [row.label, row.rank])).toEqual([
      [HARBOUR, ""],
      [RIVERSIDE, ""],
    ]);
    const controls = page.getByTestId("response-controls");
    await expect(controls.getByLabel("Property").locator("option")).toHaveText([
      "All your properties",
      HARBOUR,
      RIVERSIDE,
    ]);
    await controls.getByLabel("Property").selectOption(HARBOUR);
    await controls.getByLabel("Days").selectOption("30");
    await controls.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(`${PATH}?${new URLSearchParams({ window: "30", property: HARBOUR })}`);
    await settled(page, page.getByTestId("response-figures"));
    // The demo's history is 30 days: the window of 30 holds the same alerts as the 90.
    expect(await headline(page)).toEqual(harbour);

    const hours = page.getByTestId("response-by-hour");
    const file = await downloadCsv(page, hours);
    expect(file.headers[0]).toBe("Hour of check-in, property's own time");
    expect(file.lines).toHaveLength(24);
    expect(file.lines.reduce((sum, line) => sum + Number(line[1]), 0)).toBe(number(harbour.alerts));
  });

  test("every view and every file is in the audit log, naming no guest", async ({ page }) => {
    await signInAs(page, "admin", "/admin/audit?action=investigation.view");
    const views = page
      .getByRole("region", { name: "Audit entries" })
      .getByRole("row")
      .filter({ visible: true })
      .filter({ hasText: "investigation response" });
    await expect(views.filter({ hasText: "viewer@daybook.demo" }).first()).toBeVisible();
    await expect(views.filter({ hasText: "viewer@daybook.demo" }).first()).toContainText(
      `notAcknowledged: ${number(harbour.notAcknowledged)}`,
    );
    await expect(views.filter({ hasText: "regional@daybook.demo" }).first()).toBeVisible();
    await expect(views.filter({ hasText: "supervisor@daybook.demo" }).filter({ hasText: "window: 30" })).toHaveCount(1);

    await page.goto("/admin/audit?action=export.csv");
    const files = page
      .getByRole("region", { name: "Audit entries" })
      .getByRole("row")
      .filter({ visible: true })
      .filter({ hasText: "Investigations: alert response table" });
    await expect(
      files.filter({ hasText: "regional@daybook.demo" }).filter({ hasText: "part: properties" }),
    ).toHaveCount(1);
    await expect(files.filter({ hasText: "supervisor@daybook.demo" }).filter({ hasText: "part: hours" })).toHaveCount(
      1,
    );
  });
});
