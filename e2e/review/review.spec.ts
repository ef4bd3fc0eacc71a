import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";

import { signInAs, type DemoRole } from "@/e2e/support/auth";
import { settled } from "@/e2e/support/settled";
import { simulatorControl } from "@/e2e/support/simulator";
import { escapeRegExp } from "@/e2e/support/text";

const RIVERSIDE = "Riverside & Co. Hotel";
const HARBOUR = "Harbour View Hotel";

/** The Review link in the main navigation; its accessible name carries the count of lists waiting. */
const reviewLink = (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Review/ });

/** A link whose name starts with the property's name. */
const startsWith = (text: string) => new RegExp(`^${escapeRegExp(text)}`);

const cards = (page: Page) => page.getByTestId("criminal-arrival");
const reviewBlock = (card: Locator) => card.getByRole("group", { name: "Daybook review" });
/** The outcome a form records, by its words (each choice's line of explanation is its description). */
const choose = (form: Locator, outcome: string) => form.getByRole("radio", { name: outcome, exact: true }).check();
const signOffBar = (page: Page, property: string, day: string) =>
  page.locator(`[data-testid="sign-off-bar"][data-property="${property}"][data-day="${day}"]`);

async function asPerson(browser: Browser, role: DemoRole, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, role, path);
  return page;
}

