// Single sign-on through a real OpenID Connect provider (identity-provider/, on panva's
// oidc-provider) that this file starts: set up by the admin on Admin → Sign-in, then people coming
// and going through it. Faults and passwords are in sso-faults.spec.ts.
import { expect, test, type Browser, type Page } from "@playwright/test";

import { adminCreates } from "@/e2e/support/accounts";
import { signInAs } from "@/e2e/support/auth";
import {
  adminMaps,
  adminSetsPolicy,
  adminSetsUpProvider,
  adminSwitchesProviderOff,
  expectRefused,
  IDP_TITLE,
  loginAtProvider,
  newPerson,
  SSO_BUTTON,
  ssoSignIn,
  ssoSignOut,
  startTestProvider,
} from "@/e2e/support/identity-provider";
import { settled } from "@/e2e/support/settled";
import type { IdentityProvider } from "@/identity-provider/server";

let idp: IdentityProvider;

/** A browser of its own for the admin's checks, so the person's session in `page` stays as it is. */
async function asAdmin(browser: Browser, path: string): Promise<Page> {
  const page = await browser.newPage();
  await signInAs(page, "admin", path);
  return page;
}

test.beforeAll(async ({ browser }) => {
  idp = await startTestProvider();
  const page = await browser.newPage();
  await adminSetsUpProvider(page, idp);
  await adminMaps(page, "hotel-supervisors-west", "Supervisor", "Harbour View Hotel");
  await adminMaps(page, "harbour-view-managers", "Property manager", "Harbour View Hotel");
  await page.close();
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInAs(page, "admin", "/admin/sign-in");
  await adminSwitchesProviderOff(page);
  await page.close();
  await idp.stop();
});

test("a person with an account signs in through the provider: linked by verified e-mail, no password or code asked, audited", async ({
  page,
  browser,
}) => {
  const person = newPerson("Lena Linked", []);
  // An account an admin made, whose password must be changed at first sign-in: not asked of a provider's sign-in.
  const admin = await browser.newPage();
  await adminCreates(admin, {
    name: person.name,
    email: person.email!,
    password: "an-initial-password-1",
    role: "Supervisor",
    property: "Harbour View Hotel",
  });
  idp.setPerson(person);

  await ssoSignIn(page, person, "/criminal-arrivals");
  await expect(page).toHaveURL(/\/criminal-arrivals$/);
  await expect(page.getByTestId("signed-in-as")).toHaveText(person.name);
  // The hand-set access stands: the person has no groups, and the account's own role is kept.
  await expect(page.getByRole("heading", { level: 1, name: "Criminal arrivals" })).toBeVisible();

  await admin.goto("/admin/audit");
  const audit = admin.getByRole("main");
  await expect(audit).toContainText("Linked an account to the identity provider");
  await expect(audit).toContainText("Signed in");
  await expect(audit).toContainText(person.email!);
  await admin.close();
});

test("an unknown person is refused in strict mode, in words, and audited; with accounts made at first sign-in, they get the mapped access", async ({
  page,
  browser,
}) => {
  const person = newPerson("Nico Newcomer", ["hotel-supervisors-west"]);
  idp.setPerson(person);
  await ssoSignIn(page, person);
  await expectRefused(page, "You have no Daybook account yet");

  const admin = await asAdmin(browser, "/admin/sign-in");
  await adminSetsPolicy(admin, { createAccounts: true });
  await expect(admin.getByText("Saved. The rules apply from the next sign-in.")).toBeVisible();
  try {
    await ssoSignIn(page, person, "/review");
    await expect(page).toHaveURL(/\/review$/);
    await expect(page.getByTestId("signed-in-as")).toHaveText(person.name);

    await admin.goto("/admin/users");
    await admin.getByRole("link", { name: person.name, exact: true }).click();
    const card = admin.getByRole("region", { name: "Single sign-on" });
    await expect(card).toContainText("From the provider's groups");
    await expect(card).toContainText("Supervisor");
    await expect(card).toContainText("Harbour View Hotel");

    await admin.goto("/admin/audit");
    await expect(admin.getByRole("main")).toContainText("Got an account at first single sign-on");
    await expect(admin.getByRole("main")).toContainText("no_account");
  } finally {
    await adminSetsPolicy(admin, { createAccounts: false });
    await admin.close();
  }
});

