import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";

import { adminCreates, adminCreatesAccount, chooseOwnPassword, openAccount } from "@/e2e/support/accounts";
import { LOGINS, signInAs } from "@/e2e/support/auth";
import { chooseLocale, FRENCH, inFrenchFor } from "@/e2e/support/locale";
import { caughtMessage, caughtText, reloadUntilCaught } from "@/e2e/support/mail";
import { settled } from "@/e2e/support/settled";
import { escapeRegExp } from "@/e2e/support/text";
import { pdfText } from "@/tests/support/pdf-text";

const RIVERSIDE = "Riverside & Co. Hotel";

test.describe("a browser that asks for French", () => {
  test.use({ locale: "fr-CA" });

  test("is answered in French signed out, and a new person's first sign-in keeps its language and habits", async ({
    page,
    browser,
  }) => {
    await page.goto("/sign-in");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { name: "Connexion" })).toBeVisible();
    await expect(page).toHaveTitle(/^Connexion · Daybook$/);

    // An account an admin made (in English, in an English browser), first signed in from this one.
    const english = await browser.newContext({ locale: "en-US" });
    const account = await adminCreatesAccount(await english.newPage(), "Margaux");
    await english.close();
    await page.getByLabel("Adresse courriel").fill(account.email);
    await page.getByLabel("Mot de passe").fill(account.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByRole("heading", { name: "Choisissez votre propre mot de passe" })).toBeVisible();
    await page.getByLabel("Mot de passe actuel").fill(account.password);
    await page.getByLabel("Nouveau mot de passe", { exact: true }).fill(account.own);
    await page.getByLabel("Nouveau mot de passe (confirmation)").fill(account.own);
    await page.getByRole("button", { name: "Changer le mot de passe" }).click();
    await expect(page.getByTestId("signed-in-as")).toHaveText(account.name);
    await expect(page.getByRole("navigation", { name: "Principal" }).first()).toBeAttached();

    // The browser's language and its region's habits are now the person's own, on Settings.
    await page.goto("/settings");
    await expect(page.getByRole("heading", { name: "Mes réglages", level: 1 })).toBeVisible();
    const form = page.getByTestId("locale-form");
    await expect(form.locator("#locale-language")).toHaveValue("fr");
    await expect(form.locator("#locale-region")).toHaveValue("fr-CA");
    await expect(form.locator("#locale-clock-h23")).toBeChecked();
    await expect(form.locator("#locale-week-start")).toHaveValue("7");

    // Kept with the account: the same person in an English browser still reads French.
    const elsewhere = await browser.newContext({ locale: "en-US" });
    try {
      const second = await elsewhere.newPage();
      await second.goto("/sign-in");
      await expect(second.getByRole("heading", { name: "Sign in" })).toBeVisible();
      await second.getByLabel("E-mail").fill(account.email);
      await second.getByLabel("Password").fill(account.own);
      await second.getByRole("button", { name: "Sign in" }).click();
      await expect(second.getByTestId("signed-in-as")).toHaveText(account.name);
      await expect(second.locator("html")).toHaveAttribute("lang", "fr");
    } finally {
      await elsewhere.close();
    }
  });
});

