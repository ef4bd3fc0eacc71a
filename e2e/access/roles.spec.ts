import { expect, test } from "@playwright/test";

import { LOGINS, signInAs, signInWith, signOut, type DemoRole } from "@/e2e/support/auth";
import { expectFits, headerOverflows, headerRows } from "@/e2e/support/fit";
import { mainNav } from "@/e2e/support/nav";
import { settled } from "@/e2e/support/settled";

const SCREENS = [
  { path: "/", label: "Overview" },
  { path: "/guests", label: "Guests" },
  { path: "/criminal-arrivals", label: "Criminal arrivals" },
  { path: "/properties", label: "Properties" },
  { path: "/review", label: "Review" },
  { path: "/investigations", label: "Investigations" },
  { path: "/admin", label: "Admin" },
  { path: "/status", label: "Status" },
] as const;

const ALLOWED: Record<DemoRole, string[]> = {
  viewer: ["Overview", "Guests", "Criminal arrivals", "Investigations", "Status"],
  supervisor: ["Overview", "Guests", "Criminal arrivals", "Review", "Investigations", "Status"],
  regional: ["Overview", "Guests", "Criminal arrivals", "Properties", "Investigations", "Status"],
  admin: [
    "Overview",
    "Guests",
    "Criminal arrivals",
    "Properties",
    "Review",
    "Investigations",
    "Privacy requests",
    "Admin",
    "Status",
  ],
};

const NO_ACCESS = "Your role does not include this screen";

for (const role of Object.keys(ALLOWED) as DemoRole[]) {
  test(`${role}: signs in, sees their sections in a one-row header, is kept out of the others, each section fits a phone, and signs out`, async ({
    page,
  }) => {
    await signInAs(page, role);

    // From 1280 px up the header is one row; sections beyond its room are under "More".
    for (const width of [1440, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await headerRows(page), `the header's rows at ${width} px`).toBe(1);
      expect(await headerOverflows(page), `the header's parts at ${width} px`).toEqual([]);
    }
    const nav = await mainNav(page);
    // A supervisor's Review link also counts the lists waiting ("Review, 4 lists waiting").
    await expect(nav.getByRole("link")).toHaveText(
      ALLOWED[role].map((label) => (label === "Review" ? /^Review/ : label)),
    );

    // On a 390 px phone, each section (its own and the ones it is kept out of) neither scrolls
    // sideways nor wraps its header nor cuts a select short. Every screen of every role is walked
    // at 390 px in French, the longer language, by e2e/languages/french-walk.spec.ts.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      // Loaded, not a skeleton: "not kept out" means nothing if the screen has not arrived yet.
      await settled(page);
      const main = page.getByRole("main");
      if (ALLOWED[role].includes(screen.label)) {
        await expect(main.getByRole("heading", { level: 1 }).first(), screen.path).toBeVisible();
        await expect(main, screen.path).not.toContainText(NO_ACCESS);
      } else {
        await expect(main, screen.path).toContainText(NO_ACCESS);
      }
      await expectFits(page, screen.path);
    }

    // On a phone every section is behind "Menu", which Escape closes.
    const menu = page.getByTestId("phone-menu");
    await menu.locator("summary").click();
    await expect(menu.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText(
      ALLOWED[role].map((label) => (label === "Review" ? /^Review/ : label)),
    );
    await page.keyboard.press("Escape");
    await expect(menu.getByRole("navigation", { name: "Main" })).toBeHidden();

    await signOut(page);
    await page.goto("/guests");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fguests/);
    expect((await page.request.get("/api/reports/usage")).status()).toBe(401);
  });
}

test("a sign-in link brings the person back to the page they asked for, and only within Daybook", async ({ page }) => {
  await signInAs(page, "viewer", "/criminal-arrivals");
  await expect(page).toHaveURL(/\/criminal-arrivals$/);

  await signOut(page);
  await page.goto("/sign-in?callbackUrl=https%3A%2F%2Fevil.example%2F");
  await page.getByLabel("E-mail").fill(LOGINS.viewer.email);
  await page.getByLabel("Password").fill(LOGINS.viewer.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("signed-in-as")).toBeVisible();
  expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
});

test("a wrong password is refused in words, and the right one then works", async ({ page }) => {
  await signInWith(page, LOGINS.supervisor.email, "not the password");
  await expect(page.getByRole("main").getByRole("alert")).toContainText("That e-mail and password do not match");
  await expect(page.getByLabel("E-mail")).toHaveValue(LOGINS.supervisor.email);
  await page.getByLabel("Password").fill(LOGINS.supervisor.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("signed-in-as")).toHaveText(LOGINS.supervisor.name);
});

test("the session cookie is HttpOnly and SameSite", async ({ page, context }) => {
  await signInAs(page, "viewer");
  const session = (await context.cookies()).find((cookie) => cookie.name.includes("session-token"));
  expect(session).toBeDefined();
  expect(session!.httpOnly).toBe(true);
  expect(session!.sameSite).toBe("Lax");
});
