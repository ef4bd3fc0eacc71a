import { expect, test, type Page } from "@playwright/test";

import { adminCreates, chooseOwnPassword, openAccount, personIn } from "@/e2e/support/accounts";
import { signInAs, signInWith } from "@/e2e/support/auth";
import { ownLoopbackAddress, signInByPost } from "@/e2e/support/http";
import { serverLogs } from "@/e2e/support/server-logs";
import { settled } from "@/e2e/support/settled";
import { DEMO_KEY, simulatorControl } from "@/e2e/support/simulator";

/** The simulator's key that may read the usage report only. */
const USAGE_ONLY_KEY = "feedface000000000000000000000001";

/** An account of `role` for one property, its e-mail the first name at example.com ("dana@example.com"). */
function adminCreatesFor(page: Page, name: string, role: string, property: string, password: string) {
  return adminCreates(page, {
    name,
    email: `${name.split(" ")[0]!.toLowerCase()}@example.com`,
    password,
    role,
    property,
  });
}

test.beforeEach(async ({ request }) => {
  await simulatorControl(request).reset();
});

test("an admin creates an account that sees only its property, and disabling it signs that person out at once", async ({
  page,
  browser,
}) => {
  const account = await adminCreatesFor(page, "Dana Desk", "Property manager", "Outback Rest", "dana-long-password");

  const dana = await personIn(browser, account.email, account.password, "dana-own-password");
  const usage = await (await dana.page.request.get("/api/reports/usage")).json();
  expect(usage.byProperty.map((row: { propertyName: string }) => row.propertyName)).toEqual(["Outback Rest"]);

  await openAccount(page, account.name);
  await page.getByRole("button", { name: "Disable account" }).click();
  await expect(page.getByRole("main")).toContainText("Account disabled");

  await dana.page.goto("/guests");
  await expect(dana.page).toHaveURL(/\/sign-in/);
  expect((await dana.page.request.get("/api/reports/usage")).status()).toBe(401);
  await signInWith(dana.page, account.email, "dana-own-password");
  await expect(dana.page.getByRole("main").getByRole("alert")).toContainText("This account is disabled");
  await dana.close();
});

test("a password reset ends the person's sessions; the new password works and the old one does not", async ({
  page,
  browser,
}) => {
  const account = await adminCreatesFor(
    page,
    "Reese Reset",
    "Supervisor",
    "Harbour View Hotel",
    "reese-first-password",
  );
  const reese = await personIn(browser, account.email, account.password, "reese-own-password");

  await openAccount(page, account.name);
  await page.getByLabel("New password", { exact: true }).fill("reese-second-password");
  await page.getByLabel("New password, again").fill("reese-second-password");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByRole("main")).toContainText("Password changed");

  await reese.page.goto("/");
  await expect(reese.page).toHaveURL(/\/sign-in/);
  await signInWith(reese.page, account.email, account.password);
  await expect(reese.page.getByRole("main").getByRole("alert")).toContainText("do not match");
  await reese.page.getByLabel("Password").fill("reese-second-password");
  await reese.page.getByRole("button", { name: "Sign in" }).click();
  // The admin chose it: the person chooses their own before anything else.
  await chooseOwnPassword(reese.page, "reese-second-password", "reese-own-password-2");
  await expect(reese.page.getByTestId("signed-in-as")).toHaveText(account.name);
  await reese.close();
});