test.describe("a supervisor who reads French", () => {
  inFrenchFor("supervisor");

  test("switches language without losing their session, and reads 24-hour times and Monday weeks", async ({ page }) => {
    await signInAs(page, "supervisor", "/settings");
    await chooseLocale(page, FRENCH);
    await expect(page.getByRole("heading", { name: "Mes réglages", level: 1 })).toBeVisible();
    // Still signed in, as the same person: the language is a preference, not a new session.
    await expect(page.getByTestId("signed-in-as")).toHaveText(LOGINS.supervisor.name);
    await page.reload();
    await expect(page.getByTestId("signed-in-as")).toHaveText(LOGINS.supervisor.name);

    // Weeks from Monday, in French, on the staff flags by weekday.
    await page.goto("/investigations/staff-flags");
    const weekdays = page.getByTestId("staff-flags-weekday-row").getByRole("rowheader");
    await expect(weekdays).toHaveCount(7);
    await expect(weekdays.first()).toHaveText(/^lundi$/i);
    await expect(weekdays.last()).toHaveText(/^dimanche$/i);

    // Hours on a 24-hour clock: the alert response's last hour of the day, and no AM or PM anywhere.
    await page.goto("/investigations/response");
    const hours = page.getByTestId("response-hours-row");
    await expect(hours).toHaveCount(24);
    await expect(hours.last().locator("th, td").first()).toContainText("23");
    await settled(page);
    await expect(page.getByRole("main")).not.toContainText(/\b(AM|PM|a\.m\.|p\.m\.)\b/);
  });

  test("downloads a sign-off record PDF written in French", async ({ page }) => {
    await signInAs(page, "supervisor", "/settings");
    await chooseLocale(page, FRENCH);
    await page.goto(`/review?${new URLSearchParams({ property: RIVERSIDE })}`);
    const rows = page.getByTestId("queue-row");
    await settled(page, rows.first());
    const href = (await rows.first().getByRole("link").first().getAttribute("href"))!;
    const day = new URL(href, "http://x").searchParams.get("day")!;
    await page.goto(`/review/record?${new URLSearchParams({ property: RIVERSIDE, day })}`);
    const link = page.getByTestId("record-pdf");
    await expect(link).toBeVisible();
    const downloading = page.waitForEvent("download");
    await link.click();
    const bytes = await readFile((await (await downloading).path())!);
    const { text, title } = await pdfText(new Uint8Array(bytes));
    expect(title).toContain("Registre de validation des arrivées à antécédents");
    expect(text).toMatch(/Validé par|Non validé/);
    expect(text).toMatch(/Fichier créé par Sam Supervisor le/);
    expect(text).not.toMatch(/\b(Signed off|Reviewed by|File made by|AM|PM)\b/);
  });
});

test("a French-speaking supervisor's daily digest is written in French, with French number formats", async ({
  page,
  browser,
}) => {
  // The digest goes out at the mail scheduler's next run (every 10 s in the demo).
  test.setTimeout(120_000);
  // Made a property manager, whose digest starts off, so that nothing is sent before the person has
  // chosen French; then a supervisor, whose digest starts on.
  const tag = randomBytes(3).toString("hex");
  const account = await adminCreates(page, {
    name: `Camille ${tag}`,
    email: `camille-${tag}@example.com`,
    password: "camille-long-password",
    own: "camille-own-password",
    role: "Property manager",
    property: "Harbour View Hotel",
  });
  const person = await browser.newContext({ locale: "en-US" });
  try {
    const own = await person.newPage();
    await own.goto("/settings");
    await own.getByLabel("E-mail").fill(account.email);
    await own.getByLabel("Password").fill(account.password);
    await own.getByRole("button", { name: "Sign in" }).click();
    await chooseOwnPassword(own, account.password, account.own);
    await expect(own.getByTestId("signed-in-as")).toHaveText(account.name);
    await chooseLocale(own, FRENCH);
  } finally {
    await person.close();
  }
  await openAccount(page, account.name);
  await page.getByRole("radio", { name: /Supervisor/ }).check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("main")).toContainText("A new role signs this person out");

  const message = caughtMessage(page, account.email, /^Daybook : .+ à Harbour View Hotel$/);
  await reloadUntilCaught(page, message, 60_000);
  // Nothing in English went out to the person.
  await expect(caughtMessage(page, account.email, /^Daybook: /)).toHaveCount(0);
  const text = await caughtText(message.first());
  expect(text).toMatch(new RegExp(`^Bonjour ${escapeRegExp(account.name)},`));
  expect(text).toContain("Voici la journée du");
  // A supervisor's digest: the lists waiting for their sign-off.
  expect(text).toMatch(/^Listes en attente de votre validation : \d+/m);
  // French labels and French numbers: a comma before decimals, a space before the percent sign.
  expect(text).toMatch(/^ +Arrivées : \d/m);
  expect(text).toMatch(/^ +Alertes pour 100 numérisations : \d+,\d/m);
  expect(text).not.toMatch(/\d\.\d/);
  expect(text).not.toMatch(/\d%/);
  // None of the English digest's words.
  expect(text).not.toMatch(
    /\b(Good morning|Here is|Arrivals|Scans|Alerts per 100|Warnings per 100|Not recorded|No comparable baseline|Lists waiting|did not complete|failed)\b/,
  );
});
