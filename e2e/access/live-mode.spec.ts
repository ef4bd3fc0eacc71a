// What holds only where Daybook runs for real (live mode: PARTNER_API_BASE_URL set): HSTS, and
// Secure, prefixed cookies whatever X-Forwarded-Proto says. A second Daybook in live mode runs
// beside the suite's demo server, reading the suite's simulator as its Partner API.
import { expect, test } from "@playwright/test";

import { chooseOwnPassword } from "@/e2e/support/accounts";
import { cookieHeaderOf, send, setCookies } from "@/e2e/support/http";
import { startLiveServer, type LiveServer } from "@/e2e/support/live-server";

let live: LiveServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  live = await startLiveServer();
});

test.afterAll(async () => {
  await live?.stop();
});

/** A cookie line's name and its attributes, lower-cased, values apart. */
function attributesOf(line: string) {
  const [pair, ...rest] = line.split(";").map((part) => part.trim());
  const name = pair!.split("=")[0]!;
  const attributes = new Map(
    rest.map((part) => {
      const [key, value] = part.split("=");
      return [key!.toLowerCase(), value ?? ""] as const;
    }),
  );
  return { name, attributes };
}

function expectHardened(line: string) {
  const { name, attributes } = attributesOf(line);
  expect(name, line).toMatch(/^__(Secure|Host)-/);
  expect(attributes.has("secure"), `${name} is Secure`).toBe(true);
  expect(attributes.has("httponly"), `${name} is HttpOnly`).toBe(true);
  expect(attributes.get("samesite")?.toLowerCase(), `${name} is SameSite=Lax`).toBe("lax");
  if (name.startsWith("__Host-")) {
    expect(attributes.get("path")).toBe("/");
    expect(attributes.has("domain")).toBe(false);
  }
}

const PLAIN_HTTP = { "x-forwarded-proto": "http" };

test("every answer carries Strict-Transport-Security, also to a request that says it came over http", async ({
  request,
}) => {
  for (const path of ["/sign-in", "/", "/api/reports/usage", "/api/auth/csrf"]) {
    const answer = await request.get(`${live.url}${path}`, { headers: PLAIN_HTTP, maxRedirects: 0 });
    expect(answer.headers()["strict-transport-security"], path).toBe("max-age=63072000; includeSubDomains");
  }
});

test("session and CSRF cookies are Secure, HttpOnly, SameSite=Lax and prefixed, even with X-Forwarded-Proto: http", async () => {
  const csrf = await send("127.0.0.1", "GET", "/api/auth/csrf", PLAIN_HTTP, undefined, live.port);
  expect(csrf.status).toBe(200);
  const csrfCookies = setCookies(csrf);
  expect(csrfCookies.map((line) => attributesOf(line).name)).toContain("__Host-authjs.csrf-token");
  for (const line of csrfCookies) expectHardened(line);

  const form = new URLSearchParams({
    email: live.account.email,
    password: live.account.password,
    csrfToken: (JSON.parse(csrf.body) as { csrfToken: string }).csrfToken,
    callbackUrl: "/",
  }).toString();
  const signedIn = await send(
    "127.0.0.1",
    "POST",
    "/api/auth/callback/credentials",
    {
      ...PLAIN_HTTP,
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(Buffer.byteLength(form)),
      cookie: cookieHeaderOf(csrfCookies),
    },
    form,
    live.port,
  );
  expect(signedIn.status).toBe(302);
  expect(String(signedIn.headers.location)).not.toMatch(/error=/);
  const sessionCookies = setCookies(signedIn);
  expect(sessionCookies.map((line) => attributesOf(line).name)).toContain("__Secure-authjs.session-token");
  for (const line of sessionCookies) expectHardened(line);
  expect(signedIn.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
});

test("signing in works in Chromium at http://localhost, keeping the prefixed Secure cookies; an admin must set up a second factor", async ({
  page,
}) => {
  await page.goto(`${live.url}/admin/users`);
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel("E-mail").fill(live.account.email);
  await page.getByLabel("Password").fill(live.account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The account was made with `npm run user -- add`: its first sign-in asks for a password of the person's own.
  await chooseOwnPassword(page, live.account.password, `${live.account.password}-own`);
  // Live, and no admin has chosen otherwise: an admin sets up a second factor before anything else.
  await expect(page.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`Signed in as ${live.account.email}.`);

  const session = (await page.context().cookies(live.url)).find(
    (cookie) => cookie.name === "__Secure-authjs.session-token",
  );
  expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax" });
});
