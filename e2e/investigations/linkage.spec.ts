import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";

import { adminCreates, personIn } from "@/e2e/support/accounts";
import { LOGINS, signInAs } from "@/e2e/support/auth";
import { expectAccessible, recordPolicyViolations } from "@/e2e/support/axe";
import { E2E_CLOCK } from "@/e2e/support/clock";
import { expectFits } from "@/e2e/support/fit";
import { settled } from "@/e2e/support/settled";
import { INVESTIGATION_CASES, investigationCasesBetween, type CaseInstance } from "@/simulator/data/investigations";
import { DEFAULT_PROPERTIES } from "@/simulator/data/properties";

/**
 * Missed bans and repeat visitors on the demo history: 30 stored days up to the suite's yesterday,
 * in which the simulator seeds guests who come back (simulator/data/investigations.ts). What each
 * person should see is worked out here from the simulator's own cases and the people's properties,
 * never written down: who sees every property of an entry sees it whole; who does not sees a missed
 * ban at their property without the name, and no repeat visit at all, only how many there are.
 */

const HISTORY_DAYS = 30;
const addDays = (day: string, count: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10);
const YESTERDAY = addDays(E2E_CLOCK.slice(0, 10), -1);
const FIRST = addDays(YESTERDAY, -(HISTORY_DAYS - 1));
const CASES = investigationCasesBetween(FIRST, YESTERDAY);

