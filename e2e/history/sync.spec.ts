import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { settled } from "@/e2e/support/settled";
import { simulatorControl } from "@/e2e/support/simulator";

const NO_ACCESS = "Your role does not include this screen";

test.beforeEach(async ({ request }) => {
  await simulatorControl(request).reset();
});

test("an admin sees the demo's stored days and runs, pulls now and sees the new run", async ({ page }) => {
  await signInAs(page, "admin", "/admin");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Sync" }).click();
  await expect(page).toHaveURL(/\/admin\/sync$/);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Sync", level: 1 })).toBeVisible();
  const runs = page.getByTestId("sync-run");
  await settled(page, page.getByTestId("sync-stored-days"), runs.first());

  // The demo's history: 30 days, pulled before start-up on the simulator's stepped clock.
  const stored = page.getByTestId("sync-stored-days");
  await expect(stored.getByText("Days stored")).toBeVisible();
  const daysStored = stored.locator("dd").first();
  await expect(daysStored).toHaveText(/^\d+$/);
  expect(Number(await daysStored.textContent())).toBeGreaterThanOrEqual(30);
  await expect(page.getByTestId("sync-next-pull")).toContainText(/due/i);

  const demoRuns = runs.filter({ hasText: "Demo history" });
  await expect(
    demoRuns.filter({ hasText: "Stored usage summary, guest arrivals and criminal arrivals" }).first(),
  ).toBeVisible();
  await expect(demoRuns.filter({ hasText: "live fields read again" }).first()).toBeVisible();
  // Ten a page, newest first, with how many there are in all.
  const told = main.getByText(/newest first\. Times are in UTC/);
  const totalOf = async () => {
    const words = (await told.textContent()) ?? "";
    return Number(/ of (\d+),/.exec(words)?.[1] ?? /All (\d+) pulls/.exec(words)?.[1] ?? 1);
  };
  const before = await totalOf();
  await expect(runs).toHaveCount(Math.min(10, before));
  if (before > 10) {
    await expect(told).toContainText(`Pulls 1–10 of ${before}, newest first`);
    const newest = await runs.first().textContent();
    await page.getByRole("navigation", { name: "Pulls pages" }).getByRole("link", { name: "Older" }).click();
    await expect(page.getByTestId("sync-runs-page")).toHaveText(`Page 2 of ${Math.ceil(before / 10)}`);
    await expect(told).toContainText(`Pulls 11–${Math.min(20, before)} of ${before}`);
    await expect(runs.first()).not.toHaveText(newest!);
    await page.getByRole("navigation", { name: "Pulls pages" }).getByRole("link", { name: "Newer" }).click();
    await expect(page.getByTestId("sync-runs-page")).toHaveText(/^Page 1 of/);
  }

  await page.getByRole("button", { name: "Pull now" }).click();
  await expect(main.getByText("Pulled", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(runs.first()).toContainText("Pull now");
  await expect(runs.first()).toContainText(/Stored|Nothing new/);
  await expect.poll(totalOf).toBe(before + 1);

  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
    [],
  );

  await page.goto("/admin/audit");
  await expect(page.getByRole("main")).toContainText("Pulled the reports now");
});

test("a failed pull names the correlation id to quote, copyable", async ({ page, request, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const simulator = simulatorControl(request);
  await signInAs(page, "admin", "/admin/sync");
  await simulator.queueFaults("500", "500", "500", "500", "500", "500");
  await page.getByRole("button", { name: "Pull now" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("Every report failed", { timeout: 20_000 });

  const last = (await simulator.requests()).at(-1)!;
  expect(last.status).toBe(500);
  const newest = page.getByTestId("sync-run").first();
  await expect(newest).toContainText("Failed");
  await expect(newest).toContainText(last.correlationId);
  const quote = newest.getByText("Quote to the API's support:");
  await quote.getByRole("button", { name: "Copy" }).click();
  await expect(quote.getByRole("button", { name: /Copied/ })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^[0-9a-f-]{36}$/);
});

for (const role of ["viewer", "supervisor", "regional"] as const) {
  test(`a ${role} cannot open the sync page nor see its tab`, async ({ page }) => {
    await signInAs(page, role, "/admin/sync");
    await expect(page.getByRole("main")).toContainText(NO_ACCESS);
    await expect(page.getByRole("main")).not.toContainText("Pull now");
    await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
  });
}