test("a rotated key takes effect at once, is shown only by its last 4 characters, and never reaches a page or a log", async ({
  page,
  request,
}) => {
  await signInAs(page, "admin");
  await page.goto("/admin/api-key");
  await page.getByLabel("New API key").fill(USAGE_ONLY_KEY);
  await page.getByRole("button", { name: "Test and save key" }).click();
  await expect(page.getByRole("main")).toContainText(USAGE_ONLY_KEY.slice(-4));
  const html = await page.content();
  expect(html).not.toContain(USAGE_ONLY_KEY);
  // The connection test after saving reads usage, which this key may do.
  const log = await simulatorControl(request).requests();
  expect(log.at(-1)?.keySuffix).toBe(USAGE_ONLY_KEY.slice(-4));

  // No restart: the next report already goes out with the new key, which may not read guests.
  const guests = await page.request.get("/api/reports/guests");
  expect(guests.status()).toBe(502);
  expect((await guests.json()).error.upstream.code).toBe("insufficient_scope");
  expect((await page.request.get("/api/reports/usage")).status()).toBe(200);

  await page.getByLabel("New API key").fill(DEMO_KEY);
  await page.getByRole("button", { name: "Test and save key" }).click();
  await expect(page.getByRole("main")).toContainText(DEMO_KEY.slice(-4));
  expect((await page.request.get("/api/reports/guests")).status()).toBe(200);

  await page.goto("/admin/audit");
  const audit = page.getByRole("main");
  await settled(page, audit);
  await expect(audit).toContainText("Set the API key");
  expect(await page.content()).not.toContain(USAGE_ONLY_KEY);
  expect(serverLogs()).not.toContain(USAGE_ONLY_KEY);
});

test("a key the Partner API refuses is tested first and not saved, unless the admin saves it anyway", async ({
  page,
}) => {
  const refused = "0123456789abcdef0123456789abcdef";
  await signInAs(page, "admin");
  await page.goto("/admin/api-key");
  await page.getByLabel("New API key").fill(refused);
  await page.getByRole("button", { name: "Test and save key" }).click();
  const main = page.getByRole("main");
  await expect(main.getByRole("alert")).toContainText("did not accept the key ending cdef (invalid_api_key");
  await expect(main.getByRole("alert")).toContainText("the previous key is still in use");
  // Nothing changed: the key in use is still the demo key.
  await page.reload();
  await expect(page.getByTestId("key-last4")).toHaveText(DEMO_KEY.slice(-4));

  await page.getByLabel("New API key").fill(refused);
  await page.getByLabel(/Save even if the Partner API refuses it/).check();
  await page.getByRole("button", { name: "Test and save key" }).click();
  await expect(main).toContainText("Saved anyway, as asked");
  await page.reload();
  await expect(page.getByTestId("key-last4")).toHaveText("cdef");

  // Back to the demo key, which the API accepts.
  await page.getByLabel("New API key").fill(DEMO_KEY);
  await page.getByRole("button", { name: "Test and save key" }).click();
  await expect(main).toContainText("Key saved");
  await page.reload();
  await expect(page.getByTestId("key-last4")).toHaveText(DEMO_KEY.slice(-4));
});

test("repeated failures lock an account — known or not — with the same words, and the audit log records them", async ({
  page,
  browser,
}) => {
  const known = await adminCreatesFor(page, "Lee Locked", "Property manager", "Outback Rest", "lee-long-password");

  const stranger = await browser.newContext();
  const attempt = await stranger.newPage();
  const answers: string[] = [];
  for (const email of ["nobody@example.com", known.email]) {
    // The first four by plain posts from an address of their own; the fifth through the form, to read its words.
    const guesser = ownLoopbackAddress();
    for (let n = 1; n <= 4; n += 1) {
      expect(String((await signInByPost(guesser, email, `wrong password ${n}`)).headers.location)).toMatch(/error=/);
    }
    await signInWith(attempt, email, "wrong password 5");
    const alert = attempt.getByRole("main").getByRole("alert");
    await expect(alert).toContainText("Too many failed attempts");
    answers.push(await alert.innerText());
  }
  expect(answers[0]).toBe(answers[1]);
  // Locked means locked: the right password is refused too until the lock runs out.
  await signInWith(attempt, known.email, known.password);
  await expect(attempt.getByRole("main").getByRole("alert")).toContainText("Too many failed attempts");
  await stranger.close();

  await page.goto("/admin/audit");
  await expect(page.getByRole("main")).toContainText("Sign-in failed");
  await expect(page.getByRole("main")).toContainText("Sign-in refused: locked");
  await expect(page.getByRole("main")).toContainText(known.email);
});
