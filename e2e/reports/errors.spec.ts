import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { signInAs, type DemoRole } from "@/e2e/support/auth";
import { serverLogs } from "@/e2e/support/server-logs";
import { DEMO_KEY, simulatorControl } from "@/e2e/support/simulator";

/** Each upstream failure, as the person who meets it is told about it. Sign-in lands on /review, which asks the API nothing. */

/**
 * Signs `role` in, has the API answer the next requests with `faults` on a day Daybook holds nothing
 * of (so the screen asks the API), opens `path`: its main region.
 */
async function meetFaults(page: Page, request: APIRequestContext, role: DemoRole, faults: string[], path: string) {
  await signInAs(page, role, "/review");
  await simulatorControl(request).onADayNotHeld();
  await simulatorControl(request).queueFaults(...faults);
  await page.goto(path);
  return page.getByRole("main");
}

test.beforeEach(async ({ request }) => {
  await simulatorControl(request).reset();
});

test("a rejected key sends an admin to the API key screen", async ({ page, request }) => {
  const main = await meetFaults(page, request, "admin", ["invalid_api_key"], "/");
  await expect(main.getByRole("alert")).toContainText("The Partner API rejected Daybook's key");
  await expect(main.getByRole("link", { name: "Admin → API key" })).toHaveAttribute("href", "/admin/api-key");
  expect(await simulatorControl(request).requests()).toHaveLength(1);
});

test("a rejected key tells anyone else to ask their admin", async ({ page, request }) => {
  const main = await meetFaults(page, request, "viewer", ["invalid_api_key"], "/guests");
  await expect(main.getByRole("alert")).toContainText("The Partner API rejected Daybook's key");
  await expect(main).toContainText("Ask your Daybook admin to check the API key.");
  await expect(main.getByRole("link", { name: "Admin → API key" })).toHaveCount(0);
});

test("an API that stays busy is explained after Daybook's retries", async ({ page, request }) => {
  const main = await meetFaults(
    page,
    request,
    "admin",
    Array.from({ length: 5 }, () => "429"),
    "/criminal-arrivals",
  );
  await expect(main.getByRole("alert")).toContainText("The Partner API is busy", { timeout: 20_000 });
  await expect(main).toContainText("Daybook waited and retried");
  expect((await simulatorControl(request).requests()).map((r) => r.status)).toEqual([429, 429, 429, 429, 429]);
});

test("a report that breaks the contract is refused in words, with the correlation id", async ({ page, request }) => {
  const main = await meetFaults(page, request, "admin", ["invalid"], "/guests");
  await expect(main.getByRole("alert")).toContainText("The Partner API sent a report that breaks its contract");
  await expect(main.getByTestId("error-code")).toHaveText("contract_violation");
  const [request0] = await simulatorControl(request).requests();
  await expect(main.getByTestId("correlation-id")).toHaveText(request0!.correlationId);
});

test("a gateway that echoes the key in its error: no page, answer or log line holds it", async ({ page, request }) => {
  const main = await meetFaults(page, request, "viewer", ["echo_key", "echo_key"], "/guests");
  await expect(main.getByRole("alert")).toContainText("The Partner API had a fault");
  await expect(main).toContainText("The Partner API failed while answering.");
  await expect(main.getByTestId("error-code")).toHaveText("internal_error");
  expect(await page.content()).not.toContain(DEMO_KEY);

  // The route the screen reads answers in Daybook's words too.
  await simulatorControl(request).queueFaults("echo_key", "echo_key");
  const answer = await page.request.get("/api/reports/guests");
  expect(answer.status()).toBe(502);
  const body = await answer.text();
  expect(body).toContain("internal_error");
  expect(body).not.toContain(DEMO_KEY);
  // The server kept the API's words for its log, the key taken out. (The demo's own banner names
  // its simulator's published demo key; every other line is the server's and the simulator's.)
  await expect.poll(() => serverLogs()).toContain('"X-API-Key":"[redacted]"');
  const lines = serverLogs()
    .split("\n")
    .filter((line) => !line.startsWith("Partner API simulator: "));
  expect(lines.filter((line) => line.includes(DEMO_KEY))).toEqual([]);
});
