import { randomBytes } from "node:crypto";
import { expect, type Browser, type Page } from "@playwright/test";

import { signInAs, signInWith } from "./auth";

export interface CreatedAccount {
  name: string;
  email: string;
  password: string;
}

/**
 * The demo admin, signed in on `page`, creates a Supervisor account for one property: a person no
 * other test signs in as, with an e-mail unique to this run, for a test that ends or locks sessions.
 */
export async function adminCreatesAccount(page: Page, firstName: string): Promise<CreatedAccount> {
  const tag = randomBytes(3).toString("hex");
  const account = {
    name: `${firstName} ${tag}`,
    email: `${firstName.toLowerCase()}-${tag}@example.com`,
    password: `${firstName.toLowerCase()}-long-password`,
  };
  await signInAs(page, "admin");
  await page.goto("/admin/users/new");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(account.name);
  await page.getByRole("textbox", { name: "E-mail" }).fill(account.email);
  await page.getByRole("radio", { name: /Supervisor/ }).check();
  await page.getByRole("radio", { name: "Only the properties chosen below" }).check();
  await page.getByRole("checkbox", { name: "Harbour View Hotel" }).check();
  await page.getByLabel("Initial password", { exact: true }).fill(account.password);
  await page.getByLabel("Initial password, again").fill(account.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/admin\/users(\?|$)/);
  await expect(page.getByRole("main")).toContainText(account.email);
  return account;
}

/** The admin's screen of one account, from the list of users. */
export async function openAccount(page: Page, name: string): Promise<void> {
  await page.goto("/admin/users");
  await page.getByRole("link", { name, exact: true }).first().click();
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
}

/** The person signed in in a browser context of their own; its cookies as a Cookie header, to replay later. */
export async function personIn(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWith(page, email, password);
  await expect(page.getByTestId("signed-in-as")).toBeVisible();
  const cookieHeader = (await context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  return { page, context, cookieHeader, close: () => context.close() };
}
