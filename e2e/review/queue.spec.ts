import { expect, test, type Page } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { settled } from "@/e2e/support/settled";
import { escapeRegExp } from "@/e2e/support/text";

/**
 * The Review queue at more than a page: filters, order and paging, all plain links and GET forms.
 * Daybook keeps the real clock, so which lists are overdue depends on the day the suite runs: each
 * check compares the page with itself (the counts it states), never with a number worked out here.
 */

const RIVERSIDE = "Riverside & Co. Hotel";
const HARBOUR = "Harbour View Hotel";
const PAGE_SIZE = 50;

const rows = (page: Page) => page.getByTestId("queue-row");
const summary = (page: Page) => page.getByTestId("queue-summary");
const position = (page: Page) => page.getByTestId("queue-position");
const filters = (page: Page) => page.getByRole("form", { name: "Filter and order the queue" });

/** The whole queue's count of lists waiting, from the summary ("240 lists waiting for a sign-off"). */
async function totalOf(page: Page): Promise<number> {
  await expect(summary(page)).toHaveText(/^[\d,]+ lists? waiting for a sign-off/);
  return Number((await summary(page).innerText()).match(/^([\d,]+)/)![1]!.replace(/,/g, ""));
}

/** The whole queue's overdue lists, from the summary; none when it does not say. */
async function overdueOf(page: Page): Promise<number> {
  const match = (await summary(page).innerText()).match(/, ([\d,]+) overdue/);
  return match ? Number(match[1]!.replace(/,/g, "")) : 0;
}

const daysOf = (page: Page) =>
  rows(page)
    .locator("h3 time")
    .evaluateAll((times) => times.map((time) => time.getAttribute("datetime") ?? ""));

test("an admin pages through the whole group's queue, 50 lists a page", async ({ page }) => {
  await signInAs(page, "admin", "/review");
  await settled(page, rows(page).first());
  const total = await totalOf(page);
  // The demo's history signs off only the supervisor's properties: the others' lists fill pages.
  expect(total).toBeGreaterThan(PAGE_SIZE);
  await expect(rows(page)).toHaveCount(PAGE_SIZE);
  await expect(position(page)).toHaveText(`Lists 1–50 of ${total.toLocaleString("en-US")}`);
  // The admin's navigation counts the whole group's waiting lists too.
  const reviewLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Review/ });
  await expect(reviewLink.getByTestId("nav-count")).toHaveText(String(total));
  await expect(reviewLink).toHaveAccessibleName(`Review, ${total} lists waiting`);
  const pages = Math.ceil(total / PAGE_SIZE);
  const nav = page.getByRole("navigation", { name: "Review queue pages" });
  await expect(nav.getByTestId("queue-page")).toHaveText(`Page 1 of ${pages}`);
  await expect(nav.getByRole("link", { name: "Previous" })).toHaveCount(0);
  const firstPageDays = await daysOf(page);

  await nav.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/review\?page=2$/);
  await expect(position(page)).toHaveText(
    `Lists 51–${Math.min(100, total).toLocaleString("en-US")} of ${total.toLocaleString("en-US")}`,
  );
  // Oldest first across pages: the second page starts where the first ended.
  const secondPageDays = await daysOf(page);
  expect(secondPageDays[0]! >= firstPageDays.at(-1)!).toBe(true);
  await expect(summary(page)).toContainText(`${total.toLocaleString("en-US")} lists waiting`);

  // A page past the end shows the last page.
  await page.goto("/review?page=9999");
  await expect(nav.getByTestId("queue-page")).toHaveText(`Page ${pages} of ${pages}`);
  await expect(position(page)).toHaveText(
    `Lists ${((pages - 1) * PAGE_SIZE + 1).toLocaleString("en-US")}–${total.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}`,
  );
  await expect(nav.getByRole("link", { name: "Next" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Previous" })).toHaveAttribute("href", `/review?page=${pages - 1}`);

  // Nonsense in the address is the default, never an error.
  await page.goto("/review?sort=sideways&page=minus-one&overdue=maybe");
  await expect(position(page)).toHaveText(`Lists 1–50 of ${total.toLocaleString("en-US")}`);
});

test("a supervisor narrows the queue to one property with the plain form", async ({ page }) => {
  await signInAs(page, "supervisor", "/review");
  await settled(page, rows(page).first());
  const total = await totalOf(page);
  const form = filters(page);
  await expect(form).toHaveAttribute("method", "get");
  await expect(form).toHaveAttribute("action", "/review");
  const select = form.getByLabel("Property");
  // Each property with its counts; only the supervisor's own.
  const harbourOption = select.locator("option", { hasText: new RegExp(`^${escapeRegExp(HARBOUR)} — `) });
  await expect(harbourOption).toHaveText(/^Harbour View Hotel — \d+ waiting(, \d+ overdue)?$/);
  await expect(select.locator("option")).toHaveText([
    /^All properties — \d+ waiting$/,
    new RegExp(`^${escapeRegExp(HARBOUR)} — `),
    new RegExp(`^${escapeRegExp(RIVERSIDE)} — `),
  ]);
  const waiting = Number((await harbourOption.innerText()).match(/— (\d+) waiting/)![1]);

  await select.selectOption({ label: await harbourOption.innerText() });
  await form.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/[?&]property=Harbour\+View\+Hotel(&|$)/);
  await expect(position(page)).toHaveText(`Lists 1–${waiting} of ${waiting} at ${HARBOUR}`);
  await expect(rows(page)).toHaveCount(waiting);
  await expect(rows(page).locator("h3")).toHaveText(
    Array.from({ length: waiting }, () => new RegExp(`^${escapeRegExp(HARBOUR)}`)),
    { useInnerText: true },
  );
  // The summary still counts the whole queue, and the form says what is shown.
  await expect(summary(page)).toContainText(`${total} lists waiting`);
  await expect(filters(page).getByLabel("Property")).toHaveValue(HARBOUR);

  // A property that is none of the supervisor's is said so, over the whole queue.
  await page.goto(`/review?${new URLSearchParams({ property: "Nowhere Inn" })}`);
  await expect(page.getByRole("status").filter({ hasText: "Showing all your properties" })).toContainText(
    "None of your properties is called “Nowhere Inn”.",
  );
  await expect(position(page)).toHaveText(`Lists 1–${total} of ${total}`);
});

