import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { matchesSearch, type SearchableGuest } from "@/e2e/support/guests";
import { settled } from "@/e2e/support/settled";
import { simulatorControl, simulatorReport } from "@/e2e/support/simulator";

interface Guest extends SearchableGuest {
  propertyName: string;
}

const HARBOUR = "Harbour View Hotel";
const SEASIDE = "Seaside Suites";
/** DAYBOOK_REVEALS_PER_HOUR of the e2e server (playwright.config.ts). */
const LIMIT = 10;

/** Guests of a property with a full number that one e-mail search singles out. */
async function findable(request: APIRequestContext, propertyName: string): Promise<Guest[]> {
  const all = (await simulatorReport(request, "guests")).items as Guest[];
  return all.filter(
    (guest) =>
      guest.propertyName === propertyName &&
      guest.email &&
      guest.identificationNumber.length > 4 &&
      all.filter((other) => matchesSearch(other, guest.email)).length === 1,
  );
}

/** Searches the guest out; the identification cell of its one row. */
async function find(page: Page, guest: Guest) {
  await page.getByLabel("Search").fill(guest.email);
  const row = page.getByTestId("guest-row");
  await expect(row).toHaveCount(1);
  const id = row.locator('[data-column="identification"]');
  await expect(id).toContainText(guest.identificationNumber.slice(-4));
  return id;
}

/** Searches the guest out and presses Reveal; the identification cell, to read what came back. */
async function revealIn(page: Page, guest: Guest) {
  const id = await find(page, guest);
  await id.getByRole("button", { name: /^Reveal/ }).click();
  return id;
}

test.beforeEach(async ({ request }) => {
  await simulatorControl(request).reset();
});

test("a reveal reads the report Daybook holds: no call to the Partner API, a shared name included", async ({
  page,
  request,
}) => {
  const sim = simulatorControl(request);
  const [harbour] = await findable(request, HARBOUR);
  const [seaside] = await findable(request, SEASIDE);
  await signInAs(page, "admin", "/guests");
  await settled(page, page.getByTestId("guest-count"));
  const first = await find(page, harbour!);
  // What the screen asked of the API (its live fields, read again every few minutes) is behind
  // us, and now fresh: from here on, the reveals alone.
  await sim.reset();

  await first.getByRole("button", { name: /^Reveal/ }).click();
  await expect(first.getByTestId("revealed-id")).toHaveText(harbour!.identificationNumber);
  // A name two properties share: the report is read for both, from what Daybook holds too.
  const second = await revealIn(page, seaside!);
  await expect(second.getByTestId("revealed-id")).toHaveText(seaside!.identificationNumber);
  expect(await sim.requests()).toEqual([]);
});

test(`a person reveals at most ${LIMIT} numbers an hour; the next is refused in words and audited`, async ({
  page,
  browser,
  request,
}) => {
  const guests = await findable(request, HARBOUR);
  expect(guests.length).toBeGreaterThan(LIMIT);
  await signInAs(page, "regional", `/guests?property=${encodeURIComponent(HARBOUR)}`);
  await settled(page, page.getByTestId("guest-count"));

  for (const guest of guests.slice(0, LIMIT)) {
    const id = await revealIn(page, guest);
    await expect(id.getByTestId("revealed-id")).toHaveText(guest.identificationNumber);
  }
  const over = guests[LIMIT]!;
  const id = await revealIn(page, over);
  await expect(id.getByRole("alert")).toContainText(
    `Nothing was revealed: you have revealed ${LIMIT} identification numbers in the last hour, the most one person may. You can reveal again at`,
  );
  await expect(id.getByTestId("revealed-id")).toHaveCount(0);
  expect(await page.content()).not.toContain(over.identificationNumber);

  // Another person is not held back by this one.
  const other = await browser.newPage();
  await signInAs(other, "supervisor", `/guests?property=${encodeURIComponent(HARBOUR)}`);
  await settled(other, other.getByTestId("guest-count"));
  await expect((await revealIn(other, over)).getByTestId("revealed-id")).toHaveText(over.identificationNumber);
  await other.close();

  const admin = await browser.newPage();
  await signInAs(admin, "admin", "/admin/audit?action=guest.reveal_id&actor=regional%40daybook.demo");
  const entries = admin.getByRole("region", { name: "Audit entries" }).getByRole("row");
  await expect(entries.filter({ hasText: "reason: limit reached" })).toHaveCount(1);
  await expect(entries.filter({ hasText: "Success" })).toHaveCount(LIMIT);
  await admin.close();
});
