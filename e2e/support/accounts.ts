import { randomBytes } from "node:crypto";
import { expect, type Browser, type Page } from "@playwright/test";

import { signInAs, signInWith } from "./auth";

export interface CreatedAccount {
  name: string;
  email: string;
  /** The password the admin set: it signs in once, to choose `own`. */
  password: string;
  /** The person's own password, for `personIn`'s first sign-in. */
  own: string;
}

export interface NewAccount {
  name: string;
  email: string;
  password: string;
  /** The role's radio label, or a part of it: "Supervisor", "Property manager", … */
  role: string;
  /** The one property the account sees. */
  property: string;
}

/**
 * The demo admin signs in on `page` and creates `account` on Admin → Users → New. Signed in straight
 * to the form: no report screen is opened, so no day is asked of the API (a test may have moved the
 * simulator's clock to a day Daybook does not hold, and must not store it).
 */
export async function adminCreates<T extends NewAccount>(page: Page, account: T): Promise<T> {
  await signInAs(page, "admin", "/admin/users/new");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(account.name);
  await page.getByRole("textbox", { name: "E-mail" }).fill(account.email);
  await page.getByRole("radio", { name: new RegExp(account.role) }).check();
  await page.getByRole("radio", { name: "Only the properties chosen below" }).check();
  await page.getByRole("checkbox", { name: account.property }).check();
  await page.getByLabel("Initial password", { exact: true }).fill(account.password);
  await page.getByLabel("Initial password, again").fill(account.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/admin\/users(\?|$)/);
  await expect(page.getByRole("main")).toContainText(account.email);
  return account;
}

/**
 * A Supervisor account for one property: a person no other test signs in as, with an e-mail unique
 * to this run, for a test that ends or locks sessions.
 */
export async function adminCreatesAccount(page: Page, firstName: string): Promise<CreatedAccount> {
  const tag = randomBytes(3).toString("hex");
  return adminCreates(page, {
    name: `${firstName} ${tag}`,
    email: `${firstName.toLowerCase()}-${tag}@example.com`,
    password: `${firstName.toLowerCase()}-long-password`,
    own: `${firstName.toLowerCase()}-own-password`,
    role: "Supervisor",
    property: "Harbour View Hotel",
  });
}

/** The admin's screen of one account, from the list of users. */
export async function openAccount(page: Page, name: string): Promise<void> {
  await page.goto("/admin/users");
  await page.getByRole("link", { name, exact: true }).first().click();
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
}

/** The current password, then the new one twice, on the account set-up or the Account page. */
export async function choosePassword(page: Page, current: string, next: string) {
  await page.getByLabel("Current password").fill(current);
  await page.getByLabel("New password", { exact: true }).fill(next);
  await page.getByLabel("New password, again").fill(next);
  await page.getByRole("button", { name: "Change password" }).click();
}

/** A password an admin set asks for the person's own at once: `own` replaces it. */
export async function chooseOwnPassword(page: Page, current: string, own: string) {
  await expect(page.getByRole("heading", { name: "Choose your own password" })).toBeVisible();
  await choosePassword(page, current, own);
}

/**
 * The person signed in in a browser context of their own; its cookies as a Cookie header, to replay
 * later. With `own`, this is the first sign-in after an admin set `password`: the person chooses `own`.
 */
export async function personIn(browser: Browser, email: string, password: string, own?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWith(page, email, password);
  if (own !== undefined) await chooseOwnPassword(page, password, own);
  await expect(page.getByTestId("signed-in-as")).toBeVisible();
  const cookieHeader = (await context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  return { page, context, cookieHeader, close: () => context.close() };
}
