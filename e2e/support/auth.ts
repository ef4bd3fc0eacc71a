import { appendFileSync } from "node:fs";
import { expect, type Cookie, type Page } from "@playwright/test";

import { E2E_SESSION_COOKIES } from "./ports";
import { settled } from "./settled";

/** The demo accounts the e2e server seeds on its fresh data directory. */
export const LOGINS = {
  admin: { email: "admin@daybook.demo", password: "admin-demo-pass", name: "Ada Admin" },
  regional: { email: "regional@daybook.demo", password: "regional-demo-pass", name: "Rhea Regional" },
  supervisor: { email: "supervisor@daybook.demo", password: "supervisor-demo-pass", name: "Sam Supervisor" },
  viewer: { email: "viewer@daybook.demo", password: "viewer-demo-pass", name: "Vic Viewer" },
} as const;

export type DemoRole = keyof typeof LOGINS;

export async function signInWith(page: Page, email: string, password: string, path = "/") {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Signs out with the header's button and waits for the sign-in page. First the page's own requests
 * (link prefetches) finish: each answer renews the session cookie, so one landing after the sign-out's
 * answer would set the cookie again (the session itself stays ended on the server).
 */
export async function signOut(page: Page) {
  await page.waitForLoadState("networkidle");
  await recordSessionCookies(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
}

/**
 * Each demo role's session cookies from its last sign-in through the form, kept by this worker: a
 * sign-in costs the server a password hash (about 0.4 s of a core) and the browser two page loads,
 * and most tests only need the role signed in. A test about signing in itself uses signInWith.
 */
const kept = new Map<DemoRole, Cookie[]>();

/**
 * Signs the role in and waits for the page asked for to finish loading: with the session the role
 * last signed in with, when the server still accepts it, else through the form, as a person would.
 */
export async function signInAs(page: Page, role: DemoRole, path = "/") {
  const signedInAs = page.getByTestId("signed-in-as");
  const cookies = kept.get(role);
  if (cookies) {
    await page.context().addCookies(cookies);
    await page.goto(path);
    const signInForm = page.getByRole("heading", { name: "Sign in" });
    // Attached, not visible: on a phone the name is in the closed menu.
    await expect(signedInAs.or(signInForm).first()).toBeAttached();
    if ((await signedInAs.count()) > 0 && (await signedInAs.textContent()) === LOGINS[role].name) {
      await settled(page);
      return;
    }
    // Ended since (signed out, a password or role changed, expired): sign in afresh.
    kept.delete(role);
  }
  // The form is shown only to nobody: whoever the page was signed in as before is signed out of it.
  await page.context().clearCookies();
  await signInThroughForm(page, role, path);
}

/** Signs the role in through the form, as a person would, and waits for the page asked for to finish loading. */
export async function signInThroughForm(page: Page, role: DemoRole, path = "/") {
  await signInWith(page, LOGINS[role].email, LOGINS[role].password, path);
  await expect(page.getByTestId("signed-in-as")).toHaveText(LOGINS[role].name);
  await settled(page);
  await recordSessionCookies(page);
  kept.set(
    role,
    (await page.context().cookies()).filter((cookie) => cookie.name.includes("session-token")),
  );
}

/**
 * Notes the session cookie values the browser holds, so that the scan after the suite can look for
 * them in the server's log (e2e/support/global-teardown.ts). Each answer renews the cookie: this
 * records a sample; the scan also looks for anything shaped like a session token.
 */
export async function recordSessionCookies(page: Page) {
  const values = (await page.context().cookies())
    .filter((cookie) => cookie.name.includes("session-token"))
    .map((cookie) => `${cookie.value}\n`);
  if (values.length > 0) appendFileSync(E2E_SESSION_COOKIES, values.join(""), { mode: 0o600 });
}
