// Failed sign-ins make an account wait, longer after each one; an admin can end the wait from the
// account's screen, after confirming, and the audit log says who did.
import { expect, test } from "@playwright/test";

import { adminCreatesAccount, openAccount, personIn } from "@/e2e/support/accounts";
import { ownLoopbackAddress, signInByPost } from "@/e2e/support/http";

test("an admin unlocks an account that failed sign-ins paused, after a clear confirmation, and it is audited", async ({
  page,
  browser,
}) => {
  const account = await adminCreatesAccount(page, "Uma");
  // Wrong passwords from an address of their own, so the suite's own address keeps its allowance.
  const guesser = ownLoopbackAddress();
  for (let n = 0; n < 5; n++) {
    const answer = await signInByPost(guesser, account.email, `wrong password ${n}`);
    expect(String(answer.headers.location)).toMatch(/error=/);
  }
  // The account now waits: even its right password, from elsewhere, is refused until the wait is over.
  const refused = await signInByPost(ownLoopbackAddress(), account.email, account.password);
  expect(String(refused.headers.location)).toMatch(/error=/);

  await openAccount(page, account.name);
  const status = page.getByTestId("sign-in-attempts");
  await expect(status).toContainText("5 failed sign-ins in a row");
  await expect(status).toContainText("Sign-in is paused until");

  // Asking first: cancelling changes nothing.
  await page.getByRole("button", { name: "Unlock sign-in…" }).click();
  const confirm = page.getByRole("group", { name: "Confirm unlocking" });
  await expect(confirm).toContainText(`Unlock sign-in for ${account.email}?`);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(status).toContainText("Sign-in is paused until");

  await page.getByRole("button", { name: "Unlock sign-in…" }).click();
  await confirm.getByRole("button", { name: "Yes, unlock sign-in" }).click();
  await expect(page.getByRole("main")).toContainText(`Sign-in unlocked for ${account.email}`);
  await expect(status).toHaveText("No failed sign-ins in a row: this account can sign in.");
  await expect(page.getByRole("button", { name: "Unlock sign-in…" })).toBeHidden();

  const person = await personIn(browser, account.email, account.password, account.own);
  await expect(person.page.getByTestId("signed-in-as")).toHaveText(account.name);
  await person.close();

  await page.goto("/admin/audit");
  await expect(
    page
      .getByRole("table")
      .getByRole("row")
      .filter({ hasText: "Unlocked an account's sign-in" })
      .filter({ hasText: account.email }),
  ).toHaveCount(1);
});
