import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signInAs } from "./support/auth";
import { simulatorControl } from "./support/simulator";

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
  await expectNoViolations(page, "/sign-in");
});

test("every page an admin can open has no accessibility violations", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, "admin");
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoViolations(page, path);
  }
  await page.goto("/admin/users");
  await page.getByRole("link", { name: "Vic Viewer", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expectNoViolations(page, "/admin/users/[id]");
});

test("a screen a role may not open explains itself accessibly", async ({ page }) => {
  await signInAs(page, "viewer", "/admin");
  await expectNoViolations(page, "/admin as a viewer");
});
