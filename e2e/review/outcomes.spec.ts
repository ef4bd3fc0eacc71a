import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";

import { signInAs, type DemoRole } from "@/e2e/support/auth";
import { DEMO_OLDEST } from "@/e2e/support/demo-days";
import { settled } from "@/e2e/support/settled";

/**
 * A list signed off before Daybook asked for outcomes: the demo's oldest day stands for it, its
 * reviews without one. Its sign-off stands as it was; reopened, it cannot be signed off again until
 * each review has its outcome, recorded on the review. One story, in order; it ends with the list
 * signed off again, as the demo had it.
 */

const RIVERSIDE = "Riverside & Co. Hotel";
const DAY = DEMO_OLDEST;
const LIST = `/criminal-arrivals?${new URLSearchParams({ day: DAY, property: RIVERSIDE })}`;
const RECORD = `/review/record?${new URLSearchParams({ property: RIVERSIDE, day: DAY })}`;
const REASON = "Outcomes to record for the investigations.";

const cards = (page: Page) => page.getByTestId("criminal-arrival");
const reviewBlock = (card: Locator) => card.getByRole("group", { name: "Daybook review" });
const signOffBar = (page: Page) =>
  page.locator(`[data-testid="sign-off-bar"][data-property="${RIVERSIDE}"][data-day="${DAY}"]`);

async function asPerson(browser: Browser, role: DemoRole, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, role, path);
  return page;
}

