import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { strFromU8, unzipSync } from "fflate";

import { adminCreates, adminCreatesAccount, openAccount, personIn } from "@/e2e/support/accounts";
import { signInAs } from "@/e2e/support/auth";
import { expectAccessible, recordPolicyViolations } from "@/e2e/support/axe";
import { E2E_CLOCK } from "@/e2e/support/clock";
import { mainNav } from "@/e2e/support/nav";
import { E2E_SERVER_LOG } from "@/e2e/support/ports";
import { settled } from "@/e2e/support/settled";
import { simulatorControl, simulatorReport } from "@/e2e/support/simulator";

const HARBOUR = "Harbour View Hotel";
const RIVERSIDE = "Riverside & Co. Hotel";
const OUTBACK = "Outback Rest";

interface Guest {
  propertyName: string;
  checkInAtUtc: string;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  dateOfBirth: string;
  identificationNumber: string;
  hasCriminalRecord: boolean;
  isSexualOffender: boolean;
}

interface CriminalArrival {
  propertyName: string;
  checkInAtUtc: string;
  firstName: string;
  lastName: string;
}

const DAY_MS = 24 * 3_600_000;

const fullName = (guest: Pick<Guest, "firstName" | "lastName">) => `${guest.firstName} ${guest.lastName}`;

/** A guest of the day (as the simulator served it) whose first and last name no other arrival of that day shares. */
function uniquelyNamed(guests: Guest[], predicate: (guest: Guest) => boolean): Guest {
  const named = guests.filter((guest) => guest.firstName && guest.lastName);
  const count = (guest: Guest) => named.filter((other) => fullName(other) === fullName(guest)).length;
  const found = named.find((guest) => predicate(guest) && count(guest) === 1);
  if (!found) throw new Error("the simulator's report has no such guest");
  return found;
}

/** Every guest of a stored day, as the simulator served it then (the data is a function of the day). */
async function guestsOfDay(request: APIRequestContext, day: string): Promise<Guest[]> {
  const control = simulatorControl(request);
  await control.setClock(new Date(Date.parse(`${day}T12:00:00Z`) + DAY_MS).toISOString());
  try {
    return (await simulatorReport(request, "guests")).items;
  } finally {
    await control.restoreClock();
  }
}

