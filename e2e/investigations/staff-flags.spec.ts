import { readFile } from "node:fs/promises";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";

import { signInAs, type DemoRole } from "@/e2e/support/auth";
import { expectAccessible, recordPolicyViolations } from "@/e2e/support/axe";
import { DEMO_NEWEST } from "@/e2e/support/demo-days";
import { expectFits } from "@/e2e/support/fit";
import { settled } from "@/e2e/support/settled";
import { STAFF_FLAGS } from "@/simulator/data/investigations";
import { DEFAULT_PROPERTIES } from "@/simulator/data/properties";

/**
 * Staff flags on the demo: the simulator's desks flag about one guest in a hundred, half of them
 * after an alert, except at one property whose staff flag several times as many, mostly guests
 * screening found nothing about. The figures are read off the screen, checked against each other,
 * the seeded property and the CSV, role by role.
 */

const PATH = "/investigations/staff-flags";
const HEAVY = DEFAULT_PROPERTIES.find((property) => property.id === STAFF_FLAGS.heavyPropertyId)!.name;
const number = (text: string) => Number(text.replace(/,/g, ""));

interface Row {
  label: string;
  judgement: string;
  storedDays: number;
  arrivals: number;
  flagged: number;
  per100: string;
  unmatched: string;
  words: string;
}

async function rowsOf(table: Locator): Promise<Row[]> {
  const rows = table.getByTestId("staff-flags-property-row");
  const found: Row[] = [];
  for (let index = 0; index < (await rows.count()); index++) {
    const row = rows.nth(index);
    const cell = async (column: string) =>
      ((await row.locator(`[data-column="${column}"]`).textContent()) ?? "").trim();
    found.push({
      label: ((await row.getByRole("rowheader").textContent()) ?? "").trim(),
      judgement: (await row.getAttribute("data-judgement"))!,
      storedDays: number(await cell("stored-days")),
      arrivals: number(await cell("arrivals")),
      flagged: number(await cell("flagged")),
      per100: await cell("per100"),
      unmatched: await cell("unmatched"),
      words: await cell("judgement"),
    });
  }
  return found;
}

async function headline(page: Page) {
  const figure = (id: string) => page.getByTestId(id).locator("[data-figure]");
  await expect(figure("staff-flags-per100")).toBeVisible();
  return {
    per100: (await figure("staff-flags-per100").textContent())!,
    flagged: number((await figure("staff-flags-flagged").textContent())!),
    arrivals: number(
      /of ([\d,]+) stored arrivals/.exec((await page.getByTestId("staff-flags-flagged").textContent())!)![1]!,
    ),
    unmatched: (await figure("staff-flags-unmatched").textContent())!,
    storedDays: number((await figure("staff-flags-days").textContent())!),
  };
}

async function open(page: Page, role: DemoRole, path = PATH) {
  await signInAs(page, role, path);
  await expect(page.getByRole("heading", { level: 1, name: "Staff flags" })).toBeVisible();
  await settled(page, page.getByTestId("staff-flags-figures"));
}

const oneDecimal = (value: number) =>
  value.toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

test.beforeEach(async ({ page }) => {
  await recordPolicyViolations(page);
});