test.describe.serial("outcomes of reviews made before outcomes were asked", () => {
  let count: number;
  /** The outcome recorded on each review, in the list's order. */
  const chosen: string[] = [];

  test("the demo's oldest list stands signed off, its reviews without an outcome, on screen and on its record", async ({
    page,
  }) => {
    await signInAs(page, "admin", LIST);
    await settled(page, cards(page).first());
    count = await cards(page).count();
    expect(count).toBeGreaterThanOrEqual(2);
    const bar = signOffBar(page);
    await expect(bar.getByTestId("sign-off-status")).toContainText("Signed off by Sam Supervisor at");
    await expect(bar.getByTestId("sign-off-outcomes")).toHaveText(`Outcomes: ${count} reviewed without an outcome`);
    for (let index = 0; index < count; index++) {
      const block = reviewBlock(cards(page).nth(index));
      await expect(block.getByTestId("review-status")).toContainText("Reviewed by Sam Supervisor");
      await expect(block.getByTestId("review-outcome")).toHaveText("Outcome: No outcome recorded");
    }

    await page.goto(RECORD);
    const record = page.getByTestId("sign-off-record");
    await expect(record.getByTestId("record-outcome")).toHaveText(
      Array.from({ length: count }, () => "Outcome: No outcome recorded"),
    );
    await expect(record.getByTestId("record-outcomes")).toHaveText(`${count} reviewed without an outcome`);
    // The property's false-match figure is there, from the outcomes of the days after.
    await expect(record.getByTestId("record-false-match")).toHaveText(/^In the 90 days to /);
  });

  test("reopened, the list waits for each outcome: the sign-off is refused in words until the last is recorded", async ({
    browser,
  }) => {
    const admin = await asPerson(browser, "admin", LIST);
    const adminBar = signOffBar(admin);
    await adminBar.getByRole("button", { name: "Undo sign-off…" }).click();
    await adminBar.getByLabel("Why undo this sign-off? (required)").fill(REASON);
    await adminBar.getByRole("button", { name: "Undo sign-off", exact: true }).click();
    await expect(adminBar.getByTestId("sign-off-status")).toHaveText(
      `Not signed off — ${count} of ${count} reviewed, ${count} without an outcome`,
    );
    // Admins do not record outcomes.
    await expect(admin.getByRole("button", { name: "Record outcome" })).toHaveCount(0);
    await admin.context().close();

    // The queue says what is missing.
    const page = await asPerson(browser, "supervisor", `/review?${new URLSearchParams({ property: RIVERSIDE })}`);
    const row = page
      .getByTestId("queue-row")
      .filter({ has: page.locator(`a[href*="day=${DAY}"]`) })
      .first();
    await expect(row.getByTestId("queue-reviewed")).toHaveText(`${count} of ${count}`);
    await expect(row.getByTestId("queue-outcomes")).toHaveText(`${count} reviewed without an outcome`);

    await page.goto(LIST);
    const bar = signOffBar(page);
    const signOff = bar.getByRole("button", { name: "Sign off this list" });
    await expect(signOff).toBeDisabled();
    await expect(signOff).toHaveAccessibleDescription(`${count} of ${count} without an outcome`);
    // Every arrival is reviewed already: nothing to do in one pass.
    await expect(bar.getByTestId("review-all")).toHaveCount(0);

    // Each review takes its outcome on the review itself; the last is left for later.
    const outcomes = ["Not the same person", "Record outdated", "Same person, confirmed", "Could not verify"];
    for (let index = 0; index < count - 1; index++) {
      const block = reviewBlock(cards(page).nth(index));
      const form = block.getByTestId("outcome-form");
      await expect(form).toContainText("Reviewed before Daybook asked for outcomes");
      const outcome = outcomes[index % outcomes.length]!;
      chosen.push(outcome);
      await form.getByRole("radio", { name: outcome, exact: true }).check();
      if (index === 0) await form.getByRole("checkbox", { name: "Police contacted" }).check();
      await form.getByRole("button", { name: "Record outcome" }).click();
      await expect(block.getByTestId("review-outcome")).toHaveText(`Outcome: ${outcome}`);
      await expect(block.getByTestId("outcome-form")).toHaveCount(0);
      // Still the same review: who and when stay.
      await expect(block.getByTestId("review-status")).toContainText("Reviewed by Sam Supervisor");
    }
    await expect(reviewBlock(cards(page).first()).getByTestId("review-outcome-police")).toHaveText("Police contacted");
    await expect(bar.getByTestId("sign-off-status")).toHaveText(
      `Not signed off — ${count} of ${count} reviewed, 1 without an outcome`,
    );
    await expect(signOff).toBeDisabled();
    await expect(signOff).toHaveAccessibleDescription(`1 of ${count} without an outcome`);
    await expect(bar.getByTestId("sign-off-outcomes")).toContainText("1 reviewed without an outcome");

    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations).toEqual([]);

    // The last one, then the sign-off.
    const last = reviewBlock(cards(page).nth(count - 1));
    await last.getByRole("radio", { name: "Same person, confirmed", exact: true }).check();
    await last.getByRole("button", { name: "Record outcome" }).click();
    await expect(last.getByTestId("review-outcome")).toHaveText("Outcome: Same person, confirmed");
    chosen.push("Same person, confirmed");
    await expect(bar.getByTestId("sign-off-status")).toHaveText(`Not signed off — ${count} of ${count} reviewed`);
    await expect(signOff).toBeEnabled();
    await signOff.click();
    await expect(bar.getByTestId("sign-off-status")).toContainText("Signed off by Sam Supervisor at");
    await expect(bar.getByTestId("sign-off-outcomes")).not.toContainText("without an outcome");
    await expect(page.getByRole("button", { name: "Record outcome" })).toHaveCount(0);

    // The record now gives each outcome.
    await page.goto(RECORD);
    const record = page.getByTestId("sign-off-record");
    await expect(record.getByTestId("record-outcome")).toHaveText(
      chosen.map((outcome, index) => `Outcome: ${outcome}${index === 0 ? "; police contacted" : ""}`),
    );
    await page.context().close();
  });

  test("each outcome recorded is audited as a review, saying so, with the day and never a guest", async ({ page }) => {
    await signInAs(page, "admin", "/admin/audit?action=review.item");
    const entries = page
      .getByRole("region", { name: "Audit entries" })
      .getByRole("row")
      .filter({ visible: true })
      .filter({ hasText: `criminal arrivals ${DAY}` })
      .filter({ hasText: "recorded: outcome of an earlier review" });
    await expect(entries).toHaveCount(count);
    await expect(entries.filter({ hasText: "matchOutcome: false_match" })).toHaveCount(
      chosen.filter((outcome) => outcome === "Not the same person").length,
    );
    await expect(entries.filter({ hasText: "matchOutcome: confirmed" })).toHaveCount(
      chosen.filter((outcome) => outcome === "Same person, confirmed").length,
    );
    await expect(entries.filter({ hasText: "policeContacted: yes" })).toHaveCount(1);
  });
});
