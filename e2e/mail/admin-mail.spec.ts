// Admin → Mail in the demo: the digest of the latest stored day at the mail catcher, the test
// e-mail, and a caught message's HTML part under a policy of its own.
import { expect, test } from "@playwright/test";

import { LOGINS, signInAs } from "@/e2e/support/auth";
import { E2E_CLOCK } from "@/e2e/support/clock";
import { caughtMessage, caughtText, reloadUntilCaught, supervisorDigest } from "@/e2e/support/mail";
import { settled } from "@/e2e/support/settled";
import { simulatorControl, simulatorReport } from "@/e2e/support/simulator";
import { escapeRegExp } from "@/e2e/support/text";

const CAUGHT_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'";

interface Guest {
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
}

test.beforeEach(async ({ request }) => {
  await simulatorControl(request).reset();
});

test("the demo supervisor's digest of the latest stored day is caught, with no guest's name", async ({
  page,
  request,
}) => {
  // It goes out once at start-up, after the demo history: well within this test's patience.
  test.setTimeout(120_000);
  await signInAs(page, "admin", "/admin");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Mail" }).click();
  await expect(page).toHaveURL(/\/admin\/mail$/);
  const message = supervisorDigest(page);
  await reloadUntilCaught(page, message);

  // The latest stored day: the demo history ends on the suite's clock's yesterday.
  const latest = new Date(Date.parse(E2E_CLOCK) - 24 * 3_600_000).toISOString().slice(0, 10);
  const delivery = page
    .getByTestId("mail-delivery")
    .filter({ hasText: LOGINS.supervisor.email })
    .and(page.locator('[data-kind="digest"]'))
    .filter({ has: page.locator(`time[datetime="${latest}"]`) });
  await expect(delivery).toHaveCount(1);
  await expect(delivery).toHaveAttribute("data-status", "sent");
  await expect(page.getByTestId("mail-status")).toContainText("the demo's mail catcher");

  const text = await caughtText(message.first());
  // The suite's clock's yesterday is the latest stored day: its guests are the simulator's answer now.
  const guests = (await simulatorReport(request, "guests")).items as Guest[];
  expect(guests.length).toBeGreaterThan(0);
  const names = new Set(
    guests
      .flatMap((guest) => [guest.firstName, guest.middleName, guest.lastName])
      .filter((name) => !!name && name.length > 3),
  );
  for (const name of names)
    expect(text, `the digest names no guest (${name})`).not.toMatch(new RegExp(`\\b${escapeRegExp(name!)}\\b`));
  expect(text).toMatch(/^Good morning Sam Supervisor,/);

  // Every figure reads as on the same person's Overview of the day, the words for a figure without
  // a value ("Not recorded") or a change without a baseline ("No comparable baseline") included.
  const supervisor = await page.context().browser()!.newContext();
  try {
    const overview = await supervisor.newPage();
    await signInAs(overview, "supervisor", "/");
    const tiles = overview.locator('[data-testid^="tile-"]').filter({ has: overview.getByTestId("tile-value") });
    await settled(overview, tiles.first());
    await expect(tiles).toHaveCount(10);
    const shown = await tiles.evaluateAll((items) =>
      items.map((item) => ({
        label: item.querySelector("h3")!.textContent!.trim(),
        value: (item.querySelector('[data-testid="tile-value"]') as HTMLElement).innerText.trim(),
        change: (item.querySelector('[data-testid="tile-change"]') as HTMLElement).innerText
          .replace(/^[▲▼=–]\s*/, "")
          .trim(),
      })),
    );
    for (const { label, value, change } of shown) expect(text).toContain(`  ${label}: ${value} (${change})`);
    // The reason for a missing baseline comes once, under the figures, as the Overview gives it per block.
    const withoutBaseline = shown.some((tile) => tile.change === "No comparable baseline");
    expect(/^No comparable baseline( \([^)]+\))?: .+\.$/m.test(text), "the digest explains a missing baseline").toBe(
      withoutBaseline,
    );
  } finally {
    await supervisor.close();
  }
});

test("an admin sends a test e-mail to themself and it arrives at the catcher", async ({ page }) => {
  await signInAs(page, "admin", "/admin/mail");
  const before = await page.getByTestId("mail-delivery").and(page.locator('[data-kind="test"]')).count();
  await page.getByRole("button", { name: "Send a test e-mail to me" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Test e-mail sent" })).toContainText(LOGINS.admin.email);

  const message = caughtMessage(page, LOGINS.admin.email, "Daybook: a test e-mail");
  await reloadUntilCaught(page, message, 20_000);
  const tests = page.getByTestId("mail-delivery").and(page.locator('[data-kind="test"]'));
  await expect(tests).toHaveCount(before + 1);
  await expect(tests.first()).toHaveAttribute("data-status", "sent");
  await expect(tests.first()).toContainText("sent");
  await expect(tests.first()).toContainText(/^.*250/);
  expect(await caughtText(message.first())).toContain("This is the test e-mail you asked for");

  // The HTML part, on a page of its own under a policy that lets nothing in it run or load.
  const link = message.first().getByRole("link", { name: /Open the HTML part/ });
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/api\/admin\/mail\/caught\/[0-9a-f-]{36}$/);
  const answer = await page.request.get(href!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toMatch(/^text\/html/);
  expect(answer.headers()["content-security-policy"]).toBe(CAUGHT_POLICY);
  expect(await answer.text()).toContain("This is the test e-mail you asked for");
  const missing = await page.request.get("/api/admin/mail/caught/00000000-0000-4000-8000-000000000000");
  expect(missing.status()).toBe(404);
});

test("the caught HTML is for admins only", async ({ page, request }) => {
  const signedOut = await request.get("/api/admin/mail/caught/00000000-0000-4000-8000-000000000000");
  expect(signedOut.status()).toBe(401);
  await signInAs(page, "viewer", "/");
  const viewer = await page.request.get("/api/admin/mail/caught/00000000-0000-4000-8000-000000000000");
  expect(viewer.status()).toBe(403);
  await page.goto("/admin/mail");
  await expect(page.getByText("Your role does not include this screen")).toBeVisible();
});