test.describe.serial("staff flags on the demo", () => {
  let heavy: Row;

  test("a regional manager sees the property whose staff flag far more than the group said in words, with counts", async ({
    page,
  }) => {
    await open(page, "regional");
    await expect(
      page.getByRole("navigation", { name: "Investigations" }).getByRole("link", { name: "Staff flags" }),
    ).toHaveAttribute("aria-current", "page");
    const rows = await rowsOf(page.getByTestId("staff-flags-properties"));
    expect(rows.map((row) => row.label).sort()).toEqual(
      [
        "Harbour View Hotel",
        "Hôtel Élysée Montréal",
        "Quiet Pines Motel",
        "Riverside & Co. Hotel",
        "Seaside Suites (Los Angeles time)",
        "Seaside Suites (New York time)",
      ].sort(),
    );
    // Most flags per 100 first: the seeded property, far above; a property without arrivals has no rate.
    heavy = rows[0]!;
    expect(heavy).toMatchObject({ label: HEAVY, judgement: "far-above", words: "Far above the group" });
    expect(rows.filter((row) => row.judgement === "far-above").map((row) => row.label)).toEqual([HEAVY]);
    expect(rows.find((row) => row.label === "Quiet Pines Motel")).toMatchObject({
      arrivals: 0,
      per100: "No arrivals",
      unmatched: "None flagged",
      judgement: "too-few-arrivals",
    });
    for (const row of rows.filter((entry) => entry.arrivals > 0)) {
      expect(row.per100, row.label).toBe(oneDecimal((row.flagged / row.arrivals) * 100));
      // The demo's thirty stored days, each counted; no other day is read as a day without flags.
      expect(row.storedDays, row.label).toBe(30);
    }
    // Mostly guests screening found nothing about, at the heavy property.
    const share = Number(/\(([\d.]+) %\)/.exec(heavy.unmatched)![1]);
    expect(share).toBeGreaterThan(50);

    const far = page.getByTestId("staff-flags-far").getByRole("listitem");
    await expect(far).toHaveCount(1);
    await expect(far).toHaveText(
      new RegExp(
        `^${HEAVY} flags ${heavy.per100.replace(".", "\\.")} per 100 arrivals \\(${heavy.flagged.toLocaleString("en-US")} of ${heavy.arrivals.toLocaleString("en-US")}\\); the group's usual range is [\\d.]+–[\\d.]+ \\(5 properties\\)$`,
      ),
    );
    test.info().annotations.push({ type: "far", description: (await far.textContent())! });
    await expect(page.getByTestId("staff-flags-range")).toContainText("from 5 properties");

    const top = await headline(page);
    expect(top.arrivals).toBe(rows.reduce((sum, row) => sum + row.arrivals, 0));
    expect(top.flagged).toBe(rows.reduce((sum, row) => sum + row.flagged, 0));
    expect(top.per100).toBe(oneDecimal((top.flagged / top.arrivals) * 100));
    expect(top.storedDays).toBe(30);
    test.info().annotations.push({ type: "regional-headline", description: JSON.stringify(top) });

    const weekdays = page.getByTestId("staff-flags-weekday-row");
    // In the person's week: the demo accounts' browsers (US English) start it on Sunday.
    await expect(weekdays.getByRole("rowheader")).toHaveText([
      "Sunday",
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
    ]);
    const byDay = (await weekdays.locator('[data-column="flagged"]').allTextContents()).map(number);
    expect(byDay.reduce((sum, value) => sum + value, 0)).toBe(top.flagged);

    const how = page.getByTestId("how-judged");
    await expect(how.locator("summary")).toContainText("each property against the group");
    await how.locator("summary").click();
    await expect(how).toContainText("the rule unusual days use");
    await expectAccessible(page, PATH);

    // The property table's file, every row as on screen.
    const started = page.waitForEvent("download");
    await page
      .getByTestId("staff-flags-by-property")
      .getByRole("link", { name: /^Download CSV/ })
      .click();
    const download = await started;
    expect(download.suggestedFilename()).toBe(`daybook-investigation-staff-flags-${DEMO_NEWEST}.csv`);
    const [headers, ...lines] = parse(await readFile((await download.path())!, "utf8"), { bom: true }) as string[][];
    expect(headers).toEqual([
      "Property",
      "Stored days",
      "Stored arrivals",
      "Flagged by staff",
      "Flags per 100 arrivals",
      "Flagged with no screening match",
      "Share of flagged with no screening match, %",
      "Against the group",
    ]);
    expect(lines.map((line) => [line[0], Number(line[2]), Number(line[3]), line[7]])).toEqual(
      rows.map((row) => [row.label, row.arrivals, row.flagged, row.words]),
    );

    // Fewest flags first: the heavy property last of those with a rate, the one without arrivals
    // after them; the address and the filter form keep the order.
    const order = page.getByRole("navigation", { name: "Order of the properties" });
    await expect(order.locator('[aria-current="true"]')).toHaveText("Most flags first");
    await order.getByRole("link", { name: "Fewest flags first" }).click();
    await expect(page).toHaveURL(/[?&]sort=fewest\b/);
    const table = page.getByTestId("staff-flags-properties");
    await expect(table.getByRole("rowheader").last()).toHaveText("Quiet Pines Motel");
    const fewest = await rowsOf(table);
    expect(fewest.filter((row) => row.arrivals > 0).at(-1)!.label).toBe(HEAVY);
    expect(fewest.map((row) => row.label).sort()).toEqual(rows.map((row) => row.label).sort());
    await expect(page.getByTestId("staff-flags-controls").locator('input[name="sort"]')).toHaveValue("fewest");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(PATH);
    await settled(page, page.getByTestId("staff-flags-figures"));
    await expectFits(page, PATH);
  });

  test("narrowed to one property, the group's range stays and so does what is said of it", async ({ page }) => {
    await open(page, "regional");
    const controls = page.getByTestId("staff-flags-controls");
    await controls.getByLabel("Property").selectOption(HEAVY);
    await controls.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(`${PATH}?${new URLSearchParams({ window: "90", property: HEAVY })}`);
    await settled(page, page.getByTestId("staff-flags-figures"));
    const top = await headline(page);
    expect(top).toMatchObject({ flagged: heavy.flagged, arrivals: heavy.arrivals, per100: heavy.per100 });
    await expect(page.getByTestId("staff-flags-far").getByRole("listitem")).toHaveCount(1);
    expect((await rowsOf(page.getByTestId("staff-flags-properties"))).map((row) => row.label)).toEqual([HEAVY]);
  });

  test("a supervisor's two properties are too few to judge, said so; an admin's group judges the same property", async ({
    page,
  }) => {
    await open(page, "supervisor");
    await expect(page.getByTestId("staff-flags-range")).toHaveText(
      "Not judged against the group: 2 of your properties have 20 stored arrivals or more in these days, and at least 5 are needed for a usual range.",
    );
    await expect(page.getByTestId("staff-flags-far")).toHaveCount(0);
    const rows = await rowsOf(page.getByTestId("staff-flags-properties"));
    expect(rows.map((row) => row.words)).toEqual(["Not judged: too few properties", "Not judged: too few properties"]);

    await open(page, "admin");
    const far = page.getByTestId("staff-flags-far").getByRole("listitem");
    await expect(far).toHaveCount(1);
    await expect(far).toContainText(`${HEAVY} flags ${heavy.per100} per 100 arrivals`);
    await expect(page.getByTestId("staff-flags-range")).toContainText("from 9 properties");
  });

  test("every view and file is in the audit log", async ({ page }) => {
    await signInAs(page, "admin", "/admin/audit?action=investigation.view");
    const views = page
      .getByRole("region", { name: "Audit entries" })
      .getByRole("row")
      .filter({ visible: true })
      .filter({ hasText: "investigation staff-flags" });
    await expect(
      views.filter({ hasText: "regional@daybook.demo" }).filter({ hasText: "farOutside: 1" }).first(),
    ).toBeVisible();
    await expect(views.filter({ hasText: "supervisor@daybook.demo" }).filter({ hasText: "farOutside: 0" })).toHaveCount(
      1,
    );
    await page.goto("/admin/audit?action=export.csv");
    await expect(
      page
        .getByRole("region", { name: "Audit entries" })
        .getByRole("row")
        .filter({ visible: true })
        .filter({ hasText: "Investigations: staff flags table" })
        .filter({ hasText: "regional@daybook.demo" }),
    ).toHaveCount(1);
  });
});
