import { expect, type Locator, type Page } from "@playwright/test";

import { LOGINS } from "./auth";
import { E2E_CLOCK } from "./clock";
import { escapeRegExp } from "./text";

/** One message on Admin → Mail's "Caught by the demo's mail catcher" list, by recipient and subject. */
export function caughtMessage(page: Page, to: string, subject: RegExp | string): Locator {
  return page
    .getByTestId("caught-mail")
    .filter({ has: page.getByTestId("caught-to").getByText(to, { exact: true }) })
    .filter({ has: page.getByTestId("caught-subject").getByText(subject, { exact: true }) });
}

/**
 * Admin → Mail (the page is signed in as an admin) until `message` is listed: the catcher stores what
 * arrives while the page is open, so the page is read again until it shows it.
 */
export async function reloadUntilCaught(page: Page, message: Locator, timeout = 90_000): Promise<void> {
  await expect(async () => {
    await page.goto("/admin/mail");
    await expect(page.getByRole("heading", { name: "Mail", level: 1 })).toBeVisible();
    await expect(message.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout, intervals: [1_000, 2_000, 3_000] });
}

/** The text part of a caught message, opened from its <details>. */
export async function caughtText(message: Locator): Promise<string> {
  await message.getByText("The text part").click();
  const text = message.getByTestId("caught-text");
  await expect(text).toBeVisible();
  await expect(text).not.toBeEmpty();
  return text.innerText();
}

/**
 * The demo supervisor's digest of the latest stored day (the suite's clock's yesterday) on Admin →
 * Mail, by its subject: a test that moves the simulator's clock may have had another day's digest
 * sent meanwhile.
 */
export function supervisorDigest(page: Page): Locator {
  const latest = new Date(Date.parse(E2E_CLOCK) - 24 * 3_600_000).toISOString().slice(0, 10);
  // The day as the demo supervisor's digest (US English) writes it: "Sunday, November 22, 2026".
  const day = new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeZone: "UTC" }).format(
    new Date(`${latest}T00:00:00Z`),
  );
  const subject = new RegExp(`^Daybook: ${escapeRegExp(day)} at .+$`);
  return caughtMessage(page, LOGINS.supervisor.email, subject);
}

/** The one-click link a text part ends with: "Stop this e-mail with one click: <url>". */
export function unsubscribeLinkOf(text: string): URL {
  const match = /Stop this e-mail with one click: (\S+)\s*$/.exec(text);
  expect(match, "the text part ends with its unsubscribe link").not.toBeNull();
  return new URL(match![1]!);
}

/** The token with one character of its signature changed. */
export function tampered(token: string): string {
  const last = token.at(-1)!;
  return `${token.slice(0, -1)}${last === "A" ? "B" : "A"}`;
}
