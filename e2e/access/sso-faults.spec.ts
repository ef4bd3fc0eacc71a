// Single sign-on when something goes wrong (a provider down or slow, a tampered or late answer, a
// token for another client), and passwords kept for break-glass admins only. Each failure is said on
// the sign-in page, never a 500, and audited. The provider is this file's own (identity-provider/).
import { expect, test } from "@playwright/test";

import { LOGINS, signInAs, signInWith } from "@/e2e/support/auth";
import {
  adminMaps,
  adminSetsPolicy,
  adminSetsUpProvider,
  adminSwitchesProviderOff,
  expectRefused,
  IDP_TITLE,
  leaveProvider,
  loginAtProvider,
  newPerson,
  SSO_BUTTON,
  ssoSignIn,
  startTestProvider,
} from "@/e2e/support/identity-provider";
import type { IdentityProvider } from "@/identity-provider/server";

let idp: IdentityProvider;

test.beforeAll(async ({ browser }) => {
  idp = await startTestProvider();
  const page = await browser.newPage();
  await adminSetsUpProvider(page, idp);
  await adminMaps(page, "hotel-supervisors-west", "Supervisor", "Harbour View Hotel");
  await adminSetsPolicy(page, { createAccounts: true });
  await page.close();
});

test.afterEach(async () => {
  Object.assign(idp.faults, { delayMs: 0, wrongAudience: false, codeTtlSeconds: 60, returnDelayMs: 0 });
  await idp.start();
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInAs(page, "admin", "/admin/sign-in");
  await adminSwitchesProviderOff(page);
  await page.close();
  await idp.stop();
});

/** The cookie in which Auth.js keeps the state it sent to the provider (plain http: no __Secure- prefix). */
const STATE_COOKIE = "authjs.state";

test("a provider that is down is said on the sign-in page, and a break-glass admin still signs in with a password", async ({
  page,
}) => {
  await idp.stop();
  await page.goto("/sign-in");
  await page.getByRole("link", { name: SSO_BUTTON }).click();
  await expectRefused(page, "Your identity provider cannot be reached");

  await signInWith(page, LOGINS.admin.email, LOGINS.admin.password);
  await expect(page.getByTestId("signed-in-as")).toHaveText(LOGINS.admin.name);
  await page.goto("/admin/audit");
  await expect(page.getByRole("main")).toContainText("provider_unreachable");
});

test("a provider slower than the time Daybook gives it is a clear refusal, not a hang", async ({ page }) => {
  const person = newPerson("Sid Slow", ["hotel-supervisors-west"]);
  idp.setPerson(person);
  await leaveProvider(page);
  await page.goto("/sign-in");
  await page.getByRole("link", { name: SSO_BUTTON }).click();
  await expect(page.getByRole("heading", { name: `Sign in to ${IDP_TITLE}` })).toBeVisible();
  // The token request then waits longer than DAYBOOK_OIDC_TIMEOUT_MS (playwright.config.ts).
  idp.faults.delayMs = 6_000;
  await loginAtProvider(page, person);
  await expectRefused(page, "Your identity provider cannot be reached");
});

test("a changed state, a late code and a token for another client are each refused in words", async ({ page }) => {
  const person = newPerson("Tess Tamper", ["hotel-supervisors-west"]);
  idp.setPerson(person);

  // The provider answers one sign-in while the browser holds the state of another (started in another tab).
  await page.goto("/sign-in");
  await page.getByRole("link", { name: SSO_BUTTON }).click();
  await expect(page.getByRole("heading", { name: `Sign in to ${IDP_TITLE}` })).toBeVisible();
  const earlier = (await page.context().cookies()).find((cookie) => cookie.name === STATE_COOKIE);
  expect(earlier, "Auth.js's state cookie").toBeDefined();
  await page.goto("/sign-in");
  await page.getByRole("link", { name: SSO_BUTTON }).click();
  await page.context().addCookies([earlier!]);
  await loginAtProvider(page, person);
  await expectRefused(page, "That sign-in could not be checked");

  // The code outlives the provider's limit on its way back to Daybook.
  Object.assign(idp.faults, { codeTtlSeconds: 1, returnDelayMs: 2_500 });
  await ssoSignIn(page, person);
  await expectRefused(page, "Your identity provider's answer was not accepted");
  Object.assign(idp.faults, { codeTtlSeconds: 60, returnDelayMs: 0 });

  idp.faults.wrongAudience = true;
  await ssoSignIn(page, person);
  await expectRefused(page, "Your identity provider's answer was not accepted");
  idp.faults.wrongAudience = false;

  await signInAs(page, "admin", "/admin/audit");
  await expect(page.getByRole("main")).toContainText("invalid_state");
  await expect(page.getByRole("main")).toContainText("invalid_token");
});