/** A supervisor's work on one stored list, then what others see of it; one story, in order. */
test.describe.serial("supervisor review and sign-off", () => {
  let listPath: string;
  let day: string;
  let waitingBefore: number;
  let itemCount: number;
  let harbourPath: string;

  test.beforeAll(async ({ request }) => {
    await simulatorControl(request).reset();
  });

  test("the queue lists stored lists oldest first and the navigation counts them", async ({ page }) => {
    await signInAs(page, "supervisor", "/review");
    await expect(page.getByRole("heading", { level: 1, name: "Review" })).toBeVisible();
    const rows = page.getByTestId("queue-row");
    await settled(page, rows.first());
    const count = await rows.count();
    expect(count).toBeGreaterThan(1);
    await expect(page.getByTestId("queue-summary")).toContainText(`${count} lists waiting for a sign-off`);
    // The supervisor's two properties' lists fit on the first page.
    await expect(page.getByTestId("queue-position")).toHaveText(`Lists 1–${count} of ${count}`);
    // The navigation counts the same lists, on its badge and in the link's name.
    await expect(reviewLink(page).getByTestId("nav-count")).toHaveText(String(count));
    await expect(reviewLink(page)).toHaveAccessibleName(`Review, ${count} lists waiting`);
    waitingBefore = count;

    // Oldest first, and only the supervisor's two properties.
    await expect(rows.locator("h3 time")).toHaveCount(count);
    const rowDays = await rows
      .locator("h3 time")
      .evaluateAll((times) => times.map((time) => time.getAttribute("datetime") ?? ""));
    expect([...rowDays].sort()).toEqual(rowDays);
    const own = new RegExp(`^(${escapeRegExp(RIVERSIDE)}|${escapeRegExp(HARBOUR)})`);
    await expect(rows.locator("h3")).toHaveText(
      rowDays.map(() => own),
      { useInnerText: true },
    );
    // The demo's history is older than a day: its oldest lists are overdue, in words as well as colour.
    // How long in days and hours, never hundreds of hours.
    await expect(rows.first().getByTestId("queue-waiting")).toHaveText(
      /^Overdue: waiting \d+ days?( \d+ hours?)?, over the 24-hour limit$/,
    );

    const riverside = rows.filter({ has: page.getByRole("link", { name: startsWith(RIVERSIDE) }) }).first();
    const riversideLink = riverside.getByRole("link");
    await expect(riversideLink).toHaveAttribute("href", /[?&]day=\d{4}-\d{2}-\d{2}/);
    listPath = (await riversideLink.getAttribute("href"))!;
    day = new URL(listPath, "http://x").searchParams.get("day")!;
    const riversideItems = riverside.getByTestId("queue-items");
    await expect(riversideItems).toHaveText(/^\d+$/);
    itemCount = Number(await riversideItems.innerText());
    const harbourLink = rows
      .filter({ has: page.getByRole("link", { name: startsWith(HARBOUR) }) })
      .first()
      .getByRole("link");
    await expect(harbourLink).toHaveAttribute("href", /[?&]day=\d{4}-\d{2}-\d{2}/);
    harbourPath = (await harbourLink.getAttribute("href"))!;
    expect(itemCount).toBeGreaterThanOrEqual(3);

    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations).toEqual([]);
  });

  test("the supervisor's Overview names the oldest lists waiting, each a link to it", async ({ page }) => {
    await signInAs(page, "supervisor", "/review");
    const oldestQueued = page.getByTestId("queue-row").first().getByRole("link");
    await expect(oldestQueued).toHaveAttribute("href", /[?&]day=\d{4}-\d{2}-\d{2}/);
    const oldest = (await oldestQueued.getAttribute("href"))!;

    await page.goto("/");
    const glance = page.getByTestId("overview-waiting");
    await expect(glance.getByRole("heading", { name: "Lists waiting for your sign-off" })).toBeVisible();
    await expect(glance.getByTestId("overview-waiting-totals")).toHaveText(
      new RegExp(`^${waitingBefore} waiting(, \\d+ overdue)?$`),
    );
    const lists = glance.getByTestId("overview-waiting-list");
    await expect(lists).toHaveCount(Math.min(5, waitingBefore));
    await expect(lists.first().getByRole("link")).toHaveAttribute("href", oldest);
    await expect(lists.first()).toContainText(/Overdue: waiting \d+ days?/);
    const whole = waitingBefore > 5 ? `All ${waitingBefore} in the review queue` : "Open the review queue";
    await glance.getByRole("link", { name: whole }).click();
    await expect(page).toHaveURL(/\/review$/);
  });

  test("a supervisor reviews one item with its outcome, then the rest in one pass, and signs the list off", async ({
    page,
  }) => {
    await signInAs(page, "supervisor", "/review");
    await page
      .getByRole("link", { name: startsWith(RIVERSIDE) })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`day=${day}`));
    await expect(cards(page)).toHaveCount(itemCount);

    const bar = signOffBar(page, RIVERSIDE, day);
    await expect(bar.getByTestId("sign-off-status")).toHaveText(`Not signed off — 0 of ${itemCount} reviewed`);
    // The desk's acknowledgement and Daybook's review are separate blocks with separate words.
    const first = cards(page).first();
    await expect(first.getByRole("group", { name: "Desk acknowledgement (from the API)" })).toBeVisible();
    await expect(reviewBlock(first).getByTestId("review-status")).toHaveText("Not reviewed in Daybook yet");

    // Signing off waits for every review, and says so in words (the server refuses it too).
    const signOff = bar.getByRole("button", { name: "Sign off this list" });
    await expect(signOff).toBeDisabled();
    await expect(signOff).toHaveAccessibleDescription(`${itemCount} of ${itemCount} not reviewed`);

    // A review asks what the check found: without an outcome the form is not sent.
    const form = reviewBlock(first).getByTestId("review-form");
    const outcomes = form.getByRole("group", { name: "Outcome (required)" });
    await expect(outcomes.getByRole("radio")).toHaveCount(4);
    await expect(outcomes.getByRole("radio", { name: "Not the same person", exact: true })).toHaveAccessibleDescription(
      /^A false match: the guest is somebody else/,
    );
    await reviewBlock(first).getByLabel("Note (optional)").fill("  Called the night manager.  ");
    await form.getByRole("button", { name: "Mark reviewed" }).click();
    await expect(form.locator("input[type=radio]:invalid")).toHaveCount(4);
    await expect(reviewBlock(first).getByTestId("review-status")).toHaveText("Not reviewed in Daybook yet");

    await choose(form, "Not the same person");
    await form.getByRole("checkbox", { name: "Police contacted" }).check();
    await form.getByRole("button", { name: "Mark reviewed" }).click();
    await expect(reviewBlock(first).getByTestId("review-status")).toContainText("Reviewed by Sam Supervisor at");
    await expect(reviewBlock(first).getByTestId("review-outcome")).toHaveText("Outcome: Not the same person");
    await expect(reviewBlock(first).getByTestId("review-outcome-police")).toHaveText("Police contacted");
    await expect(reviewBlock(first).getByTestId("review-note")).toHaveText("Note: Called the night manager.");
    await expect(bar.getByTestId("sign-off-status")).toHaveText(`Not signed off — 1 of ${itemCount} reviewed`);
    await expect(bar.getByTestId("sign-off-outcomes")).toHaveText(
      "Outcomes: 1 not the same person; police contacted for 1",
    );
    await expect(signOff).toHaveAccessibleDescription(`${itemCount - 1} of ${itemCount} not reviewed`);

    // The rest in one pass, by keyboard: one outcome and one note for each of them.
    const rest = bar.getByTestId("review-all");
    await choose(
      rest.getByRole("group", { name: "Outcome for each arrival not reviewed yet (required)" }),
      "Same person, confirmed",
    );
    await rest.getByLabel("Note for each arrival not reviewed yet (optional)").fill("Checked against the desk log.");
    await rest.getByRole("button", { name: `Mark the other ${itemCount - 1} reviewed` }).focus();
    await page.keyboard.press("Enter");
    await expect(bar.getByTestId("sign-off-status")).toHaveText(
      `Not signed off — ${itemCount} of ${itemCount} reviewed`,
    );
    for (let index = 1; index < itemCount; index++) {
      const block = reviewBlock(cards(page).nth(index));
      await expect(block.getByTestId("review-status")).toContainText("Reviewed by Sam Supervisor");
      await expect(block.getByTestId("review-outcome")).toHaveText("Outcome: Same person, confirmed");
      await expect(block.getByTestId("review-outcome-police")).toHaveCount(0);
      await expect(block.getByTestId("review-note")).toHaveText("Note: Checked against the desk log.");
    }
    await expect(reviewBlock(first).getByTestId("review-note")).toHaveText("Note: Called the night manager.");
    await expect(reviewBlock(first).getByTestId("review-outcome")).toHaveText("Outcome: Not the same person");
    await expect(bar.getByTestId("sign-off-outcomes")).toHaveText(
      `Outcomes: ${itemCount - 1} same person, confirmed; 1 not the same person; police contacted for 1`,
    );
    await expect(bar.getByTestId("review-all")).toHaveCount(0);
    await expect(signOff).toBeEnabled();

    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations).toEqual([]);

    await bar.getByLabel("Sign-off note (optional)").fill("All checked with the desk.");
    await bar.getByRole("button", { name: "Sign off this list" }).click();
    await expect(bar.getByTestId("sign-off-status")).toContainText("Signed off by Sam Supervisor at");
    await expect(bar.getByTestId("sign-off-note")).toHaveText("Note: All checked with the desk.");
    // A signed-off list offers no more review controls.
    await expect(page.getByRole("button", { name: "Mark reviewed" })).toHaveCount(0);
    await expect(reviewLink(page)).toHaveAccessibleName(`Review, ${waitingBefore - 1} lists waiting`);

    await reviewLink(page).click();
    await expect(page.getByTestId("queue-summary")).toContainText(`${waitingBefore - 1} lists waiting`);
    await expect(page.locator(`a[href="${listPath}"]`)).toHaveCount(0);
  });

  test("another person who sees the property sees the review and sign-off, with no controls", async ({ browser }) => {
    const page = await asPerson(browser, "regional", listPath);
    await expect(cards(page)).toHaveCount(itemCount);
    await expect(signOffBar(page, RIVERSIDE, day).getByTestId("sign-off-status")).toContainText(
      "Signed off by Sam Supervisor at",
    );
    await expect(page.getByText("Note: Called the night manager.")).toBeVisible();
    await expect(reviewBlock(cards(page).first()).getByTestId("review-status")).toContainText(
      "Reviewed by Sam Supervisor",
    );
    for (const name of [/Mark reviewed/, /Sign off/, /Undo/])
      await expect(page.getByRole("button", { name })).toHaveCount(0);
    await page.context().close();
  });

  test("an admin undoes the sign-off and a review, each with a reason", async ({ browser }) => {
    const page = await asPerson(browser, "admin", listPath);
    const bar = signOffBar(page, RIVERSIDE, day);
    await expect(bar.getByTestId("sign-off-status")).toContainText("Signed off by Sam Supervisor");
    // Admins do not review.
    await expect(page.getByRole("button", { name: "Mark reviewed" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Sign off this list" })).toHaveCount(0);

    await bar.getByRole("button", { name: "Undo sign-off…" }).click();
    await bar.getByRole("button", { name: "Undo sign-off", exact: true }).click();
    // A reason is required: the empty form is not sent.
    await expect(bar.getByTestId("sign-off-status")).toContainText("Signed off by Sam Supervisor");
    await bar.getByLabel("Why undo this sign-off? (required)").fill("Signed off before the police report came in.");
    await bar.getByRole("button", { name: "Undo sign-off", exact: true }).click();
    await expect(bar.getByTestId("sign-off-status")).toHaveText(
      `Not signed off — ${itemCount} of ${itemCount} reviewed`,
    );
    await expect(bar.getByTestId("sign-off-undone")).toContainText("undone by Ada Admin");
    await expect(bar.getByTestId("sign-off-undone")).toContainText("Signed off before the police report came in.");

    const block = reviewBlock(cards(page).first());
    await block.getByRole("button", { name: "Undo review…" }).click();
    await block.getByLabel("Why undo this review? (required)").fill("Wrong guest matched.");
    await block.getByRole("button", { name: "Undo review", exact: true }).click();
    await expect(block.getByTestId("review-status")).toHaveText("Not reviewed in Daybook yet");
    await expect(block.getByTestId("review-undone")).toContainText("Wrong guest matched.");
    await expect(bar.getByTestId("sign-off-status")).toHaveText(
      `Not signed off — ${itemCount - 1} of ${itemCount} reviewed`,
    );

    // Each arrival's review is audited on its own, those of the one pass marked as such; a note's
    // length is kept, never its words.
    await page.goto("/admin/audit?action=review.item");
    const reviews = page
      .getByRole("region", { name: "Audit entries" })
      .getByRole("row")
      .filter({ visible: true })
      .filter({ hasText: `criminal arrivals ${day}` })
      .filter({ hasText: RIVERSIDE });
    await expect(reviews).toHaveCount(itemCount);
    await expect(reviews.filter({ hasText: "wholeList: yes" })).toHaveCount(itemCount - 1);
    await expect(reviews.filter({ hasText: `noteLength: ${"Checked against the desk log.".length}` })).toHaveCount(
      itemCount - 1,
    );
    await expect(reviews.filter({ hasText: "Checked against the desk log." })).toHaveCount(0);
    // Each with the outcome recorded.
    await expect(reviews.filter({ hasText: "matchOutcome: confirmed" })).toHaveCount(itemCount - 1);
    await expect(reviews.filter({ hasText: "matchOutcome: false_match" })).toHaveCount(1);

    // The audit log names the list by its day, never a guest.
    await page.goto("/admin/audit");
    // (The log is laid out twice, for narrow and wide screens: the visible one counts.)
    await expect(page.getByText(`criminal arrivals ${day}`).filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByText("Undid a sign-off").filter({ visible: true }).first()).toBeVisible();
    await page.context().close();

    // The supervisor sees the list back in the queue, with the outcomes of the reviews standing.
    const supervisor = await asPerson(browser, "supervisor", "/review");
    await expect(reviewLink(supervisor)).toHaveAccessibleName(`Review, ${waitingBefore} lists waiting`);
    await expect(supervisor.locator(`a[href="${listPath}"]`)).toHaveCount(1);
    const back = supervisor.getByTestId("queue-row").filter({ has: supervisor.locator(`a[href="${listPath}"]`) });
    await expect(back.getByTestId("queue-reviewed")).toHaveText(`${itemCount - 1} of ${itemCount} (1 to go)`);
    await expect(back.getByTestId("queue-outcomes")).toHaveText(`${itemCount - 1} same person, confirmed`);
    await supervisor.context().close();
  });

  test("the server refuses a sign-off when a review was undone after the page was drawn", async ({ browser }) => {
    // The supervisor reviews the one arrival left; the sign-off is offered.
    const supervisor = await asPerson(browser, "supervisor", listPath);
    const bar = signOffBar(supervisor, RIVERSIDE, day);
    const first = reviewBlock(cards(supervisor).first());
    await choose(first.getByTestId("review-form"), "Record outdated");
    await first.getByRole("button", { name: "Mark reviewed" }).click();
    await expect(first.getByTestId("review-outcome")).toHaveText("Outcome: Record outdated");
    await expect(bar.getByTestId("sign-off-status")).toHaveText(
      `Not signed off — ${itemCount} of ${itemCount} reviewed`,
    );
    const signOff = bar.getByRole("button", { name: "Sign off this list" });
    await expect(signOff).toBeEnabled();

    // Meanwhile an admin undoes that review.
    const admin = await asPerson(browser, "admin", listPath);
    const block = reviewBlock(cards(admin).first());
    await block.getByRole("button", { name: "Undo review…" }).click();
    await block.getByLabel("Why undo this review? (required)").fill("Matched the wrong guest again.");
    await block.getByRole("button", { name: "Undo review", exact: true }).click();
    await expect(block.getByTestId("review-status")).toHaveText("Not reviewed in Daybook yet");
    await admin.context().close();

    // The supervisor's page still offers the sign-off; the server refuses it, saying why, and the
    // page shows the list as it stands.
    await signOff.click();
    await expect(bar.getByRole("alert")).toContainText(/not reviewed/);
    await expect(bar.getByTestId("sign-off-status")).toHaveText(
      `Not signed off — ${itemCount - 1} of ${itemCount} reviewed`,
    );
    await expect(signOff).toBeDisabled();
    await supervisor.context().close();
  });

  test("a property manager sees the state and no controls, and has no queue", async ({ browser }) => {
    const page = await asPerson(browser, "viewer", harbourPath);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Review/ })).toHaveCount(0);
    await expect(cards(page).first()).toBeVisible();
    await expect(reviewBlock(cards(page).first()).getByTestId("review-status")).toBeVisible();
    await expect(page.getByTestId("sign-off-bar").first().getByTestId("sign-off-status")).toContainText(
      "Not signed off",
    );
    for (const name of [/Mark reviewed/, /Sign off/, /Undo/])
      await expect(page.getByRole("button", { name })).toHaveCount(0);
    await page.goto("/review");
    await expect(page.getByText("Your role does not include this screen")).toBeVisible();
    await page.context().close();
  });

  test("works at 390 px wide, in light and dark", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signInAs(page, "supervisor", listPath);
    await expect(cards(page)).toHaveCount(itemCount);
    const block = reviewBlock(cards(page).first());
    await expect(block.getByRole("button", { name: "Mark reviewed" })).toBeVisible();
    // The outcome's choices, each with its explanation, and the outcomes of the reviews made.
    await expect(block.getByRole("radio")).toHaveCount(4);
    for (const radio of await block.getByRole("radio").all()) await expect(radio).toBeVisible();
    await expect(reviewBlock(cards(page).nth(1)).getByTestId("review-outcome")).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // Dark mode keeps every outcome, choice and badge readable (axe checks the contrast).
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      const axe = await new AxeBuilder({ page })
        .include('[data-testid="criminal-arrivals"]')
        .include('[data-testid="sign-offs"]')
        .analyze();
      expect(axe.violations, colorScheme).toEqual([]);
    }
    await page.goto("/review");
    await expect(page.getByTestId("queue-row").first()).toBeVisible();
    await expect(page.getByTestId("queue-outcomes").first()).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await context.close();
  });
});
