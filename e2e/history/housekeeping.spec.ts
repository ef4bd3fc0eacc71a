import { expect, test } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";

test("housekeeping runs on its own timer although the daily pull is off, and Admin → Sync says what it did", async ({
  page,
}) => {
  // The e2e server runs with DAYBOOK_SYNC=off (playwright.config.ts): no scheduler pulls.
  await signInAs(page, "admin", "/admin/sync");
  const card = page.getByTestId("housekeeping");
  // The first run starts just after start-up; the page shows it once it has finished.
  await expect(async () => {
    await page.reload();
    expect(await card.textContent()).toContain("Last ran");
  }).toPass();
  // The default policy keeps DAYBOOK_RETENTION_DAYS (3650 in the e2e configuration): nothing of it
  // is due. The demo's EU policy keeps 30 days, so its property's oldest stored days are removed
  // (how many depends on the date the suite runs).
  await expect(card).toContainText(
    /Removed the guest data of \d+ days? \(\d+ property days?\) under EU \(kept 30 days\)\./,
  );
  await expect(card).not.toContainText("under Default");
  await expect(card).toContainText("(kept 365 days)");
});
