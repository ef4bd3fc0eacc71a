import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";

import { startIdentityProvider, type IdentityProvider, type IdpPerson } from "@/identity-provider/server";

import { recordSessionCookies, signInAs } from "./auth";
import { E2E_IDP_PORT, E2E_PORT } from "./ports";
import { settled } from "./settled";

/**
 * A real OpenID Connect provider (panva's oidc-provider, identity-provider/) in the test's own
 * process: tests change its people and faults directly, and stop it to play a provider that is down.
 */
export const IDP_TITLE = "Hotel Group SSO";
export const SSO_BUTTON = "Sign in with Hotel Group SSO";
/** Daybook's client at the provider: a new secret for each provider started, so each set-up is a new connection to test. */
const CLIENT = { clientId: "daybook-e2e", clientSecret: "" };

/** The provider's own IT admin, who runs the admin's test of the connection. */
export const IT_ADMIN: IdpPerson = {
  sub: "it-admin",
  login: "it-admin@hotel-group.example",
  password: "it-admin-idp-pass",
  name: "Ida IT",
  email: "it-admin@hotel-group.example",
  emailVerified: true,
  groups: ["daybook-admins"],
};

export async function startTestProvider(): Promise<IdentityProvider> {
  const origin = `http://localhost:${E2E_PORT}`;
  CLIENT.clientSecret = randomBytes(24).toString("base64url");
  return startIdentityProvider({
    port: E2E_IDP_PORT,
    title: IDP_TITLE,
    clients: [
      {
        ...CLIENT,
        redirectUris: [`${origin}/api/auth/callback/oidc`],
        postLogoutRedirectUris: [`${origin}/sign-in`],
      },
    ],
    people: [IT_ADMIN],
  });
}

/** A person of the provider only, unique to this run: `groups` as given, a verified e-mail unless said otherwise. */
export function newPerson(name: string, groups: string[], changes: Partial<IdpPerson> = {}): IdpPerson {
  const tag = randomBytes(3).toString("hex");
  const login = `${name.toLowerCase().replace(/\W+/g, ".")}.${tag}@hotel-group.example`;
  return {
    sub: `sub-${tag}`,
    login,
    password: `${tag}-idp-password`,
    name: `${name} ${tag}`,
    email: login,
    emailVerified: true,
    groups,
    ...changes,
  };
}

/** At the provider's own login page: the person's e-mail and password. */
export async function loginAtProvider(page: Page, person: IdpPerson): Promise<void> {
  await expect(page.getByRole("heading", { name: `Sign in to ${IDP_TITLE}` })).toBeVisible();
  await page.getByLabel("E-mail").fill(person.login);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * From Daybook's sign-in page, through the provider, and back. The browser's session at the
 * provider goes first (its cookies share the host with Daybook's), so that each attempt logs in there
 * afresh: as `person`, with what the provider says of them now.
 */
export async function ssoSignIn(page: Page, person: IdpPerson, path = "/"): Promise<void> {
  await leaveProvider(page);
  await page.goto(path === "/" ? "/sign-in" : `/sign-in?callbackUrl=${encodeURIComponent(path)}`);
  await page.getByRole("link", { name: SSO_BUTTON }).click();
  await loginAtProvider(page, person);
}

/**
 * Signs out with the header's button from a session begun at the provider: Daybook's session ends,
 * then the provider asks, as it always does, before ending its own, and sends the browser back.
 */
export async function ssoSignOut(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await recordSessionCookies(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByRole("button", { name: "Yes, sign me out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole("link", { name: SSO_BUTTON })).toBeVisible();
}

/** Forgets the browser's session at the provider (its cookies are named idp_…). */
export async function leaveProvider(page: Page): Promise<void> {
  await page.context().clearCookies({ name: /^idp_/ });
}

/** The sign-in page, saying why a sign-in through the provider did not happen. */
export async function expectRefused(page: Page, title: string): Promise<void> {
  await expect(page).toHaveURL(/\/sign-in\?sso=\w+$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
}

/**
 * The admin sets the provider up on Admin → Sign-in as a group's admin would: the connection
 * (checked against the discovery document), a test through the provider, switched on.
 */
export async function adminSetsUpProvider(page: Page, idp: IdentityProvider): Promise<void> {
  await signInAs(page, "admin", "/admin/sign-in");
  await page.getByLabel("Issuer URL").fill(idp.issuer);
  await page.getByLabel("Client ID").fill(CLIENT.clientId);
  await page.getByLabel("Client secret").fill(CLIENT.clientSecret);
  await page.getByLabel("Scopes").fill("openid email profile groups");
  await page.getByLabel("Button words").fill(SSO_BUTTON);
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(page.getByText("Saved. Test it next")).toBeVisible();
  await expect(page.getByRole("button", { name: "Switch single sign-on on" })).toBeDisabled();

  await page.getByRole("link", { name: "Test sign-in through the provider" }).click();
  await loginAtProvider(page, IT_ADMIN);
  await expect(page).toHaveURL(/\/admin\/sign-in\?test=passed$/);
  await expect(page.getByText("Test passed")).toBeVisible();
  await page.getByRole("button", { name: "Switch single sign-on on" }).click();
  await expect(page.getByText("Single sign-on is on")).toBeVisible();
  await settled(page);
}

/** A group mapping, added on Admin → Sign-in. */
export async function adminMaps(page: Page, group: string, role: string, property: string | "all"): Promise<void> {
  await page.goto("/admin/sign-in");
  const form = page.getByRole("form", { name: "Add or replace a group mapping" });
  await form.getByLabel("Group", { exact: true }).fill(group);
  await form.getByRole("radio", { name: new RegExp(role) }).check();
  if (property === "all") {
    await form.getByRole("radio", { name: "All properties" }).first().check();
  } else {
    await form.getByRole("radio", { name: "Only the properties chosen below" }).check();
    await form.getByRole("checkbox", { name: property }).check();
  }
  await form.getByRole("button", { name: "Add or replace mapping" }).click();
  await expect(page.getByText(`People in ${group} get this access at their next sign-in.`)).toBeVisible();
}

/** Who may come in: the policy form's choices, saved. */
export async function adminSetsPolicy(
  page: Page,
  choices: { createAccounts?: boolean; strict?: boolean; passwords?: "everyone" | "break_glass" },
): Promise<void> {
  await page.goto("/admin/sign-in");
  const form = page.getByRole("form", { name: "Who may come in" });
  if (choices.createAccounts !== undefined) {
    await form
      .getByRole("checkbox", { name: /Make an account at a person's first sign-in/ })
      .setChecked(choices.createAccounts);
  }
  if (choices.strict !== undefined) {
    await form.getByRole("checkbox", { name: /Strict/ }).setChecked(choices.strict);
  }
  if (choices.passwords === "everyone") {
    await form.getByRole("radio", { name: /Everyone may also sign in with a password/ }).check();
  }
  if (choices.passwords === "break_glass") {
    await form.getByRole("radio", { name: /Only break-glass admins/ }).check();
  }
  await form.getByRole("button", { name: "Save" }).click();
}

/** Leaves the suite's server as other specs expect it: passwords for everyone, single sign-on off. */
export async function adminSwitchesProviderOff(page: Page): Promise<void> {
  await adminSetsPolicy(page, { passwords: "everyone", createAccounts: false, strict: true });
  await expect(page.getByText("Saved. The rules apply from the next sign-in.")).toBeVisible();
  const off = page.getByRole("button", { name: "Switch single sign-on off" });
  if (await off.isVisible()) {
    await off.click();
    await expect(page.getByText("Single sign-on is off")).toBeVisible();
  }
}
