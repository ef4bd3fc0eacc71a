import { expect, test } from "@playwright/test";

import { signInAs, type DemoRole } from "@/e2e/support/auth";
import { englishLeft } from "@/e2e/support/english";
import { expectFits, headerOverflows, headerRows } from "@/e2e/support/fit";
import { chooseLocale, FRENCH, inFrenchFor } from "@/e2e/support/locale";
import { SCREENS as EVERY_SCREEN } from "@/e2e/support/screens";
import { settled } from "@/e2e/support/settled";

const OWN = ["/account", "/settings"];
const INVESTIGATIONS = [
  "/investigations/outcomes",
  "/investigations/missed-bans",
  "/investigations/repeat-visitors",
  "/investigations/response",
  "/investigations/staff-flags",
  "/insights/banned-after-stay",
];

/**
 * Screens that show other people's words as they were written: the e-mails sent (each in its
 * recipient's language) and the audit log's recorded details (machine keys and values). They are
 * walked for fit, not for English.
 */
const OTHER_PEOPLES_WORDS = new Set(["/admin/mail", "/admin/audit"]);

/** Every screen each role opens (the roles spec checks the ones it is kept out of). */
const WALKS: Record<DemoRole, readonly string[]> = {
  viewer: [
    "/",
    "/guests",
    "/criminal-arrivals",
    "/investigations/outcomes",
    "/investigations/response",
    "/status",
    ...OWN,
  ],
  supervisor: ["/", "/guests", "/criminal-arrivals", "/review", ...INVESTIGATIONS, "/status", ...OWN],
  regional: ["/", "/guests", "/criminal-arrivals", "/properties", ...INVESTIGATIONS, "/status", ...OWN],
  admin: EVERY_SCREEN,
};

for (const role of Object.keys(WALKS) as DemoRole[]) {
  test.describe(role, () => {
    inFrenchFor(role);

    test(`${role} in French: every screen is French, fits 1440 and 390 px, and keeps one header row`, async ({
      page,
    }) => {
      test.setTimeout(30_000 + WALKS[role].length * 10_000);
      await signInAs(page, role);
      await chooseLocale(page, FRENCH);
      await page.setViewportSize({ width: 1280, height: 900 });
      expect(await headerRows(page), "the header's rows at 1280 px").toBe(1);
      expect(await headerOverflows(page), "the header's parts at 1280 px").toEqual([]);
      for (const path of WALKS[role]) {
        await page.setViewportSize({ width: 1440, height: 900 });
        await page.goto(path);
        await settled(page);
        await expect(page.getByRole("main").getByRole("heading", { level: 1 }).first(), path).toBeVisible();
        if (!OTHER_PEOPLES_WORDS.has(path))
          expect.soft(await englishLeft(page), `${path}: English left on the page`).toEqual([]);
        await expectFits(page, `${path} at 1440 px`);
        // The same page loaded on a phone, as a phone shows it.
        await page.setViewportSize({ width: 390, height: 844 });
        await page.reload();
        await settled(page);
        await expectFits(page, `${path} at 390 px`);
      }
    });
  });
}
