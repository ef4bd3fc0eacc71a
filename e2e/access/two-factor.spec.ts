import { expect, test, type Browser, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";

import { adminCreates, chooseOwnPassword, choosePassword } from "@/e2e/support/accounts";
import { signInThroughForm, signInWith, signOut } from "@/e2e/support/auth";
import { expectAccessible, recordPolicyViolations } from "@/e2e/support/axe";
import { settled } from "@/e2e/support/settled";
import { simulatorControl } from "@/e2e/support/simulator";

/**
 * An account of `role` for Outback Rest, its e-mail the first name at example.org. The password is
 * the admin's choice, so the person must choose their own first.
 */
function adminCreatesFor(page: Page, name: string, role: string, password: string) {
  const email = `${name.split(" ")[0]!.toLowerCase()}@example.org`;
  return adminCreates(page, { name, email, password, role, property: "Outback Rest" });
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await recordPolicyViolations(page);
  return { page, close: () => context.close() };
}

/** A person's first sign-in with the password an admin set: they choose their own, then go on. */
async function firstSignIn(page: Page, account: { email: string; password: string }, own: string) {
  await signInWith(page, account.email, account.password);
  await expect(page).toHaveURL(/\/account-setup/);
  await chooseOwnPassword(page, account.password, own);
}

/** What the person's authenticator app shows, `stepsAhead` time steps from now, from the key shown at set-up. */
function codeFor(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/** Sets up two-factor sign-in from the button on; returns the key shown and the recovery codes. */
async function setUpTwoFactor(page: Page, checkAccessibility?: string) {
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  if (checkAccessibility) await expectAccessible(page, checkAccessibility);
  await page.getByLabel("Code from your app").fill(codeFor(secret));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  const codes = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(10);
  return { secret, recoveryCodes: (await codes.allTextContents()).map((code) => code.trim()) };
}

async function enterCode(page: Page, code: string) {
  await expect(page.getByLabel("Code", { exact: true })).toBeVisible();
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

test.beforeEach(async ({ request }) => {
  await simulatorControl(request).reset();
});

// Each test walks a person through several sign-ins, each with a real password hash.
test.describe.configure({ timeout: 120_000 });

test("an admin's password must be changed at first sign-in; a password change ends the person's other sessions", async ({
  page,
  browser,
}) => {
  const account = await adminCreatesFor(page, "Mia Must", "Property manager", "mia-admin-chosen");
  const mia = await newPage(browser);
  await signInWith(mia.page, account.email, account.password);
  await expect(mia.page).toHaveURL(/\/account-setup/);
  await expect(mia.page.getByRole("heading", { name: "Choose your own password" })).toBeVisible();
  await expectAccessible(mia.page, "/account-setup (password)");

  // Nothing else first: not a screen, not a report.
  await mia.page.goto("/guests");
  await expect(mia.page).toHaveURL(/\/account-setup/);
  await expect(mia.page.getByRole("heading", { name: "Choose your own password" })).toBeVisible();
  const refused = await mia.page.request.get("/api/reports/usage");
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe("account_setup_required");

  // The same rules as ever: too short, or the same as the admin's, is refused.
  await choosePassword(mia.page, account.password, "short");
  await expect(mia.page.getByRole("main").getByRole("alert")).toContainText("Use at least 12 characters");
  await choosePassword(mia.page, "not the current one", "mia-own-password-1");
  await expect(mia.page.getByRole("main").getByRole("alert")).toContainText("That is not your current password");
  await choosePassword(mia.page, account.password, "mia-own-password-1");
  await expect(mia.page.getByTestId("signed-in-as")).toHaveText(account.name);

  // Signed in elsewhere with the new password: straight in, nothing asked.
  const elsewhere = await newPage(browser);
  await signInWith(elsewhere.page, account.email, "mia-own-password-1");
  await expect(elsewhere.page.getByTestId("signed-in-as")).toHaveText(account.name);

  // A change on the Account page (reached from the header) ends the other session, not this one.
  await mia.page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Account" }).click();
  await expect(mia.page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
  await choosePassword(mia.page, "mia-own-password-1", "mia-own-password-2");
  await expect(mia.page.getByRole("main")).toContainText("your other session has ended");
  await elsewhere.page.goto("/guests");
  await expect(elsewhere.page).toHaveURL(/\/sign-in/);
  await mia.page.goto("/guests");
  await expect(mia.page.getByTestId("signed-in-as")).toHaveText(account.name);

  await signInWith(elsewhere.page, account.email, "mia-own-password-1");
  await expect(elsewhere.page.getByRole("main").getByRole("alert")).toContainText("do not match");
  await elsewhere.page.getByLabel("Password").fill("mia-own-password-2");
  await elsewhere.page.getByRole("button", { name: "Sign in" }).click();
  await expect(elsewhere.page.getByTestId("signed-in-as")).toHaveText(account.name);
  await mia.close();
  await elsewhere.close();

  await page.goto("/admin/audit");
  await settled(page, page.getByRole("main"));
  await expect(page.getByRole("main")).toContainText("Changed their own password");
});

test("two-factor sign-in: set up with a first code, then the password asks for a code; a code works once, a recovery code too", async ({
  page,
  browser,
}) => {
  const account = await adminCreatesFor(page, "Tom Totp", "Supervisor", "tom-admin-chosen");
  const tom = await newPage(browser);
  await firstSignIn(tom.page, account, "tom-own-password");
  await expect(tom.page.getByTestId("signed-in-as")).toHaveText(account.name);

  await tom.page.goto("/account");
  await settled(tom.page, tom.page.getByRole("heading", { name: "Account", level: 1 }));
  // A wrong first code turns nothing on.
  await tom.page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(tom.page.getByTestId("totp-secret")).toBeVisible();
  await tom.page.getByLabel("Code from your app").fill("12345");
  await tom.page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(tom.page.getByRole("main").getByRole("alert")).toContainText("6-digit code");
  await tom.page.reload();
  const { secret, recoveryCodes } = await setUpTwoFactor(tom.page, "/account (setting up)");
  await tom.page.reload();
  await expect(tom.page.getByTestId("two-factor-status")).toContainText("Recovery codes left: 10");
  await signOut(tom.page);

  // The password alone is not enough any more.
  await signInWith(tom.page, account.email, "tom-own-password");
  await expect(tom.page.getByLabel("Code", { exact: true })).toBeVisible();
  await expectAccessible(tom.page, "/sign-in (code)");
  await tom.page.goto("/");
  await expect(tom.page).toHaveURL(/\/sign-in/);

  // The set-up used this time step's code, so the app's next one signs in.
  const code = codeFor(secret, 1);
  await signInWith(tom.page, account.email, "tom-own-password");
  await enterCode(tom.page, code);
  await expect(tom.page.getByTestId("signed-in-as")).toHaveText(account.name);
  await signOut(tom.page);

  // The same code again, as someone who saw it would try: refused.
  await signInWith(tom.page, account.email, "tom-own-password");
  await enterCode(tom.page, code);
  await expect(tom.page.getByRole("main").getByRole("alert")).toContainText("That code does not match");

  // A recovery code instead, once.
  await enterCode(tom.page, recoveryCodes[0]!);
  await expect(tom.page.getByTestId("signed-in-as")).toHaveText(account.name);
  await signOut(tom.page);
  await signInWith(tom.page, account.email, "tom-own-password");
  await enterCode(tom.page, recoveryCodes[0]!);
  await expect(tom.page.getByRole("main").getByRole("alert")).toContainText("That code does not match");
  await enterCode(tom.page, recoveryCodes[1]!.toLowerCase());
  await expect(tom.page.getByTestId("signed-in-as")).toHaveText(account.name);
  await tom.page.goto("/account");
  await expect(tom.page.getByTestId("two-factor-status")).toContainText("Recovery codes left: 8");
  await signOut(tom.page);

  // Codes are throttled like passwords: five wrong ones lock the second step, the right code too.
  await signInWith(tom.page, account.email, "tom-own-password");
  for (let n = 0; n < 5; n += 1) {
    await enterCode(tom.page, n % 2 ? "000000" : "999999");
    // Answered: the form is cleared once its action returns, so each attempt is counted before the next.
    await expect(tom.page.getByLabel("Code", { exact: true })).toHaveValue("");
    await expect(tom.page.getByRole("main").getByRole("alert")).toBeVisible();
  }
  await expect(tom.page.getByRole("main").getByRole("alert")).toContainText("Too many failed attempts");
  await enterCode(tom.page, recoveryCodes[2]!);
  await expect(tom.page.getByRole("main").getByRole("alert")).toContainText("Too many failed attempts");
  await tom.close();

  await page.goto("/admin/audit");
  const audit = page.getByRole("main");
  await settled(page, audit);
  await expect(audit).toContainText("Turned on two-factor sign-in");
  await expect(audit).toContainText("Signed in with a recovery code");
  await expect(audit).toContainText("Sign-in refused: locked");

  // An admin resets it for someone who lost their phone: the password alone signs in again.
  await page.goto("/admin/users");
  await page.getByRole("link", { name: account.name, exact: true }).first().click();
  await page.getByRole("button", { name: "Reset two-factor sign-in" }).click();
  await expect(page.getByRole("main")).toContainText("Two-factor sign-in reset");
  await page.goto("/admin/audit");
  await expect(page.getByRole("main")).toContainText("Reset someone's two-factor sign-in");
});

test("roles an admin chooses must set up two-factor sign-in before anything else; other roles are not asked", async ({
  page,
  browser,
}) => {
  const account = await adminCreatesFor(page, "Rita Regional", "Regional", "rita-admin-chosen");
  await page.goto("/admin/security");
  await settled(page, page.getByRole("heading", { name: "Security", level: 1 }));
  // The demo asks nobody until an admin chooses.
  for (const role of ["Admin", "Supervisor", "Regional", "Property manager"]) {
    await expect(page.getByRole("checkbox", { name: role })).not.toBeChecked();
  }
  try {
    await page.getByRole("checkbox", { name: "Regional" }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("main")).toContainText("Saved. Regional:");

    const rita = await newPage(browser);
    await firstSignIn(rita.page, account, "rita-own-password");
    await expect(rita.page).toHaveURL(/\/account-setup/);
    await expect(rita.page.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();
    await expectAccessible(rita.page, "/account-setup (two-factor)");
    await rita.page.goto("/status");
    await expect(rita.page).toHaveURL(/\/account-setup/);
    await expect(rita.page.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();
    expect((await rita.page.request.get("/api/reports/usage")).status()).toBe(403);

    await setUpTwoFactor(rita.page, "/account-setup (two-factor, setting up)");
    await expectAccessible(rita.page, "/account-setup (recovery codes)");
    await rita.page.getByRole("link", { name: /I have saved my recovery codes/ }).click();
    await expect(rita.page.getByTestId("signed-in-as")).toHaveText(account.name);
    expect((await rita.page.request.get("/api/reports/usage")).status()).toBe(200);
    // Required for the role: it cannot be turned off.
    await rita.page.goto("/account");
    await expect(rita.page.getByRole("main")).toContainText("Your role must sign in with a second factor");
    await rita.close();

    // A role not chosen is not asked.
    const viewer = await newPage(browser);
    await signInThroughForm(viewer.page, "viewer");
    await viewer.close();
  } finally {
    await page.goto("/admin/security");
    await page.getByRole("checkbox", { name: "Regional" }).uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("main")).toContainText("No role needs two-factor sign-in");
  }
  await page.goto("/admin/audit");
  await expect(page.getByRole("main")).toContainText("Changed which roles need two-factor sign-in");
});
