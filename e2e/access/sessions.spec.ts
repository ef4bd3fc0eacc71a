// Daybook's session row, not the cookie, decides whether a session stands, also for Auth.js's own
// endpoints: /api/auth/session answers no user for a cookie whose session has ended, and Auth.js's
// POST /api/auth/signout ends the session as Daybook's own button does.
import { expect, test, type APIRequestContext } from "@playwright/test";

import { adminCreatesAccount, openAccount, personIn } from "@/e2e/support/accounts";
import { LOGINS, signInAs, signOut } from "@/e2e/support/auth";

/** What /api/auth/session answers for a cookie sent on its own, by a client that keeps no cookies. */
async function sessionFor(request: APIRequestContext, cookieHeader: string) {
  const answer = await request.get("/api/auth/session", { headers: { cookie: cookieHeader } });
  expect(answer.status()).toBe(200);
  return answer.json();
}

async function usageStatus(request: APIRequestContext, cookieHeader: string) {
  return (await request.get("/api/reports/usage", { headers: { cookie: cookieHeader } })).status();
}

test("a cookie kept after signing out: /api/auth/session answers no user and the API answers 401", async ({
  page,
  request,
}) => {
  await signInAs(page, "viewer");
  const cookieHeader = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  expect(await sessionFor(request, cookieHeader)).toMatchObject({ user: { email: LOGINS.viewer.email } });

  await signOut(page);
  expect(await sessionFor(request, cookieHeader)).toBeNull();
  expect(await usageStatus(request, cookieHeader)).toBe(401);
});

test("Auth.js's own sign-out (POST /api/auth/signout with its CSRF token) ends Daybook's session and is audited", async ({
  page,
  request,
}) => {
  await signInAs(page, "supervisor");
  const csrfToken = ((await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
  const cookieHeader = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  expect(await usageStatus(request, cookieHeader)).toBe(200);

  const signedOut = await page.request.post("/api/auth/signout", { form: { csrfToken }, maxRedirects: 0 });
  expect(signedOut.status()).toBe(302);
  // The cookie as it was before: Auth.js cleared it in the browser, but a copy is worth nothing now.
  expect(await sessionFor(request, cookieHeader)).toBeNull();
  expect(await usageStatus(request, cookieHeader)).toBe(401);

  await signInAs(page, "admin", "/admin/audit");
  const table = page.getByRole("table");
  await expect(
    table.getByRole("row").filter({ hasText: "Signed out" }).filter({ hasText: LOGINS.supervisor.email }).first(),
  ).toBeVisible();
});

test("a role change, a password reset and disabling each end the person's session for /api/auth/session too", async ({
  page,
  browser,
  request,
}) => {
  const account = await adminCreatesAccount(page, "Sasha");
  await openAccount(page, account.name);
  const accountUrl = page.url();

  // A new role: the session that began under the old one ends.
  let person = await personIn(browser, account.email, account.password, account.own);
  expect(await sessionFor(request, person.cookieHeader)).toMatchObject({ user: { email: account.email } });
  await page.getByRole("radio", { name: /Regional/ }).check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("main")).toContainText("A new role signs this person out");
  expect(await sessionFor(request, person.cookieHeader)).toBeNull();
  await person.close();

  // A new password.
  person = await personIn(browser, account.email, account.own);
  expect(await sessionFor(request, person.cookieHeader)).toMatchObject({ user: { email: account.email } });
  await page.goto(accountUrl);
  await page.getByLabel("New password", { exact: true }).fill("sasha-second-password");
  await page.getByLabel("New password, again").fill("sasha-second-password");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByRole("main")).toContainText("Password changed");
  expect(await sessionFor(request, person.cookieHeader)).toBeNull();
  await person.close();

  // Disabled.
  person = await personIn(browser, account.email, "sasha-second-password", "sasha-third-password");
  expect(await sessionFor(request, person.cookieHeader)).toMatchObject({ user: { email: account.email } });
  await page.goto(accountUrl);
  await page.getByRole("button", { name: "Disable account" }).click();
  await expect(page.getByRole("main")).toContainText("Account disabled");
  expect(await sessionFor(request, person.cookieHeader)).toBeNull();
  expect(await usageStatus(request, person.cookieHeader)).toBe(401);
  await person.close();
});