/** Opens a request on the queue's form by name and date of birth; lands on the request's own page. */
async function openByName(page: Page, kind: string, guest: Guest, receivedOn?: string) {
  await page.goto("/privacy/requests");
  await settled(page, page.getByRole("heading", { name: "New request" }));
  await page.getByLabel("What the guest asks for").selectOption({ label: kind });
  await page.getByLabel("Reference (optional)").fill(`TICKET-${Date.now().toString(36)}`);
  if (receivedOn) await page.getByLabel("Received on").fill(receivedOn);
  await page.getByRole("radio", { name: "Name and date of birth" }).check();
  await page.getByLabel("Guest's name").fill(fullName(guest));
  await page.getByLabel("Date of birth", { exact: true }).fill(guest.dateOfBirth.slice(0, 10));
  await page.getByRole("button", { name: "Record the request" }).click();
  await expect(page).toHaveURL(/\/privacy\/requests\/\d+$/);
  await settled(page, page.getByRole("heading", { level: 1, name: /^Privacy request #\d+$/ }));
}

/** A step behind a confirmation: opened, explained with its counts, given a reason, confirmed. */
async function confirmStep(page: Page, button: string, confirm: string, reason: string) {
  await page.getByRole("button", { name: button }).click();
  const confirmation = page.getByTestId("request-confirmation");
  await expect(confirmation.getByTestId("confirmation-explains")).toContainText(/\d+ stored arrivals? on \d+ days? at/);
  await confirmation.getByLabel("Reason (required, kept in the audit log)").fill(reason);
  await confirmation.getByRole("button", { name: confirm }).click();
  await expect(page.getByTestId("request-result")).toContainText("Done");
}

/** The guests screen of one property (a stored day), searched for `query`: how many rows it shows. */
async function searchGuests(page: Page, property: string, query: string, day?: string) {
  const params = new URLSearchParams({ property, ...(day && { day }) });
  await page.goto(`/guests?${params}`);
  await settled(page, page.getByTestId("guest-count"));
  await page.getByLabel("Search").fill(query);
}

async function downloadCsv(page: Page, linkName: string): Promise<string[][]> {
  const started = page.waitForEvent("download");
  await page
    .getByRole("link", { name: linkName })
    .or(page.getByRole("button", { name: linkName }))
    .click();
  const download = await started;
  return parse(await readFile((await download.path())!, "utf8"), { bom: true }) as string[][];
}

/** Whether any row of a file holds both the first and the last name. */
const fileHolds = (rows: string[][], guest: Pick<Guest, "firstName" | "lastName">) =>
  rows.some(
    (row) => row.some((cell) => cell.includes(guest.firstName!)) && row.some((cell) => cell.includes(guest.lastName!)),
  );

/** What the guests screen's own rows route answers for a search. */
async function rowsRoute(page: Page, property: string, query: string): Promise<number> {
  const answer = await page.request.post("/api/reports/guests/rows", {
    data: { propertyName: property, q: query, limit: 50 },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { matched: number }).matched;
}

test.beforeEach(async ({ request, page }) => {
  await simulatorControl(request).reset();
  await recordPolicyViolations(page);
});

test("a restricted guest is absent from every screen, route and export until the restriction is lifted", async ({
  page,
  request,
}) => {
  const criminal = (await simulatorReport(request, "criminal-arrivals", HARBOUR)).items as CriminalArrival[];
  const all = (await simulatorReport(request, "guests")).items as Guest[];
  const isCriminalArrival = (guest: Guest) =>
    criminal.some((item) => item.checkInAtUtc === guest.checkInAtUtc && fullName(item) === fullName(guest));
  // A guest on the criminal-arrivals list too, so that list and its file are checked as well.
  const guest = uniquelyNamed(all, (candidate) => candidate.propertyName === HARBOUR && isCriminalArrival(candidate));
  const name = fullName(guest);

  await signInAs(page, "admin");
  await expect((await mainNav(page)).getByRole("link", { name: "Privacy requests" })).toBeVisible();
  await openByName(page, "Restriction", guest);
  const requestPage = page.url();
  await expectAccessible(page, "/privacy/requests/[id]");
  const arrivals = page.getByTestId("person-arrival");
  await expect(arrivals.filter({ hasText: HARBOUR }).first()).toContainText(name);
  await expect(arrivals.filter({ hasText: "Guest arrival" }).first()).toContainText("name and date of birth");
  await expect(arrivals.filter({ hasText: "Criminal arrival" }).first()).toContainText("same arrival");
  // Check-ins in the property's own zone, the criminal arrival's too (it carries no zone of its own).
  const harbourTimes = arrivals.filter({ hasText: HARBOUR }).locator("td time");
  await expect(harbourTimes).not.toHaveCount(0);
  for (const time of await harbourTimes.all()) await expect(time).toHaveText(/ HST$/);

  await confirmStep(page, "Restrict…", "Restrict the person", "The guest asked us to stop using their data.");
  await expect(page.getByTestId("request-state")).toContainText("restriction in force");
  await expect(arrivals.filter({ hasText: "Restricted" })).toHaveCount(await arrivals.count());

  // The guests screen and its search.
  await searchGuests(page, HARBOUR, name);
  await expect(page.getByTestId("guest-count")).toContainText("Showing 0 of");
  await expect(page.getByRole("rowheader", { name })).toHaveCount(0);
  // The route the screen reads its rows from.
  expect(await rowsRoute(page, HARBOUR, name)).toBe(0);
  // The guests table as a file.
  await page.getByLabel("Search").fill("");
  await expect(page.getByTestId("guest-count")).not.toContainText("Showing 0 of");
  expect(fileHolds(await downloadCsv(page, "Download CSV of the guests table"), guest)).toBe(false);
  // The criminal-arrivals list (where a supervisor reviews them) and its file.
  await page.goto(`/criminal-arrivals?property=${encodeURIComponent(HARBOUR)}`);
  await settled(page, page.getByTestId("shown-count"));
  await expect(page.getByTestId("guest-name").getByText(name, { exact: true })).toHaveCount(0);
  expect(fileHolds(await downloadCsv(page, "Download CSV of the criminal arrivals list"), guest)).toBe(false);
  // Lifted: back everywhere.
  await page.goto(requestPage);
  await settled(page, page.getByRole("heading", { level: 1, name: /^Privacy request #\d+$/ }));
  await confirmStep(page, "Lift restriction…", "Lift the restriction", "The guest withdrew the restriction.");
  await expect(arrivals.filter({ hasText: "Restricted" })).toHaveCount(0);
  await searchGuests(page, HARBOUR, name);
  await expect(page.getByTestId("guest-count")).toContainText("Showing 1 of");
  expect(await rowsRoute(page, HARBOUR, name)).toBe(1);
  await page.getByLabel("Search").fill("");
  await expect(page.getByTestId("guest-count")).not.toContainText("Showing 1 of");
  expect(fileHolds(await downloadCsv(page, "Download CSV of the guests table"), guest)).toBe(true);
  await page.goto(`/criminal-arrivals?property=${encodeURIComponent(HARBOUR)}`);
  await settled(page, page.getByTestId("shown-count"));
  await expect(page.getByTestId("guest-name").getByText(name, { exact: true })).toHaveCount(1);
});

test("a request by document number leaves the number in no address, request URL or server log", async ({
  page,
  request,
}) => {
  const guests = (await simulatorReport(request, "guests", RIVERSIDE)).items as Guest[];
  const number = guests.find((guest) => guest.identificationNumber.length >= 6)!.identificationNumber;
  const urls: string[] = [];
  page.on("request", (sent) => urls.push(sent.url()));

  await signInAs(page, "admin", "/privacy/requests");
  await settled(page, page.getByRole("heading", { name: "New request" }));
  await page.getByLabel("What the guest asks for").selectOption({ label: "Access (export)" });
  await page.getByRole("radio", { name: "Document number" }).check();
  await page.getByRole("textbox", { name: "Document number" }).fill(number);
  await page.getByRole("button", { name: "Record the request" }).click();
  await expect(page).toHaveURL(/\/privacy\/requests\/\d+$/);
  await settled(page, page.getByTestId("person-places"));
  await expect(page.getByTestId("person-arrival").first()).toContainText("document number");

  // The archive downloads from the page (a POST: nothing of the person in its address).
  const started = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export (zip)" }).click();
  expect((await started).suggestedFilename()).toMatch(/\.zip$/);

  const strip = (value: string) => value.replace(/[\s\-./]/g, "").toUpperCase();
  expect(strip(page.url())).not.toContain(strip(number));
  for (const url of urls) expect(strip(decodeURIComponent(url)), url).not.toContain(strip(number));
  // The server's own output so far (the suite's teardown scans it again, with every served number).
  await expect.poll(() => readFileSync(E2E_SERVER_LOG, "utf8").includes("/privacy/requests")).toBe(true);
  expect(readFileSync(E2E_SERVER_LOG, "utf8")).not.toContain(number);
});

test("an erasure removes the guest from the guests screen while the others of the day stay", async ({
  page,
  request,
}) => {
  // A day well inside the stored history that other tests do not read, and a guest without a
  // criminal-arrival list entry, so no later test's list or count of yesterday changes.
  const day = new Date(Date.parse(E2E_CLOCK) - 20 * DAY_MS).toISOString().slice(0, 10);
  const served = (await guestsOfDay(request, day)).filter((guest) => guest.propertyName === HARBOUR);
  const guest = uniquelyNamed(served, (candidate) => !candidate.hasCriminalRecord && !candidate.isSexualOffender);
  const other = uniquelyNamed(served, (candidate) => candidate !== guest);

  await signInAs(page, "admin");
  await openByName(page, "Erasure", guest);
  await expect(page.getByTestId("person-arrival").filter({ hasText: HARBOUR }).first()).toContainText(fullName(guest));
  await confirmStep(page, "Erase…", "Erase the person", "Erasure asked for by the guest in writing.");
  await expect(page.getByText("Daybook no longer holds this person")).toBeVisible();
  await expect(page.getByRole("button", { name: "Export (zip)" })).toHaveCount(0);
  await expectAccessible(page, "/privacy/requests/[id] erased");

  await searchGuests(page, HARBOUR, fullName(guest), day);
  await expect(page.getByTestId("guest-count")).toContainText("Showing 0 of");
  await page.getByLabel("Search").fill(fullName(other));
  await expect(page.getByTestId("guest-count")).toContainText("Showing 1 of");
  await expect(page.getByRole("rowheader", { name: fullName(other) })).toBeVisible();
});

test("a request received longer ago than its due period shows as overdue, first in the queue", async ({
  page,
  request,
}) => {
  const guest = uniquelyNamed((await simulatorReport(request, "guests", RIVERSIDE)).items as Guest[], () => true);
  await signInAs(page, "admin");
  // Received years before the suite's clock (and any real one): past any due period.
  await openByName(page, "Access (export)", guest, "2020-01-06");
  await expect(page.getByTestId("request-state")).toHaveText(/Overdue/);
  await expect(page.getByTestId("request-due")).toContainText("Overdue: past its due date");
  const id = /\/privacy\/requests\/(\d+)$/.exec(page.url())![1];

  await page.goto("/privacy/requests");
  await settled(page, page.getByTestId("request-queue"));
  const first = page.getByTestId("request-row").first();
  await expect(first).toHaveAttribute("data-overdue", "true");
  await expect(first.getByRole("rowheader")).toHaveText(`Request #${id}`);
  await expect(first.getByTestId("request-state")).toHaveText(/Overdue/);
  await expect(page.getByTestId("request-summary")).toContainText("overdue");
  await expectAccessible(page, "/privacy/requests");
});

test("without the permission, no navigation entry and the not-allowed page by address", async ({ page }) => {
  await signInAs(page, "viewer");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Overview" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Privacy requests" }),
  ).toHaveCount(0);
  await page.goto("/privacy/requests");
  await expect(page.getByText("Your account does not include this screen")).toBeVisible();
  await expect(page.getByRole("heading", { name: "New request" })).toHaveCount(0);
  await expectAccessible(page, "/privacy/requests as a viewer");
  await page.goto("/privacy/requests/1");
  await expect(page.getByText("Your account does not include this screen")).toBeVisible();
  const answer = await page.request.post("/api/privacy/requests/1/export");
  expect(answer.status()).toBe(403);
});

test("a supervisor granted the permission finds the screen in the navigation and may answer requests", async ({
  page,
  browser,
}) => {
  const account = await adminCreatesAccount(page, "Petra");
  await openAccount(page, account.name);
  await page.getByRole("checkbox", { name: /Answers guests' privacy requests/ }).check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("main")).toContainText("The change applies from this person's next page.");

  const person = await personIn(browser, account.email, account.password, account.own);
  try {
    const nav = await mainNav(person.page);
    await nav.getByRole("link", { name: "Privacy requests" }).click();
    await expect(person.page).toHaveURL(/\/privacy\/requests$/);
    await settled(person.page, person.page.getByRole("heading", { name: "New request" }));
    await expect(person.page.getByRole("main")).not.toContainText("does not include this screen");
  } finally {
    await person.close();
  }
});

/** The files of a request's archive, as the export route answers a person's session. */
async function archiveOf(page: Page, requestPage: string): Promise<Record<string, string>> {
  const id = /\/privacy\/requests\/(\d+)$/.exec(requestPage)![1];
  const answer = await page.request.post(`/api/privacy/requests/${id}/export`);
  expect(answer.status()).toBe(200);
  const files = unzipSync(new Uint8Array(await answer.body()));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

test("a property manager with the permission answers only at their own property, and the page names it", async ({
  page,
  browser,
  request,
}) => {
  // Two people, an account made and granted, two requests and two archives: longer than one screen's test.
  test.setTimeout(90_000);
  const guest = uniquelyNamed(
    (await simulatorReport(request, "guests")).items as Guest[],
    (candidate) => candidate.propertyName === OUTBACK,
  );
  const values = [guest.identificationNumber, guest.dateOfBirth.slice(0, 10), fullName(guest)];
  const tag = randomBytes(3).toString("hex");
  const account = await adminCreates(page, {
    name: `Hana ${tag}`,
    email: `hana-${tag}@example.com`,
    password: "hana-long-password",
    own: "hana-own-password",
    role: "Property manager",
    property: HARBOUR,
  });
  await openAccount(page, account.name);
  const grant = page.getByRole("checkbox", { name: /Answers guests' privacy requests/ });
  await expect(grant).toHaveAccessibleName(/for the properties they may see, or the whole group with every property/);
  await grant.check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("main")).toContainText("The change applies from this person's next page.");

  // An admin answers for the whole group: the guest is held at Outback Rest, and nowhere the manager sees.
  await openByName(page, "Access (export)", guest);
  const adminRequest = page.url();
  await expect(page.getByTestId("places-searched")).toHaveText("Searched every property of the group.");
  await expect(page.getByTestId("person-arrival").filter({ hasText: OUTBACK }).first()).toContainText(fullName(guest));
  await expect(page.getByTestId("person-arrival").filter({ hasText: HARBOUR })).toHaveCount(0);

  const person = await personIn(browser, account.email, account.password, account.own);
  try {
    // Her own request for the guest finds nothing, and says where it looked.
    await openByName(person.page, "Access (export)", guest);
    const own = person.page.url();
    await expect(person.page.getByTestId("places-searched")).toContainText(`Searched ${HARBOUR} only`);
    await expect(person.page.getByText("Daybook holds nothing of this person")).toBeVisible();
    await expect(person.page.getByTestId("person-arrival")).toHaveCount(0);
    await expect(person.page.getByRole("main")).not.toContainText(OUTBACK);

    // The admin's request, on her screen: nothing of the guest either.
    await person.page.goto(adminRequest);
    await settled(person.page, person.page.getByRole("heading", { level: 1, name: /^Privacy request #\d+$/ }));
    await expect(person.page.getByTestId("places-searched")).toContainText(`Searched ${HARBOUR} only`);
    await expect(person.page.getByTestId("person-arrival")).toHaveCount(0);
    await expect(person.page.getByRole("main")).not.toContainText(fullName(guest));

    // Neither archive holds anything of the guest.
    for (const requestPage of [own, adminRequest]) {
      const files = await archiveOf(person.page, requestPage);
      expect((JSON.parse(files["person.json"]!) as { arrivals: unknown[] }).arrivals).toEqual([]);
      for (const value of values)
        expect(Object.values(files).join("\n").includes(value), "a value of the guest").toBe(false);
    }
  } finally {
    await person.close();
  }
  await page.reload();
  await expect(page.getByTestId("request-outcome")).toContainText(
    `Exported no stored arrivals; searched ${HARBOUR} only`,
  );
});