test("the groups decide at every sign-in: a changed group changes the role, a removed one refuses the person; a hand-set change is kept", async ({
  page,
  browser,
}) => {
  const person = newPerson("Gus Groups", ["hotel-supervisors-west"]);
  idp.setPerson(person);
  const admin = await asAdmin(browser, "/admin/sign-in");
  await adminSetsPolicy(admin, { createAccounts: true });
  try {
    await ssoSignIn(page, person);
    await expect(page.getByTestId("signed-in-as")).toHaveText(person.name);
    await page.goto("/review");
    await expect(page.getByRole("heading", { level: 1, name: /Review/ })).toBeVisible();
    await ssoSignOut(page);

    // Moved to the managers' group at the provider: a property manager from the next sign-in, kept out of review.
    idp.setPerson({ ...person, groups: ["harbour-view-managers"] });
    await ssoSignIn(page, person);
    await expect(page.getByTestId("signed-in-as")).toHaveText(person.name);
    await page.goto("/review");
    await expect(page.getByText("Your role does not include this screen")).toBeVisible();
    await ssoSignOut(page);

    // Out of every mapped group: refused in strict mode.
    idp.setPerson({ ...person, groups: [] });
    await ssoSignIn(page, person);
    await expectRefused(page, "Your groups give you no access to Daybook");

    // An admin sets the role by hand: kept at the next sign-in, whatever the groups say.
    await admin.goto("/admin/users");
    await admin.getByRole("link", { name: person.name, exact: true }).click();
    await admin.getByRole("radio", { name: /^Supervisor/ }).check();
    await admin.getByRole("button", { name: "Save changes" }).click();
    await expect(admin.getByText(/^Saved\./)).toBeVisible();
    idp.setPerson({ ...person, groups: ["harbour-view-managers"] });
    await ssoSignIn(page, person, "/review");
    await expect(page).toHaveURL(/\/review$/);
    await expect(page.getByRole("heading", { level: 1, name: /Review/ })).toBeVisible();

    await admin.reload();
    const card = admin.getByRole("region", { name: "Single sign-on" });
    await expect(card).toContainText("Set by hand");
    await expect(card).toContainText("Property manager");

    await admin.goto("/admin/audit");
    await expect(admin.getByRole("main")).toContainText("Got new access from the identity provider's groups");
    await expect(admin.getByRole("main")).toContainText("no_role");
  } finally {
    await adminSetsPolicy(admin, { createAccounts: false });
    await admin.close();
  }
});

test("no e-mail claim, or an e-mail the provider has not verified, links no account and says why", async ({ page }) => {
  const unverified = newPerson("Uma Unverified", ["hotel-supervisors-west"], { emailVerified: false });
  idp.setPerson(unverified);
  await ssoSignIn(page, unverified);
  await expectRefused(page, "Your e-mail address is not verified at your identity provider");

  const noEmail = newPerson("Nell Noemail", ["hotel-supervisors-west"]);
  delete noEmail.email;
  idp.setPerson(noEmail);
  await ssoSignIn(page, noEmail);
  await expectRefused(page, "Your identity provider sent no e-mail address");
});

test("cancelling at the provider comes back to the sign-in page, saying so", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByRole("link", { name: SSO_BUTTON }).click();
  await expect(page.getByRole("heading", { name: `Sign in to ${IDP_TITLE}` })).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expectRefused(page, "Sign-in cancelled");
});

test("signing out ends the provider's session too: the next sign-in asks for the password at the provider again", async ({
  page,
  browser,
}) => {
  const person = newPerson("Otto Out", ["hotel-supervisors-west"]);
  const admin = await asAdmin(browser, "/admin/sign-in");
  await adminSetsPolicy(admin, { createAccounts: true });
  try {
    idp.setPerson(person);
    await ssoSignIn(page, person);
    await expect(page.getByTestId("signed-in-as")).toHaveText(person.name);
    const before = idp.logouts;

    await ssoSignOut(page);
    expect(idp.logouts).toBe(before + 1);

    await page.getByRole("link", { name: SSO_BUTTON }).click();
    await loginAtProvider(page, person);
    await expect(page.getByTestId("signed-in-as")).toHaveText(person.name);
    await settled(page);
  } finally {
    await adminSetsPolicy(admin, { createAccounts: false });
    await admin.close();
  }
});
