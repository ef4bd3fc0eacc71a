import AxeBuilder from "@axe-core/playwright";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";

import { LOGINS, signInAs } from "@/e2e/support/auth";
import { SCREENS } from "@/e2e/support/screens";
import { settled } from "@/e2e/support/settled";
import { simulatorControl } from "@/e2e/support/simulator";

/**
 * Every check runs in both themes, on one load of the page: light first, then the browser's setting
 * switched to dark (for the rules that depend on colours). The accounts keep the theme "system", so
 * the browser's own setting decides, as it does for a person who never chose, and the page follows
 * it without a reload.
 */
const SCHEMES = ["light", "dark"] as const;
type Scheme = (typeof SCHEMES)[number];

/**
 * The browser's own report of anything the Content-Security-Policy blocked, kept from the first
 * script on: a page that looks right may still have lost a script or a style to the policy.
 */
async function recordPolicyViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { policyViolations: string[] }).policyViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"}`),
    );
  });
}

/**
 * The rules whose outcome depends on colours: all that changes between the two themes. The light
 * pass runs every rule; the dark one, on the same page, these.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

async function expectNoViolationsIn(page: Page, where: string, scheme: Scheme) {
  await page.emulateMedia({ colorScheme: scheme });
  // The page is drawn in the theme asked for: a pass in dark is not a second pass in light.
  await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
  await expect(page.locator("html")).toHaveCSS("color-scheme", scheme);
  // Colours that ease into the new theme (a link's transition) are read once they have arrived.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== "running"),
  );
  // WCAG 2.5.3 (label in name) is one of axe's experimental rules, off unless asked for: a control's
  // accessible name must hold the words it shows ("Download CSV").
  const axe = new AxeBuilder({ page }).options({ rules: { "label-content-name-mismatch": { enabled: true } } });
  const { violations } = await (scheme === SCHEMES[0] ? axe : axe.withRules(COLOUR_RULES)).analyze();
  expect(
    violations.map(
      (v) => `${where} (${scheme}): ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
}

/** No Content-Security-Policy violation, and none of axe's, in either theme. */
async function expectNoViolations(page: Page, where: string) {
  expect(
    await page.evaluate(() => (window as unknown as { policyViolations?: string[] }).policyViolations ?? []),
    `${where}: Content-Security-Policy violations`,
  ).toEqual([]);
  for (const scheme of SCHEMES) await expectNoViolationsIn(page, where, scheme);
}

/**
 * The admin's session, signed in once for the whole file: each sign-in costs a password hash, and
 * signing in straight onto the heaviest screens made its wait the first to run out on a busy machine.
 */
let adminSession: Awaited<ReturnType<BrowserContext["storageState"]>>;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInAs(page, "admin", "/account");
  adminSession = await page.context().storageState();
  await page.context().close();
});

test.beforeEach(async ({ request, page }) => {
  await simulatorControl(request).reset();
  await recordPolicyViolations(page);
});

test("the sign-in page has no accessibility violations", async ({ page }) => {
  await page.goto("/sign-in");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expectNoViolations(page, "/sign-in");
});

test("the unsubscribe page, signed out, has no accessibility violations", async ({ page }) => {
  // A link that is not valid: the page a valid one opens is checked in e2e/mail/unsubscribe.spec.ts.
  await page.goto("/unsubscribe?token=u1.digest.not-a-token.x");
  await expect(page.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
  await expectNoViolations(page, "/unsubscribe");
});

for (const path of SCREENS) {
  test(`${path} has no accessibility violations for an admin`, async ({ page }) => {
    await page.context().addCookies(adminSession.cookies);
    await page.goto(path);
    await expect(page.getByTestId("signed-in-as")).toHaveText(LOGINS.admin.name);
    await page.waitForLoadState("networkidle");
    await settled(page, page.getByRole("heading", { level: 1 }).first());
    // Charts load as they come near the viewport: scroll them in, and wait for them to be drawn
    // (networkidle was reached before the scroll, so waiting for it again would not wait).
    await page.mouse.wheel(0, 20_000);
    await settled(page);
    await expectNoViolations(page, path);
  });
}

test("an account's page has no accessibility violations", async ({ page }) => {
  await signInAs(page, "admin", "/admin/users");
  await page.getByRole("link", { name: "Vic Viewer", exact: true }).first().click();
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
  await settled(page, page.getByRole("heading", { level: 1 }).first());
  await expectNoViolations(page, "/admin/users/[id]");
});

test("a screen a role may not open explains itself accessibly", async ({ page }) => {
  await signInAs(page, "viewer", "/admin");
  await settled(page, page.getByText("Your role does not include this screen"));
  await expectNoViolations(page, "/admin as a viewer");
});
