import { expect, test } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";

const RIVERSIDE = "Riverside & Co. Hotel";
const HARBOUR = "Harbour View Hotel";
/** The regional manager's property names in the demo (Seaside Suites is two properties). */
const REGIONAL = [HARBOUR, "Seaside Suites", RIVERSIDE, "Hôtel Élysée Montréal", "Quiet Pines Motel"];

// The demo's one supervisor signs off Riverside and Harbour View; no other property has anyone.
test("an admin's Admin page names the properties nobody signs off, with the way to give access", async ({ page }) => {
  await signInAs(page, "admin", "/admin");
  const notice = page.getByTestId("unattended");
  await expect(notice).toContainText(/^\d+ properties have nobody to sign off their criminal arrivals/);
  const names = notice.getByTestId("unattended-names").getByRole("listitem");
  await expect(names.filter({ hasText: "Grand Hotel Zürich" })).toHaveCount(1);
  await expect(names.filter({ hasText: "Quiet Pines Motel" })).toHaveCount(1);
  for (const name of [RIVERSIDE, HARBOUR]) await expect(names.filter({ hasText: name })).toHaveCount(0);
  await notice.getByRole("link", { name: "Give a supervisor access on Users" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
});

test("a regional manager's Properties names their own properties nobody signs off, and who can change it", async ({
  page,
}) => {
  await signInAs(page, "regional", "/properties");
  const notice = page.getByTestId("unattended");
  await expect(notice).toContainText("An admin can give a supervisor access.");
  const names = await notice.getByTestId("unattended-names").getByRole("listitem").allInnerTexts();
  expect(names).toContain("Quiet Pines Motel");
  expect(names.every((name) => REGIONAL.includes(name))).toBe(true);
  expect(names).not.toContain(RIVERSIDE);
  expect(names).not.toContain(HARBOUR);
  await expect(notice.getByRole("link")).toHaveCount(0);
});
