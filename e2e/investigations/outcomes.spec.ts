import { readFile } from "node:fs/promises";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";

import { signInAs, type DemoRole } from "@/e2e/support/auth";
import { expectAccessible, recordPolicyViolations } from "@/e2e/support/axe";
import { addDays, DEMO_NEWEST } from "@/e2e/support/demo-days";
import { expectFits } from "@/e2e/support/fit";
import { settled } from "@/e2e/support/settled";

/**
 * Match outcomes on the demo: the demo supervisor reviewed the stored lists of their two properties
 * with an outcome each, except the oldest day's, which stands for reviews made before outcomes were
 * asked. The figures are read off the screen and checked against each other and the rule (settled
 * = same person + not + outdated; a rate only from 10 settled), against the CSV, and role by role.
 * One story, in order: later tests compare with what the first read.
 */

const PATH = "/investigations/outcomes";
const HARBOUR = "Harbour View Hotel";
const RIVERSIDE = "Riverside & Co. Hotel";
const REVIEWED = [HARBOUR, RIVERSIDE].sort();
const MIN_DECIDED = 10;

interface Figures {
  label: string;
  key: string;
  rate: string;
  decided: number;
  falseMatches: number;
  confirmed: number;
  outdated: number;
  unverified: number;
  noOutcome: number;
  policeContacted: number;
}

const COUNTS = [
  "decided",
  "falseMatches",
  "confirmed",
  "outdated",
  "unverified",
  "noOutcome",
  "policeContacted",
] as const;
const number = (text: string) => Number(text.replace(/,/g, ""));

/** The rate as the screen words it: one decimal, or too few to judge under the minimum. */
function rateWords(row: Pick<Figures, "decided" | "falseMatches">): string {
  if (row.decided < MIN_DECIDED) return "Too few to judge";
  return `${(Math.round((row.falseMatches / row.decided) * 1000) / 10).toFixed(1)}%`;
}

async function tableRows(table: Locator): Promise<Figures[]> {
  const rows = table.getByTestId("outcome-row");
  const found: Figures[] = [];
  for (let index = 0; index < (await rows.count()); index++) {
    const row = rows.nth(index);
    const figures = {
      label: (await row.getByRole("rowheader").textContent())!,
      key: (await row.getAttribute("data-key"))!,
      rate: (await row.locator('[data-column="rate"]').textContent())!,
    } as Figures;
    for (const column of COUNTS)
      figures[column] = number((await row.locator(`[data-column="${column}"]`).textContent())!);
    found.push(figures);
  }
  return found;
}

function sum(rows: readonly Figures[]): Omit<Figures, "label" | "key" | "rate"> {
  return Object.fromEntries(
    COUNTS.map((column) => [column, rows.reduce((total, row) => total + row[column], 0)]),
  ) as Omit<Figures, "label" | "key" | "rate">;
}

/** Every row follows the rule, with its counts beside its rate. */
function expectRule(rows: readonly Figures[]) {
  for (const row of rows) {
    expect(row.decided, row.label).toBe(row.confirmed + row.falseMatches + row.outdated);
    expect(row.rate, row.label).toBe(rateWords(row));
  }
}

/** The headline: the rate, settled matches, could not verify, no outcome recorded, police contacted. */
async function headline(page: Page) {
  const figure = (id: string) => page.getByTestId(id).locator("[data-figure]");
  await expect(figure("outcomes-rate")).toBeVisible();
  const unsettled = (await page.getByTestId("outcomes-unsettled").textContent())!;
  return {
    rate: (await figure("outcomes-rate").textContent())!,
    decided: number((await figure("outcomes-settled").textContent())!),
    unverified: number((await figure("outcomes-unsettled").textContent())!),
    noOutcome: number(/and ([\d,]+) reviews? with no outcome recorded/.exec(unsettled)![1]!),
    policeContacted: number((await figure("outcomes-police").textContent())!),
  };
}

async function open(page: Page, role: DemoRole, path = PATH) {
  await signInAs(page, role, path);
  await expect(page.getByRole("heading", { level: 1, name: "Match outcomes" })).toBeVisible();
  await settled(page, page.getByTestId("outcomes-figures"));
}