test("overdue only keeps the overdue lists the summary counts", async ({ page }) => {
  await signInAs(page, "supervisor", "/review");
  await settled(page, rows(page).first());
  const overdue = await overdueOf(page);
  await filters(page).getByLabel("Overdue only").check();
  await filters(page).getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/[?&]overdue=1(&|$)/);
  await expect(filters(page).getByLabel("Overdue only")).toBeChecked();
  if (overdue === 0) {
    await expect(page.getByText("No overdue lists")).toBeVisible();
    await expect(page.getByRole("link", { name: "Clear the filter" })).toHaveAttribute("href", "/review");
  } else {
    await expect(position(page)).toHaveText(`Lists 1–${Math.min(overdue, PAGE_SIZE)} of ${overdue} overdue`);
    await expect(rows(page).and(page.locator('[data-overdue="false"]'))).toHaveCount(0);
    await expect(rows(page).first().getByTestId("queue-waiting")).toHaveText(
      /^Overdue: waiting (\d+ days?( \d+ hours?)?|\d+ hours?), over the \d+-hour limit$/,
    );
  }
});

test("the queue sorts newest first and by property", async ({ page }) => {
  await signInAs(page, "supervisor", "/review");
  await settled(page, rows(page).first());
  await filters(page).getByLabel("Order").selectOption("newest");
  await filters(page).getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/[?&]sort=newest(&|$)/);
  await expect(filters(page).getByLabel("Order")).toHaveValue("newest");
  const newest = await daysOf(page);
  expect(newest.length).toBeGreaterThan(1);
  expect([...newest].sort().reverse()).toEqual(newest);

  await page.goto("/review?sort=property");
  await settled(page, rows(page).first());
  const names = await rows(page)
    .locator("h3 a")
    .evaluateAll((links) => links.map((link) => (link.textContent ?? "").split(" · ")[0]!));
  expect([...names].sort((a, b) => a.localeCompare(b, "en"))).toEqual(names);
  // Within one property, oldest day first.
  const harbourDays = (await daysOf(page)).filter((_, index) => names[index] === HARBOUR);
  expect([...harbourDays].sort()).toEqual(harbourDays);
});

test("the queue's controls fit at 390 px", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInAs(page, "admin", "/review?sort=property&page=2");
  await settled(page, rows(page).first());
  await expect(filters(page).getByLabel("Property")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Review queue pages" })).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  await context.close();
});
