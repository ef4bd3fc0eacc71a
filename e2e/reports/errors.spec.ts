import { expect, test } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { simulatorControl } from "@/e2e/support/simulator";

/** Each upstream failure, as the person who meets it is told about it. Sign-in lands on /review, which asks the API nothing. */

test.beforeEach(async ({ request }) => {
  await simulatorControl(request).reset();
});

test("a rejected key sends an admin to the API key screen", async ({ page, request }) => {
  await signInAs(page, "admin", "/review");
  await simulatorControl(request).queueFaults("invalid_api_key");
  await page.goto("/");
  const main = page.getByRole("main");
  await expect(main.getByRole("alert")).toContainText("The Partner API rejected Daybook's key");
  await expect(main.getByRole("link", { name: "Admin → API key" })).toHaveAttribute("href", "/admin/api-key");
  expect(await simulatorControl(request).requests()).toHaveLength(1);
});

test("a rejected key tells anyone else to ask their admin", async ({ page, request }) => {
  await signInAs(page, "viewer", "/review");
  await simulatorControl(request).queueFaults("invalid_api_key");
  await page.goto("/guests");
  const main = page.getByRole("main");
  await expect(main.getByRole("alert")).toContainText("The Partner API rejected Daybook's key");
  await expect(main).toContainText("Ask your Daybook admin to check the API key.");
  await expect(main.getByRole("link", { name: "Admin → API key" })).toHaveCount(0);
});

test("an API that stays busy is explained after Daybook's retries", async ({ page, request }) => {
  await signInAs(page, "admin", "/review");
  await simulatorControl(request).queueFaults(...Array.from({ length: 5 }, () => "429"));
  await page.goto("/criminal-arrivals");
  const main = page.getByRole("main");
  await expect(main.getByRole("alert")).toContainText("The Partner API is busy", { timeout: 20_000 });
  await expect(main).toContainText("Daybook waited and retried");
  expect((await simulatorControl(request).requests()).map((r) => r.status)).toEqual([429, 429, 429, 429, 429]);
});

test("a report that breaks the contract is refused in words, with the correlation id", async ({ page, request }) => {
  await signInAs(page, "admin", "/review");
  await simulatorControl(request).queueFaults("invalid");
  await page.goto("/guests");
  const main = page.getByRole("main");
  await expect(main.getByRole("alert")).toContainText("The Partner API sent a report that breaks its contract");
  await expect(main.getByTestId("error-code")).toHaveText("contract_violation");
  const [request0] = await simulatorControl(request).requests();
  await expect(main.getByTestId("correlation-id")).toHaveText(request0!.correlationId);
});
