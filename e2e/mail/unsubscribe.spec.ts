// The unsubscribe link at the end of every e-mail: signed, single-purpose, one click, signed out;
// and the RFC 8058 one-click POST a mail client makes. The link is the demo supervisor's, from the
// digest caught at start-up; the supervisor's digest is turned back on afterwards.
import { expect, test, type Browser } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { expectAccessible, recordPolicyViolations } from "@/e2e/support/axe";
import { caughtText, reloadUntilCaught, supervisorDigest, tampered, unsubscribeLinkOf } from "@/e2e/support/mail";

const digestBox = (page: import("@playwright/test").Page) => page.getByRole("checkbox", { name: /daily digest/i });
const alertBox = (page: import("@playwright/test").Page) =>
  page.getByRole("checkbox", { name: "Criminal arrivals not acknowledged at the desk" });

/** The demo supervisor's My settings, in a context of its own: what it shows, then `change` saved. */
async function supervisorSettings(browser: Browser, change?: "digest on") {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, "supervisor", "/settings");
  await expect(page.getByRole("heading", { name: "My settings", level: 1 })).toBeVisible();
  if (change === "digest on" && !(await digestBox(page).isChecked())) {
    await digestBox(page).check();
    await page.getByRole("button", { name: "Save mail settings" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Mail settings saved" })).toBeVisible();
  }
  return { page, close: () => context.close() };
}

test.describe.serial("unsubscribe", () => {
  let link: URL;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await browser.newPage();
    await signInAs(page, "admin", "/admin/mail");
    const digest = supervisorDigest(page);
    await reloadUntilCaught(page, digest);
    link = unsubscribeLinkOf(await caughtText(digest.first()));
    expect(link.pathname).toBe("/unsubscribe");
    await page.context().close();
  });

  test.afterAll(async ({ browser }) => {
    const restored = await supervisorSettings(browser, "digest on");
    await restored.close();
  });

  test("the digest's link stops the digest signed out, and only the digest", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await recordPolicyViolations(page);
    // The page is at this server's address; the link's own host is the configured public one.
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole("heading", { name: "Stop the daily digest?", level: 1 })).toBeVisible();
    await expectAccessible(page, "/unsubscribe");
    await page.getByRole("button", { name: "Stop the daily digest" }).click();
    await expect(page.getByText("Stopped the daily digest")).toBeVisible();
    await expect(page.getByRole("link", { name: "My settings" })).toHaveAttribute("href", "/settings");

    // Opened again: it says so, and offers nothing more to stop.
    await page.reload();
    await expect(page.getByText("Already stopped: the daily digest")).toBeVisible();
    await expect(page.getByRole("button", { name: "Stop the daily digest" })).toHaveCount(0);
    await context.close();

    // The supervisor's settings: the digest off, the alert (another link's purpose) still on.
    const settings = await supervisorSettings(browser);
    await expect(digestBox(settings.page)).not.toBeChecked();
    await expect(alertBox(settings.page)).toBeChecked();
    await settings.close();
  });

  test("a link changed by one character is refused, and cannot be turned into the alert's", async ({ page }) => {
    const token = link.searchParams.get("token")!;
    await page.goto(`/unsubscribe?token=${encodeURIComponent(tampered(token))}`);
    await expect(page.getByRole("heading", { name: "This link is not valid", level: 1 })).toBeVisible();
    await expect(page.getByRole("button")).toHaveCount(0);
    // The same signature over another purpose: not the alert's link.
    await page.goto(`/unsubscribe?token=${encodeURIComponent(token.replace(".digest.", ".alert."))}`);
    await expect(page.getByRole("heading", { name: "This link is not valid", level: 1 })).toBeVisible();
    await page.goto("/unsubscribe");
    await expect(page.getByRole("heading", { name: "This link is not valid", level: 1 })).toBeVisible();
  });

  test("a mail client's one-click POST stops it without a session; a changed token is a 400", async ({
    browser,
    request,
  }) => {
    await supervisorSettings(browser, "digest on").then((settings) => settings.close());
    const token = link.searchParams.get("token")!;
    const oneClick = (value: string) =>
      request.post(`/api/mail/unsubscribe?token=${encodeURIComponent(value)}`, {
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example.net" },
        data: "List-Unsubscribe=One-Click",
      });
    const refused = await oneClick(tampered(token));
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toEqual({ error: { code: "invalid_link", message: expect.any(String) } });

    const answer = await oneClick(token);
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({ ok: true, kind: "digest" });
    const settings = await supervisorSettings(browser);
    await expect(digestBox(settings.page)).not.toBeChecked();
    await expect(alertBox(settings.page)).toBeChecked();
    await settings.close();
  });
});
