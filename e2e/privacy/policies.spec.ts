import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { parse } from "csv-parse/sync";

import { signInAs } from "@/e2e/support/auth";
import { expectAccessible } from "@/e2e/support/axe";
import { settled } from "@/e2e/support/settled";
import { simulatorControl, simulatorReport } from "@/e2e/support/simulator";

/** The demo's European property, under the demo's strict "EU" policy from its first pull on. */
const EU_PROPERTY = "O'Brien's Lodge";
const OTHER_PROPERTY = "Grand Hotel Zürich";
const NO_ACCESS = "Your role does not include this screen";

test.beforeEach(async ({ request }) => {
  await simulatorControl(request).reset();
});

test("Admin → Privacy lists the demo's policies and their properties, and is accessible", async ({ page }) => {
  await signInAs(page, "admin", "/admin/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy" })).toBeVisible();
  const eu = page.getByTestId("privacy-policy").filter({ has: page.getByRole("heading", { name: "EU", exact: true }) });
  await expect(eu).toContainText("30 days");
  await expect(eu).toContainText(
    "Date of birth, Address (street, city, state, ZIP), E-mail, Phone, Offense descriptions",
  );
  await expect(eu.getByTestId("policy-properties")).toHaveText(EU_PROPERTY);
  const fallback = page
    .getByTestId("privacy-policy")
    .filter({ has: page.getByRole("heading", { name: "Default", exact: true }) });
  await expect(fallback).toContainText("(DAYBOOK_RETENTION_DAYS)");
  await expect(page.getByTestId("policy-assignment").filter({ hasText: EU_PROPERTY })).toContainText("EU");
  await expect(
    page.getByRole("region", { name: "Purge log entries" }).or(page.getByText("Nothing removed yet")),
  ).toBeVisible();
  await settled(page);
  await expectAccessible(page, "Admin → Privacy");
});

test("an admin creates and edits a policy, assigns a property to it and back, each change audited", async ({
  page,
}) => {
  // A name of this attempt's own: a retry finds the first attempt's policy in place.
  const name = `Spain ${test.info().retry + 1}`;
  await signInAs(page, "admin", "/admin/privacy");
  const create = page.getByRole("form", { name: "New policy" });
  await create.getByLabel("Name").fill(name);
  await create.getByLabel("Days kept").fill("99999");
  await create.getByRole("button", { name: "Create policy" }).click();
  // Refused with the reason, the field marked.
  await expect(create.getByLabel("Days kept")).toHaveAttribute("aria-invalid", "true");
  await expect(create).toContainText("A whole number of days from 1 to 3650.");
  await create.getByLabel("Days kept").fill("1095");
  await create.getByRole("button", { name: "Create policy" }).click();
  await expect(create).toContainText(`Created "${name}"`);

  const policy = page.getByTestId("privacy-policy").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(policy).toContainText("1095 days");
  await policy.getByText(`Edit ${name}`).click();
  await policy.getByRole("checkbox", { name: "Legal hold" }).check();
  await policy.getByLabel("Legal hold reason").fill("Spanish guest register: kept three years");
  await policy.getByRole("button", { name: "Save policy" }).click();
  await expect(policy).toContainText("Spanish guest register: kept three years");

  const row = page.getByTestId("policy-assignment").filter({ hasText: OTHER_PROPERTY });
  await row.getByLabel(`Policy of ${OTHER_PROPERTY}`).selectOption({ label: name });
  await row.getByRole("button", { name: `Assign the chosen policy to ${OTHER_PROPERTY}` }).click();
  await expect(row.getByRole("cell").first()).toHaveText(name);
  await expect(policy.getByTestId("policy-properties")).toHaveText(OTHER_PROPERTY);
  // Back to the default, so the property keeps following it for the rest of the suite.
  await row.getByLabel(`Policy of ${OTHER_PROPERTY}`).selectOption({ label: "Default (default)" });
  await row.getByRole("button", { name: `Assign the chosen policy to ${OTHER_PROPERTY}` }).click();
  await expect(row.getByRole("cell").first()).toHaveText("Default (default)");

  await page.goto("/admin/audit");
  const main = page.getByRole("main");
  await expect(main.getByText("Created a privacy policy").filter({ visible: true }).first()).toBeVisible();
  await expect(main.getByText("Changed a privacy policy").filter({ visible: true }).first()).toBeVisible();
  await expect(main.getByText("Assigned a property's privacy policy").filter({ visible: true }).first()).toBeVisible();
  await expect(main).toContainText("legalHoldAfter: Spanish guest register: kept three years");
  await expect(main).toContainText(`policyBefore: ${name}`);
});

test("the EU property's guests show no date of birth, on screen or in the downloaded file", async ({
  page,
  request,
}) => {
  const served = (await simulatorReport(request, "guests", EU_PROPERTY)).items as { dateOfBirth: string }[];
  expect(served.length).toBeGreaterThan(0);
  await signInAs(page, "admin", `/guests?property=${encodeURIComponent(EU_PROPERTY)}`);
  const rows = page.getByTestId("guest-row");
  await settled(page, rows.first());
  await expect(rows.first().locator('[data-column="dateOfBirth"]')).toHaveText("Not kept under EU");

  const started = page.waitForEvent("download");
  await page
    .getByRole("button", { name: "Download CSV of the guests table" })
    .or(page.getByRole("link", { name: "Download CSV of the guests table" }))
    .click();
  const text = await readFile((await (await started).path())!, "utf8");
  const [headers, ...lines] = parse(text, { bom: true }) as string[][];
  const column = headers!.indexOf("Date of birth");
  expect(column).toBeGreaterThanOrEqual(0);
  expect(lines.length).toBeGreaterThan(0);
  expect(new Set(lines.map((line) => line[column]))).toEqual(new Set(["Not kept under EU"]));
  const births = served.map((guest) => guest.dateOfBirth.slice(0, 10));
  expect(births.filter((birth) => text.includes(birth))).toEqual([]);
});

test("only an admin opens Admin → Privacy or downloads the purge log", async ({ page }) => {
  await signInAs(page, "supervisor", "/admin/privacy");
  await expect(page.getByRole("main")).toContainText(NO_ACCESS);
  await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
  expect((await page.request.get("/api/export/purge-log")).status()).toBe(403);
});
