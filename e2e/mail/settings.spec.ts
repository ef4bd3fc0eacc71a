// My settings: the digest and the alert e-mails, the hour and the zone, per person.
import { expect, test } from "@playwright/test";

import { adminCreatesAccount, personIn } from "@/e2e/support/accounts";
import { signInAs } from "@/e2e/support/auth";
import { settled } from "@/e2e/support/settled";

const digest = (page: import("@playwright/test").Page) => page.getByRole("checkbox", { name: /daily digest/i });
const alert = (page: import("@playwright/test").Page) =>
  page.getByRole("checkbox", { name: "Criminal arrivals not acknowledged at the desk" });

test("a supervisor's digest and alert start on; changed choices are kept and audited", async ({ page, browser }) => {
  // A supervisor of this test's own: the demo supervisor's settings are other tests' too.
  const account = await adminCreatesAccount(page, "Mailer");
  const person = await personIn(browser, account.email, account.password, account.own);
  try {
    const own = person.page;
    await own.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Settings" }).click();
    await expect(own).toHaveURL(/\/settings$/);
    await expect(own.getByRole("heading", { name: "My settings", level: 1 })).toBeVisible();
    await expect(digest(own)).toBeChecked();
    await expect(alert(own)).toBeChecked();
    const hour = own.getByLabel("Send no earlier than");
    const zone = own.getByLabel("Time zone");
    await expect(hour).toHaveValue("7");
    await expect(zone).toHaveValue("");
    // The first option names the zone of the person's first property (Harbour View Hotel's).
    await expect(zone.locator("option").first()).toHaveText(/^Property zone \(\S+\/\S+\)$/);
    // The demo sends at once; the page says so rather than promising the hour.
    await expect(own.getByTestId("mail-timing")).toContainText("as soon as the day is stored");

    await digest(own).uncheck();
    // Hours read on the person's clock: a US English browser's 12-hour one.
    await hour.selectOption({ label: "6 AM" });
    await zone.selectOption("Europe/Lisbon");
    await own.getByRole("button", { name: "Save mail settings" }).click();
    await expect(own.getByRole("status").filter({ hasText: "Mail settings saved" })).toContainText(
      "no daily digest, 1 kind of alert e-mail",
    );

    await own.reload();
    await settled(own, own.getByRole("heading", { name: "My settings", level: 1 }));
    await expect(digest(own)).not.toBeChecked();
    await expect(alert(own)).toBeChecked();
    await expect(hour).toHaveValue("6");
    await expect(zone).toHaveValue("Europe/Lisbon");
  } finally {
    await person.close();
  }

  // The admin's page is still open: the audit log names the change, by the person who made it.
  await page.goto(`/admin/audit?actor=${encodeURIComponent(account.email)}`);
  await expect(page.getByText("Changed their mail settings").filter({ visible: true }).first()).toBeVisible();
});

test("a property manager's digest and alert start off", async ({ page }) => {
  await signInAs(page, "viewer", "/settings");
  await expect(page.getByRole("heading", { name: "My settings", level: 1 })).toBeVisible();
  await expect(digest(page)).not.toBeChecked();
  await expect(alert(page)).not.toBeChecked();
  await expect(page.getByLabel("Send no earlier than")).toHaveValue("7");
});
