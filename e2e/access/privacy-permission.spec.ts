import { expect, test } from "@playwright/test";

import { adminCreatesAccount, openAccount } from "@/e2e/support/accounts";
import { expectAccessible, recordPolicyViolations } from "@/e2e/support/axe";
import { settled } from "@/e2e/support/settled";

const PERMISSION = /Answers guests' privacy requests/;

test("an admin grants the privacy permission with a checkbox, and the audit log records the change", async ({
  page,
}) => {
  await recordPolicyViolations(page);
  const account = await adminCreatesAccount(page, "Priya");
  await openAccount(page, account.name);
  const permission = page.getByRole("checkbox", { name: PERMISSION });
  await expect(permission).not.toBeChecked();
  await expectAccessible(page, "an account's page");

  await permission.check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("main")).toContainText("The change applies from this person's next page.");
  await page.reload();
  await expect(page.getByRole("checkbox", { name: PERMISSION })).toBeChecked();

  await page.goto("/admin/audit");
  const audit = page.getByRole("main");
  await settled(page, audit);
  const change = audit
    .getByRole("row")
    .filter({ hasText: "Changed an account" })
    .filter({ hasText: account.email })
    .first();
  await expect(change).toContainText("privacy");
});
