// What Daybook's routes answer in words (a refusal's message, a field's validation) follows the
// asker's language: the browser's signed out, the person's own signed in. The English answers are
// checked by the access specs (request-checks, bad-input).
import { expect, test } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { chooseLocale, FRENCH, inFrenchFor } from "@/e2e/support/locale";

test.describe("a browser that asks for French, signed out", () => {
  /** A client that says what a French browser says: Accept-Language, the only language it gives. */
  const asking = (playwright: import("@playwright/test").PlaywrightWorkerArgs["playwright"], language: string) =>
    playwright.request.newContext({
      baseURL: test.info().project.use.baseURL,
      extraHTTPHeaders: { "Accept-Language": language },
    });

  test("is refused in French: an API call without a session, a sign-in callback fetched", async ({ playwright }) => {
    const french = await asking(playwright, "fr-CA,fr;q=0.9");
    try {
      const signedOut = await french.get("/api/reports/usage");
      expect(signedOut.status()).toBe(401);
      expect(await signedOut.json()).toEqual({
        error: { code: "unauthenticated", message: "Connectez-vous pour continuer" },
      });
      const fetched = await french.get("/api/auth/callback/credentials", { maxRedirects: 0 });
      expect(fetched.status()).toBe(405);
      expect(await fetched.json()).toEqual({
        error: { code: "method_not_allowed", message: "Les retours de connexion s’envoient par POST, pas par GET." },
      });
    } finally {
      await french.dispose();
    }
  });

  test("an English browser is still refused in English", async ({ playwright }) => {
    const english = await asking(playwright, "en-US");
    try {
      expect((await (await english.get("/api/reports/usage")).json()).error.message).toBe("Sign in to continue");
    } finally {
      await english.dispose();
    }
  });
});

test.describe("a regional manager who reads French", () => {
  inFrenchFor("regional");

  test("is refused in French: an export from elsewhere, a day Daybook cannot read, a field zod refuses", async ({
    page,
  }) => {
    await signInAs(page, "regional");
    await chooseLocale(page, FRENCH);

    const fromElsewhere = await page.request.get("/api/export/comparison", { headers: { Origin: "http://evil.test" } });
    expect(fromElsewhere.status()).toBe(403);
    expect(await fromElsewhere.json()).toEqual({
      error: { code: "forbidden", message: "Les exports se lancent depuis les pages de Daybook." },
    });

    const badDay = await page.request.get("/api/reports/usage?day=2026-02-30");
    expect(badDay.status()).toBe(400);
    expect(await badDay.json()).toEqual({
      error: { code: "invalid_day", message: "Daybook ne peut pas lire ce jour ; les jours s’écrivent AAAA-MM-JJ." },
    });

    // An order the comparison's file does not offer: zod's own words, in French.
    const badSort = await page.request.get("/api/export/comparison?sort=nowhere");
    expect(badSort.status()).toBe(400);
    const refused = (await badSort.json()) as { error: { code: string; message: string } };
    expect(refused.error.code).toBe("invalid_request");
    expect(refused.error.message).toMatch(/^sort : Option invalide/);
  });
});
