import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { settled } from "@/e2e/support/settled";
import { simulatorControl } from "@/e2e/support/simulator";

const PAGES = [
  "/",
  "/guests",
  "/criminal-arrivals",
  "/properties",
  "/review",
  "/status",
  "/admin",
  "/admin/users",
  "/admin/users/new",
  "/admin/api-key",
  "/admin/audit",
  "/admin/sync",
];

async function expectNoViolations(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

test.beforeEach(async ({ request }) => {
  await simulatorControl(request).reset();
});

test("the sign-in page has no accessibility violations", async ({ page }) => {
  await page.goto("/sign-in");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expectNoViolations(page, "/sign-in");
});

for (const path of PAGES) {
  test(`${path} has no accessibility violations for an admin`, async ({ page }) => {
    await signInAs(page, "admin", path);
    await page.waitForLoadState("networkidle");
    await settled(page, page.getByRole("heading", { level: 1 }).first());
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