test.beforeEach(async ({ page }) => {
  await recordPolicyViolations(page);
});

test.describe.serial("match outcomes on the demo", () => {
  let harbour: Figures;
  let total: Omit<Figures, "label" | "key" | "rate">;

  test("a supervisor sees their properties' rates with every count, adding up by property, match, source and month", async ({
    page,
  }) => {
    await open(page, "supervisor");
    await expect(
      page.getByRole("navigation", { name: "Investigations" }).getByRole("link", { name: "Match outcomes" }),
    ).toHaveAttribute("aria-current", "page");

    const properties = await tableRows(page.getByTestId("outcomes-by-property-table"));
    expect(properties.map((row) => row.label).sort()).toEqual(REVIEWED);
    expectRule(properties);
    total = sum(properties);
    harbour = properties.find((row) => row.label === HARBOUR)!;
    // The demo seeds every outcome, and its oldest day's reviews without one.
    expect(total.decided).toBeGreaterThanOrEqual(MIN_DECIDED);
    expect(total.falseMatches).toBeGreaterThan(0);
    expect(total.outdated).toBeGreaterThan(0);
    expect(total.unverified).toBeGreaterThan(0);
    expect(harbour.noOutcome).toBeGreaterThan(0);
    test.info().annotations.push({
      type: "figures",
      description: properties.map((row) => `${row.label}: ${row.rate} (${JSON.stringify(row)})`).join("; "),
    });

    // The figures first: the same whole as the property table.
    const top = await headline(page);
    expect(top).toEqual({
      rate: rateWords(total),
      decided: total.decided,
      unverified: total.unverified,
      noOutcome: total.noOutcome,
      policeContacted: total.policeContacted,
    });
    test.info().annotations.push({ type: "headline", description: JSON.stringify(top) });

    // Each breakdown holds every review once; by match, a guest matching both is in each row.
    const sources = await tableRows(page.getByTestId("outcomes-source"));
    expect(sources.slice(0, 3).map((row) => row.key)).toEqual(["scan", "scan manual entry", "manual entry"]);
    expectRule(sources);
    expect(sum(sources)).toEqual(total);
    const months = await tableRows(page.getByTestId("outcomes-month"));
    expectRule(months);
    expect(sum(months)).toEqual(total);
    // 90 days to the demo's newest day: four months, the first and last in part; before the demo's history, nothing.
    expect(months.map((row) => row.key)).toEqual(["2026-08", "2026-09", "2026-10", "2026-11"]);
    expect(months[0]).toMatchObject({ decided: 0, rate: "Too few to judge" });
    await expect(page.getByTestId("outcomes-month").getByTestId("outcome-row").first()).toContainText(
      `Aug ${Number(addDays(DEMO_NEWEST, -89).slice(8))} – Aug 31 only`,
    );
    const matches = await tableRows(page.getByTestId("outcomes-match"));
    expect(matches.slice(0, 2).map((row) => row.label)).toEqual(["Criminal record", "Sex offender"]);
    expectRule(matches);
    const both = /: ([\d,]+) outcomes? here did\./.exec((await page.getByTestId("outcomes-both").textContent())!);
    const counted = matches.reduce((whole, row) => whole + row.decided + row.unverified, 0);
    expect(counted).toBe(total.decided + total.unverified + (both ? number(both[1]!) : 0));

    // The method is a click away.
    const how = page.getByTestId("how-judged");
    await expect(how.locator("summary")).toContainText("under 10 settled, too few to judge");
    await how.locator("summary").click();
    await expect(how).toContainText("“Could not verify” settles nothing");
    await expectAccessible(page, PATH);
  });

  test("the filter cuts the figures to one property, the window to 30 days, both in the address", async ({ page }) => {
    await open(page, "supervisor");
    const controls = page.getByTestId("outcomes-controls");
    await expect(controls.getByLabel("Property").locator("option")).toHaveText(["All your properties", ...REVIEWED]);
    await controls.getByLabel("Property").selectOption(HARBOUR);
    await controls.getByRole("button", { name: "Show" }).click();
    // A plain form: it works without script, and sends each field.
    await expect(page).toHaveURL(`${PATH}?${new URLSearchParams({ window: "90", property: HARBOUR })}`);
    await settled(page, page.getByTestId("outcomes-figures"));
    expect(await headline(page)).toEqual({
      rate: harbour.rate,
      decided: harbour.decided,
      unverified: harbour.unverified,
      noOutcome: harbour.noOutcome,
      policeContacted: harbour.policeContacted,
    });

    await controls.getByLabel("Days").selectOption("30");
    await controls.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(`${PATH}?${new URLSearchParams({ window: "30", property: HARBOUR })}`);
    await settled(page, page.getByTestId("outcomes-figures"));
    const months = await tableRows(page.getByTestId("outcomes-month"));
    expect(months.map((row) => row.key)).toEqual(["2026-10", "2026-11"]);
    expectRule(months);

    // On a phone, the tables scroll in their own boxes: the page never does, and no choice is cut short.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(PATH);
    await settled(page, page.getByTestId("outcomes-figures"));
    await expectFits(page, PATH);
  });

  test("the CSV holds every table as the screen shows it, in machine values, audited as an export", async ({
    page,
  }) => {
    await open(page, "supervisor");
    const started = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download CSV of the match outcomes' tables" }).click();
    const download = await started;
    expect(download.suggestedFilename()).toBe(`daybook-investigation-outcomes-${DEMO_NEWEST}.csv`);
    const [headers, ...lines] = parse(await readFile((await download.path())!, "utf8"), { bom: true }) as string[][];
    expect(headers).toEqual([
      "Breakdown",
      "Group",
      "Label",
      "Property",
      "From (list day)",
      "To (list day)",
      "Settled matches",
      "Same person, confirmed",
      "Not the same person",
      "Record outdated",
      "Could not verify",
      "No outcome recorded",
      "Police contacted",
      "False-match rate (%)",
      "Too few to judge",
    ]);
    const row = (breakdown: string, group: string) => lines.find((line) => line[0] === breakdown && line[1] === group)!;
    const whole = row("total", "all");
    expect(whole.slice(3, 13)).toEqual([
      "All your properties",
      addDays(DEMO_NEWEST, -89),
      DEMO_NEWEST,
      String(total.decided),
      String(total.confirmed),
      String(total.falseMatches),
      String(total.outdated),
      String(total.unverified),
      String(total.noOutcome),
      String(total.policeContacted),
    ]);
    expect(whole[13]).toBe(
      total.decided < MIN_DECIDED ? "" : String(Math.round((total.falseMatches / total.decided) * 1000) / 10),
    );
    const harbourLine = row("property", HARBOUR);
    expect(harbourLine[6]).toBe(String(harbour.decided));
    expect(harbourLine[8]).toBe(String(harbour.falseMatches));
    expect(harbourLine[14]).toBe(harbour.decided < MIN_DECIDED ? "Yes" : "No");
    expect(new Set(lines.map((line) => line[0]))).toEqual(new Set(["total", "match", "source", "month", "property"]));
    expect(row("month", "2026-08").slice(4, 6)).toEqual([addDays(DEMO_NEWEST, -89), "2026-08-31"]);
  });

  test("the export is in the audit log, and so is every view of the screen, naming no guest", async ({ page }) => {
    await signInAs(page, "admin", "/admin/audit?action=export.csv");
    const exported = page
      .getByRole("region", { name: "Audit entries" })
      .getByRole("row")
      .filter({ visible: true })
      .filter({ hasText: "Investigations: match outcomes table" })
      .filter({ hasText: "supervisor@daybook.demo" });
    await expect(exported).toHaveCount(1);
    await expect(exported).toContainText("window: 90");

    await page.goto("/admin/audit?action=investigation.view");
    const views = page
      .getByRole("region", { name: "Audit entries" })
      .getByRole("row")
      .filter({ visible: true })
      .filter({ hasText: "investigation outcomes" })
      .filter({ hasText: "supervisor@daybook.demo" });
    // The first read, the filtered ones and the CSV's page: at least four.
    await expect(views.first()).toBeVisible();
    expect(await views.count()).toBeGreaterThanOrEqual(4);
    await expect(views.filter({ hasText: "window: 30" })).toHaveCount(1);
    await expect(views.filter({ hasText: `decided: ${total.decided}` }).first()).toBeVisible();
  });

  test("a property manager sees their own property's figures only, without property controls or a CSV", async ({
    page,
  }) => {
    await open(page, "viewer");
    await expect(page.getByTestId("outcomes-controls").getByLabel("Property")).toHaveCount(0);
    await expect(page.getByTestId("outcomes-by-property")).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Download CSV/ })).toHaveCount(0);
    expect(await headline(page)).toEqual({
      rate: harbour.rate,
      decided: harbour.decided,
      unverified: harbour.unverified,
      noOutcome: harbour.noOutcome,
      policeContacted: harbour.policeContacted,
    });
    await expect(page.getByRole("main")).not.toContainText(RIVERSIDE);
    // Another property asked for in the address is none of theirs: their own figures stay.
    await page.goto(`${PATH}?${new URLSearchParams({ property: RIVERSIDE })}`);
    await expect(page.getByRole("status").filter({ hasText: "No such property" })).toBeVisible();
    expect((await headline(page)).decided).toBe(harbour.decided);
    // The file is refused to a role that exports nothing.
    expect((await page.request.get("/api/export/investigation-outcomes")).status()).toBe(403);

    await signInAs(page, "admin", "/admin/audit?action=investigation.view");
    const views = page
      .getByRole("region", { name: "Audit entries" })
      .getByRole("row")
      .filter({ visible: true })
      .filter({ hasText: "investigation outcomes" })
      .filter({ hasText: "viewer@daybook.demo" });
    // This test's two views at least (other specs may have opened the screen as the viewer before).
    await expect(views.nth(1)).toBeVisible();
    const count = await views.count();
    expect(count).toBeGreaterThanOrEqual(2);
    await expect(views.filter({ hasText: `decided: ${harbour.decided}` })).toHaveCount(count);
  });

  for (const role of ["regional", "admin"] as const) {
    test(`${role === "admin" ? "an admin" : "a regional manager"} sees every property of theirs with reviews, and the same figures`, async ({
      page,
    }) => {
      await open(page, role);
      const properties = await tableRows(page.getByTestId("outcomes-by-property-table"));
      expect(properties.map((row) => row.label).sort()).toEqual(REVIEWED);
      expect(sum(properties)).toEqual(total);
      await expect(page.getByRole("link", { name: "Download CSV of the match outcomes' tables" })).toBeVisible();
    });
  }

  test("Properties gives each property's false-match rate over the page's range, with its counts", async ({ page }) => {
    await signInAs(page, "regional", `${PATH}?window=30`);
    await settled(page, page.getByTestId("outcomes-figures"));
    const screen = await tableRows(page.getByTestId("outcomes-by-property-table"));

    await page.goto("/properties?range=30");
    const section = page.getByTestId("false-match");
    await settled(page, section);
    await expect(section.getByRole("heading", { level: 2 })).toHaveText("False-match rate over 30 days");
    const rows = section.getByTestId("false-match-row");
    await expect(rows.getByRole("rowheader")).toHaveText(REVIEWED);
    for (const expected of screen) {
      const row = rows.filter({ has: page.getByRole("rowheader", { name: expected.label, exact: true }) });
      await expect(row.locator('[data-column="rate"]')).toHaveText(expected.rate);
      for (const column of COUNTS) {
        await expect(row.locator(`[data-column="${column}"]`)).toHaveText(expected[column].toLocaleString("en-US"));
      }
    }
    test.info().annotations.push({ type: "properties-30", description: JSON.stringify(screen) });

    // A week is too short: the rate is read over 90 days, saying so.
    await page.goto("/properties?range=7");
    await settled(page, section);
    await expect(section.getByRole("heading", { level: 2 })).toHaveText("False-match rate over 90 days");
    await expect(section).toContainText("Read over 90 days: 7 are too few for a rate.");
  });
});
