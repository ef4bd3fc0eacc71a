import { expect, test } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { expectFaultToQuote, simulatorFailingTwice } from "@/e2e/support/faults";
import { mainNav } from "@/e2e/support/nav";
import { E2E_SIMULATOR_PORT } from "@/e2e/support/ports";
import { settled } from "@/e2e/support/settled";
import { DEMO_KEY, simulatorControl } from "@/e2e/support/simulator";
import { usageWithHeldGuests } from "@/e2e/support/usage";

test.beforeEach(async ({ page, request }) => {
  await simulatorControl(request).reset();
  await signInAs(page, "admin", "/status");
});

test("shows demo mode, the API host, the reported day and every property the key reaches", async ({ page }) => {
  const { usage, labels } = await usageWithHeldGuests<{
    reportedDateLocal: string;
    byProperty: { propertyName: string; scans: number }[];
  }>(page);
  await page.goto("/status");
  await settled(page, page.getByTestId("properties"));

  await expect(page.getByRole("heading", { level: 1, name: "Status" })).toBeVisible();
  await expect(page.getByTestId("mode")).toContainText("Demo");
  await expect(page.getByTestId("api-host")).toHaveText(`127.0.0.1:${E2E_SIMULATOR_PORT}`);
  await expect(page.getByTestId("reported-day")).toHaveAttribute("datetime", usage.reportedDateLocal);

  const list = page.getByTestId("properties");
  await expect(list.getByRole("listitem")).toHaveCount(labels.length);
  for (const label of labels) await expect(list.getByText(label, { exact: true })).toHaveCount(1);
  await expect(list.getByText(/^Seaside Suites \((Los Angeles|New York) time\)$/)).toHaveCount(2);
  await expect(list.getByRole("listitem").filter({ hasText: "Quiet Pines Motel" })).toContainText("no arrivals");
});

test("shows the error code and the correlation id to quote when the API keeps failing", async ({ page, request }) => {
  const simulator = await simulatorFailingTwice(request);
  await page.goto("/status");

  await expectFaultToQuote(page.getByRole("main"), simulator);
});

test("reads a gateway's HTML 401 as a rejected key", async ({ page, request }) => {
  await simulatorControl(request).reset();
  await simulatorControl(request).onADayNotHeld();
  await simulatorControl(request).queueFaults("html401");
  await page.goto("/status");
  await expect(page.getByRole("main").getByRole("alert")).toContainText("The Partner API rejected Daybook's key");
  await expect(page.getByTestId("error-code")).toHaveText("invalid_api_key");
});

test("offers every section in the navigation and marks the current one", async ({ page }) => {
  await page.goto("/status");
  const nav = await mainNav(page);
  for (const label of ["Overview", "Guests", "Criminal arrivals", "Properties", "Admin", "Status"]) {
    await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  // The admin's Review link names the lists waiting too ("Review, 201 lists waiting").
  await expect(nav.getByRole("link", { name: /^Review, \d+ lists? waiting$/ })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Status" })).toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Guests" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Guests" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Guests" })).toHaveAttribute("aria-current", "page");
});

test("never sends the API key to the browser", async ({ page }) => {
  const bodies: Promise<string>[] = [];
  page.on("response", (response) => bodies.push(response.text().catch(() => "")));
  await page.goto("/status");
  await expect(page.getByTestId("properties")).toBeVisible();
  // A client-side navigation fetches the React Server Components payload too.
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Overview" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await (await mainNav(page)).getByRole("link", { name: "Status" }).click();
  await settled(page, page.getByTestId("properties"));

  const seen = await Promise.all(bodies);
  expect(seen.length).toBeGreaterThan(3);
  for (const body of seen) expect(body).not.toContain(DEMO_KEY);
  expect(await page.content()).not.toContain(DEMO_KEY);
});