const calendarDay = (day: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

const property = (id: string) => DEFAULT_PROPERTIES.find((entry) => entry.id === id)!;
/** A property as Daybook labels an arrival's: a name two properties share says its zone. */
function label(id: string): string {
  const { name, timeZone } = property(id);
  const shared = DEFAULT_PROPERTIES.filter((entry) => entry.name === name).length > 1;
  return shared ? `${name} (${timeZone.split("/").at(-1)!.replace(/_/g, " ")} time)` : name;
}
const nameOf = (instance: CaseInstance) => `${instance.firstName} ${instance.lastName}`;

const SUPERVISOR = ["Riverside & Co. Hotel", "Harbour View Hotel"];
const sees = (names: readonly string[] | "all", instance: CaseInstance, visits = instance.visits) =>
  visits.map((visit) => property(visit.propertyId).name).every((name) => names === "all" || names.includes(name));
const touches = (names: readonly string[], instance: CaseInstance) =>
  instance.visits.some((visit) => names.includes(property(visit.propertyId).name));

/** Missed bans: the later visit of each missed-ban case, seen banned at the first. */
const MISSED = CASES.filter((instance) => instance.kind === "missed-ban");
/** Repeat visits: a flag or a ban match at the first visit, then elsewhere; and three properties in a week. */
const FOLLOWED_STATES = new Set(["ban-matched", "staff-flagged", "criminal-match"]);
const REPEATS = CASES.filter(
  (instance) => instance.kind === "three-properties" || FOLLOWED_STATES.has(instance.visits[0]!.state),
);
const gapOf = (instance: CaseInstance) =>
  (Date.parse(instance.visits.at(-1)!.date) - Date.parse(instance.visits[0]!.date)) / 86_400_000;

const CATEGORY: Record<string, string> = {
  scan: "Scan",
  "scan manual entry": "Scan, typed in",
  "manual entry": "Manual entry",
};
function categoryOf(instance: CaseInstance): string {
  const visit = instance.visits[1]!;
  if (visit.state === "no-screening-record") return "No screening record";
  const source = INVESTIGATION_CASES.find((entry) => entry.id === instance.caseId)!.visits[1]!.source ?? "scan";
  return CATEGORY[source]!;
}

const missedRows = (page: Page) => page.getByTestId("missed-ban-row");
const repeatRows = (page: Page) => page.getByTestId("repeat-row");
const mainText = async (page: Page) => (await page.getByRole("main").textContent()) ?? "";

async function openTab(page: Page, tab: "Missed bans" | "Repeat visitors", path = "/investigations") {
  await signInAs(page, "supervisor", path);
  await page.getByRole("navigation", { name: "Investigations" }).getByRole("link", { name: tab }).click();
  await expect(page.getByRole("heading", { level: 1, name: tab })).toBeVisible();
  await settled(page);
}

test.beforeEach(async ({ page }) => {
  await recordPolicyViolations(page);
});

test("the simulator seeds a case of each kind in the demo's days", () => {
  expect(new Set(CASES.map((instance) => instance.kind))).toEqual(
    new Set(["missed-ban", "repeat-visitor", "three-properties"]),
  );
  expect(MISSED.filter((instance) => sees(SUPERVISOR, instance)).length).toBeGreaterThan(0);
  expect(
    MISSED.filter((instance) => !sees(SUPERVISOR, instance) && touches(SUPERVISOR, instance)).length,
  ).toBeGreaterThan(0);
});

test("a supervisor's missed bans: figures per property and source, names only where they see both properties, audited", async ({
  page,
  browser,
}) => {
  await openTab(page, "Missed bans");
  const mine = MISSED.filter((instance) => SUPERVISOR.includes(property(instance.visits[1]!.propertyId).name));
  const whole = mine.filter((instance) => sees(SUPERVISOR, instance));
  await expect(
    page.getByRole("heading", { level: 2, name: `${mine.length} missed bans at your properties` }),
  ).toBeVisible();
  await expect(missedRows(page)).toHaveCount(mine.length);

  // Figures first: each property's arrivals by how they were taken in.
  for (const name of SUPERVISOR) {
    const here = mine.filter((instance) => property(instance.visits[1]!.propertyId).name === name);
    const figure = page.getByTestId("missed-bans-figure").filter({ has: page.getByRole("rowheader", { name }) });
    await expect(figure.locator('[data-column="all"]')).toHaveText(String(here.length));
    await expect(figure.locator('[data-column="no screening record"]')).toHaveText(
      String(here.filter((instance) => categoryOf(instance) === "No screening record").length),
    );
  }

  // Both properties theirs: the name, and where and when the ban was seen, in that property's zone.
  for (const instance of whole) {
    const row = missedRows(page).filter({ has: page.getByRole("rowheader", { name: nameOf(instance) }) });
    await expect(row.locator('[data-column="property"]')).toHaveText(label(instance.visits[1]!.propertyId));
    await expect(row.locator('[data-column="at-check-in"]')).toContainText(categoryOf(instance));
    await expect(row.locator('[data-column="seen"]')).toContainText(`${label(instance.visits[0]!.propertyId)}:`);
    await expect(row.locator('[data-column="seen"] time')).toHaveText(/ (HST|EST|EDT)$/);
  }
  // The ban seen at a property they do not see: no name, no property, said so.
  const withheld = mine.filter((instance) => !sees(SUPERVISOR, instance));
  await expect(page.getByTestId("missed-bans-withheld")).toContainText(`${withheld.length} of them are listed without`);
  await expect(missedRows(page).getByText("Name withheld")).toHaveCount(withheld.length);
  const text = await mainText(page);
  for (const instance of withheld) {
    expect(text).not.toContain(instance.lastName);
    expect(text).not.toContain(property(instance.visits[0]!.propertyId).name);
  }
  await expectAccessible(page, "/investigations/missed-bans");

  // Each entry leads to its arrival's stored day, filtered to its property; nothing personal in the address.
  const first = missedRows(page).first();
  const day = await first.getByRole("link").textContent();
  await first.getByRole("link").click();
  await expect(page).toHaveURL(/\/guests\?day=\d{4}-\d{2}-\d{2}&property=/);
  expect(day).toContain(calendarDay(new URL(page.url()).searchParams.get("day")!));
  for (const instance of mine) expect(page.url()).not.toContain(instance.lastName);

  // The view is audited, with counts and never a guest.
  const admin = await browser.newPage();
  await signInAs(admin, "admin", "/admin/audit?action=investigation.view");
  const entry = admin
    .getByRole("region", { name: "Audit entries" })
    .getByRole("row")
    .filter({ hasText: "investigation missed-bans" })
    .filter({ hasText: LOGINS.supervisor.email })
    .first();
  await expect(entry).toContainText(`missedBans: ${mine.length}`);
  await expect(entry).toContainText(`withheld: ${withheld.length}`);
  await expect(entry).not.toContainText(whole[0]!.lastName);
  await admin.close();
});

test("an admin sees every missed ban whole, filters to one property and downloads it, audited", async ({ page }) => {
  await signInAs(page, "admin", "/investigations/missed-bans");
  await settled(page, page.getByTestId("missed-bans"));
  await expect(missedRows(page)).toHaveCount(MISSED.length);
  await expect(missedRows(page).getByText("Name withheld")).toHaveCount(0);
  for (const instance of MISSED) {
    const row = missedRows(page).filter({ has: page.getByRole("rowheader", { name: nameOf(instance) }) });
    await expect(row.filter({ hasText: calendarDay(instance.visits[1]!.date) })).toHaveCount(1);
  }

  // One property of a shared name, by its zone: the figures stay the group's, the list is that property's.
  const seaside = MISSED.filter(
    (instance) => label(instance.visits[1]!.propertyId) === "Seaside Suites (New York time)",
  );
  expect(seaside.length, "a missed ban at Seaside Suites (New York time) in the demo's days").toBeGreaterThan(0);
  const filter = page.getByTestId("missed-bans-filter");
  await filter.getByLabel("Property").selectOption("Seaside Suites (New York time)");
  await filter.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(
    `/investigations/missed-bans?${new URLSearchParams({ property: "Seaside Suites (New York time)" })}`,
  );
  await expect(missedRows(page)).toHaveCount(seaside.length);
  await expect(missedRows(page).locator('[data-column="at-check-in"]').first()).toContainText(categoryOf(seaside[0]!));

  const started = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV of the missed bans" }).click();
  const download = await started;
  expect(download.suggestedFilename()).toBe(`daybook-investigation-missed-bans-${YESTERDAY}.csv`);
  const [headers, ...lines] = parse(await readFile((await download.path())!, "utf8"), { bom: true }) as string[][];
  expect(headers!.slice(0, 4)).toEqual(["Guest", "Property", "Stored day", "Check-in (property time)"]);
  expect(lines.map((line) => line[0]).sort()).toEqual(seaside.map(nameOf).sort());
  expect(new Set(lines.map((line) => line[2]))).toEqual(new Set(seaside.map((instance) => instance.visits[1]!.date)));

  await page.goto("/admin/audit?action=export.csv");
  const entry = page
    .getByRole("region", { name: "Audit entries" })
    .getByRole("row")
    .filter({ hasText: "Investigations: missed bans table" })
    .filter({ hasText: LOGINS.admin.email })
    .first();
  await expect(entry).toContainText(`rowCount: ${seaside.length}`);
  await expect(entry).toContainText("propertyFilter");
});

test("a supervisor's repeat visitors: only entries whose every property they see, the others counted", async ({
  page,
}) => {
  await openTab(page, "Repeat visitors");
  const listed = REPEATS.filter((instance) => sees(SUPERVISOR, instance));
  const hidden = REPEATS.filter((instance) => !sees(SUPERVISOR, instance) && touches(SUPERVISOR, instance));
  await expect(repeatRows(page)).toHaveCount(listed.length);
  await expect(page.getByTestId("repeat-visitors-hidden")).toHaveText(
    `${hidden.length} more involve properties you do not see: they are not listed.`,
  );
  for (const instance of listed) {
    const row = repeatRows(page).filter({ has: page.getByRole("rowheader", { name: nameOf(instance) }) });
    await expect(row.first().locator('[data-column="visit-property"]')).toHaveText(
      instance.visits.map((visit) => label(visit.propertyId)),
    );
  }
  const text = await mainText(page);
  for (const instance of hidden) expect(text).not.toContain(instance.lastName);
  // Only admins set N.
  await expect(page.getByTestId("repeat-visit-days")).toContainText("within 30 days of a flag");
  await expect(page.getByTestId("repeat-visit-days-form")).toHaveCount(0);
  await expectAccessible(page, "/investigations/repeat-visitors");
});

test("an admin sees both rules with both visits in each property's time, and sets N, audited", async ({ page }) => {
  await signInAs(page, "admin", "/investigations/repeat-visitors");
  await settled(page, page.getByTestId("repeat-visitors"));
  await expect(repeatRows(page)).toHaveCount(REPEATS.length);
  const spread = REPEATS.find((instance) => instance.kind === "three-properties")!;
  const row = repeatRows(page)
    .filter({ has: page.getByRole("rowheader", { name: nameOf(spread) }) })
    .first();
  await expect(row.locator('[data-column="rule"]')).toHaveText("At 3 or more properties within 7 days");
  await expect(row.locator('[data-column="visit-property"]')).toHaveText(
    spread.visits.map((visit) => label(visit.propertyId)),
  );
  // Seaside Suites of Los Angeles and of New York: each visit in its own zone, named.
  await expect(row.getByTestId("repeat-visit").nth(0).locator("time")).toHaveText(/ P[SD]T$/);
  await expect(row.getByTestId("repeat-visit").nth(1).locator("time")).toHaveText(/ E[SD]T$/);
  await expect(row.locator('[data-column="days"]')).toHaveText(String(gapOf(spread)));

  // N from 30 to 5: the flags followed further than 5 days drop out; the change is audited.
  const within = (days: number) =>
    REPEATS.filter((instance) => instance.kind === "three-properties" || gapOf(instance) <= days).length;
  expect(within(5), "N = 5 leaves some entries out").toBeLessThan(REPEATS.length);
  const form = page.getByTestId("repeat-visit-days-form");
  try {
    await form.getByLabel("Days after a flag").fill("5");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText("Saved", { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("repeat-visit-days")).toContainText("within 5 days of a flag, as an admin set it.");
    await expect(repeatRows(page)).toHaveCount(within(5));
  } finally {
    await page.reload();
    await form.getByLabel("Days after a flag").fill("30");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText("Saved", { exact: true })).toBeVisible();
  }
  await page.goto("/admin/audit?action=settings.repeat_visit_days");
  const entries = page.getByRole("region", { name: "Audit entries" }).getByRole("row");
  await expect(entries.filter({ hasText: "daysAfter: 5" }).filter({ hasText: "daysBefore: 30" })).toHaveCount(1);

  // The CSV holds both visits of every entry.
  await page.goto("/investigations/repeat-visitors?kind=spread");
  const started = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV of the repeat visitors" }).click();
  const [headers, ...lines] = parse(await readFile((await (await started).path())!, "utf8"), {
    bom: true,
  }) as string[][];
  expect(headers![0]).toBe("Rule");
  expect(lines.map((line) => line[headers!.indexOf("Guest")])).toEqual(
    expect.arrayContaining(REPEATS.filter((instance) => instance.kind === "three-properties").map(nameOf)),
  );
});

test("a person who sees only one property of the entries never sees a guest's name, on screen or in a file", async ({
  page,
  browser,
}) => {
  const tag = randomBytes(3).toString("hex");
  const account = await adminCreates(page, {
    name: `Harbour Only ${tag}`,
    email: `harbour-only-${tag}@example.com`,
    password: "harbour-only-long-password",
    role: "Supervisor",
    property: "Harbour View Hotel",
  });
  const person = await personIn(browser, account.email, account.password, "harbour-only-own-password");
  try {
    const own = ["Harbour View Hotel"];
    await person.page.goto("/investigations/missed-bans");
    await settled(person.page);
    const mine = MISSED.filter((instance) => property(instance.visits[1]!.propertyId).name === "Harbour View Hotel");
    await expect(missedRows(person.page)).toHaveCount(mine.length);
    await expect(missedRows(person.page).getByText("Name withheld")).toHaveCount(
      mine.filter((instance) => !sees(own, instance)).length,
    );
    // One property: no property to choose.
    await expect(person.page.getByTestId("missed-bans-filter").getByLabel("Property")).toHaveCount(0);
    let text = await mainText(person.page);
    for (const instance of CASES.filter((entry) => !sees(own, entry))) expect(text).not.toContain(instance.lastName);

    const started = person.page.waitForEvent("download");
    await person.page.getByRole("link", { name: "Download CSV of the missed bans" }).click();
    const file = await readFile((await (await started).path())!, "utf8");
    for (const instance of CASES) expect(file).not.toContain(instance.lastName);

    await person.page.goto("/investigations/repeat-visitors");
    await settled(person.page);
    const hidden = REPEATS.filter((instance) => !sees(own, instance) && touches(own, instance));
    await expect(person.page.getByTestId("repeat-visitors-hidden")).toContainText(`${hidden.length} more involve`);
    await expect(repeatRows(person.page)).toHaveCount(REPEATS.filter((instance) => sees(own, instance)).length);
    text = await mainText(person.page);
    for (const instance of CASES) expect(text).not.toContain(instance.lastName);
    await person.page.setViewportSize({ width: 390, height: 844 });
    await expectFits(person.page, "/investigations/repeat-visitors");
  } finally {
    await person.close();
  }
});

test("a property manager has neither screen; a regional manager sees theirs", async ({ page, browser }) => {
  const viewer = await browser.newPage();
  await signInAs(viewer, "viewer", "/investigations/missed-bans");
  await expect(viewer.getByText("Your role does not include this screen")).toBeVisible();
  await expect(
    viewer.getByRole("navigation", { name: "Investigations" }).getByRole("link", { name: "Missed bans" }),
  ).toHaveCount(0);
  await viewer.goto("/investigations/repeat-visitors");
  await expect(viewer.getByText("Your role does not include this screen")).toBeVisible();
  await viewer.close();

  const regional = [
    "Harbour View Hotel",
    "Seaside Suites",
    "Riverside & Co. Hotel",
    "Hôtel Élysée Montréal",
    "Quiet Pines Motel",
  ];
  await signInAs(page, "regional", "/investigations/repeat-visitors");
  await settled(page);
  await expect(repeatRows(page)).toHaveCount(REPEATS.filter((instance) => sees(regional, instance)).length);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/investigations/missed-bans");
  await settled(page, page.getByTestId("missed-bans"));
  await expect(missedRows(page)).toHaveCount(
    MISSED.filter((instance) => regional.includes(property(instance.visits[1]!.propertyId).name)).length,
  );
  await expectFits(page, "/investigations/missed-bans");
});