test("a required second factor at the provider: refused without it, admitted with it", async ({ page }) => {
  await signInAs(page, "admin", "/admin/sign-in");
  const form = page.getByRole("form", { name: "Who may come in" });
  await form.getByLabel("Require this authentication method (amr)").fill("mfa");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved. The rules apply from the next sign-in.")).toBeVisible();
  try {
    const person = newPerson("Mo Mfa", ["hotel-supervisors-west"], { amr: ["pwd"] });
    idp.setPerson(person);
    await page.context().clearCookies();
    await ssoSignIn(page, person);
    await expectRefused(page, "Sign in with your second factor");

    idp.setPerson({ ...person, amr: ["pwd", "mfa"] });
    await ssoSignIn(page, person);
    await expect(page.getByTestId("signed-in-as")).toHaveText(person.name);
  } finally {
    await signInAs(page, "admin", "/admin/sign-in");
    await form.getByLabel("Require this authentication method (amr)").fill("");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved. The rules apply from the next sign-in.")).toBeVisible();
  }
});

test("password sign-in off for all but break-glass admins, and the last break-glass admin cannot be unmarked", async ({
  page,
  browser,
}) => {
  await signInAs(page, "admin", "/admin/sign-in");
  // Not without a break-glass admin: someone must get in when the provider is down.
  await adminSetsPolicy(page, { passwords: "break_glass" });
  await expect(page.getByRole("form", { name: "Who may come in" })).toContainText(
    "Mark at least one enabled admin as break-glass first",
  );

  const breakGlass = page.getByRole("region", { name: "Break-glass admins" });
  await breakGlass
    .getByRole("listitem")
    .filter({ hasText: LOGINS.admin.email })
    .getByRole("button", { name: "Mark break-glass" })
    .click();
  await expect(page.getByText("This admin may sign in with a password whatever the setting.")).toBeVisible();
  await adminSetsPolicy(page, { passwords: "break_glass" });
  await expect(page.getByText("Saved. The rules apply from the next sign-in.")).toBeVisible();
  try {
    // The only break-glass admin stays one.
    await breakGlass
      .getByRole("listitem")
      .filter({ hasText: LOGINS.admin.email })
      .getByRole("button", { name: "Unmark" })
      .click();
    await expect(page.getByText(/this is the last one/)).toBeVisible();

    // Anyone else's correct password is refused, pointing to the provider; a wrong one is just wrong.
    const other = await browser.newPage();
    await other.goto("/sign-in");
    await other.getByText("Break-glass sign-in with a password").click();
    await other.getByLabel("E-mail").fill(LOGINS.supervisor.email);
    await other.getByLabel("Password").fill(LOGINS.supervisor.password);
    await other.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(other.getByText("Use your identity provider")).toBeVisible();
    await other.close();

    // The break-glass admin still signs in with a password.
    const glass = await browser.newPage();
    await glass.goto("/sign-in");
    await glass.getByText("Break-glass sign-in with a password").click();
    await glass.getByLabel("E-mail").fill(LOGINS.admin.email);
    await glass.getByLabel("Password").fill(LOGINS.admin.password);
    await glass.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(glass.getByTestId("signed-in-as")).toHaveText(LOGINS.admin.name);
    await glass.close();
  } finally {
    await adminSetsPolicy(page, { passwords: "everyone" });
    await expect(page.getByText("Saved. The rules apply from the next sign-in.")).toBeVisible();
    await page
      .getByRole("region", { name: "Break-glass admins" })
      .getByRole("listitem")
      .filter({ hasText: LOGINS.admin.email })
      .getByRole("button", { name: "Unmark" })
      .click();
  }
});
