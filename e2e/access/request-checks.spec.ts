// What Daybook's routes accept of a signed-in browser's request beyond its cookie: an export only
// from Daybook's own pages (by Origin as well as Sec-Fetch-Site), the guests screen's rows only as
// JSON, and /api/auth/session without the server's session id.
import { expect, test } from "@playwright/test";

import { signInAs } from "@/e2e/support/auth";
import { E2E_PORT } from "@/e2e/support/ports";

/** The origin the browser addresses Daybook by in these tests (playwright.config.ts's baseURL). */
const OWN_ORIGIN = `http://localhost:${E2E_PORT}`;

test("an export with another site's Origin is refused in the one failure shape, even without Sec-Fetch-Site", async ({
  page,
}) => {
  await signInAs(page, "admin", "/admin/audit");

  const fromElsewhere = await page.request.get("/api/export/audit-log", { headers: { Origin: "http://evil.test" } });
  expect(fromElsewhere.status()).toBe(403);
  expect(fromElsewhere.headers()["content-type"]).toContain("application/json");
  expect(await fromElsewhere.json()).toEqual({
    error: { code: "forbidden", message: "Exports start from Daybook's own pages." },
  });
  const posted = await page.request.post("/api/export/guests", {
    headers: { Origin: "http://evil.test" },
    form: { propertyName: "Harbour View Hotel" },
  });
  expect(posted.status()).toBe(403);
  const opaque = await page.request.get("/api/export/audit-log", { headers: { Origin: "null" } });
  expect(opaque.status()).toBe(403);
  // The other files of personal data: a list's sign-off record and a guest's archive.
  for (const [method, path] of [
    ["GET", "/api/export/sign-off-record?day=2026-11-22&property=Harbour+View+Hotel"],
    ["POST", "/api/privacy/requests/1/export"],
  ] as const) {
    const answer = await page.request.fetch(path, { method, headers: { Origin: "http://evil.test" } });
    expect(answer.status(), path).toBe(403);
    expect(await answer.json(), path).toEqual({
      error: { code: "forbidden", message: expect.stringContaining("start from Daybook's own pages") },
    });
  }

  // Daybook's own pages' requests, and a request that names no origin, get the file.
  const own = await page.request.get("/api/export/audit-log", {
    headers: { Origin: OWN_ORIGIN, "Sec-Fetch-Site": "same-origin" },
  });
  expect(own.status()).toBe(200);
  expect(own.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect((await page.request.get("/api/export/audit-log")).status()).toBe(200);
});

test("/api/auth/session tells page scripts who is signed in, never the session's id", async ({ page }) => {
  await signInAs(page, "viewer");
  const session = (await (await page.request.get("/api/auth/session")).json()) as Record<string, unknown>;
  expect(session).toMatchObject({ user: { email: "viewer@daybook.demo" } });
  expect(Object.keys(session)).not.toContain("sid");
  // The page script in the browser sees the same.
  const seen = await page.evaluate(async () => Object.keys(await (await fetch("/api/auth/session")).json()));
  expect(seen).toContain("user");
  expect(seen).not.toContain("sid");
  // The server still knows the session: the signed-in pages and routes answer.
  expect((await page.request.get("/api/reports/usage")).status()).toBe(200);
});

test("the guests screen's rows route reads JSON only: any other body type is answered 415", async ({ page }) => {
  await signInAs(page, "viewer", "/guests");
  const body = JSON.stringify({ limit: 10 });
  for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
    const answer = await page.request.post("/api/reports/guests/rows", {
      headers: { "Content-Type": type },
      data: body,
    });
    expect(answer.status(), type).toBe(415);
    expect(await answer.json(), type).toEqual({
      error: { code: "unsupported_media_type", message: "Send the request as JSON (application/json)." },
    });
  }
  const withoutType = await page.request.fetch("/api/reports/guests/rows", { method: "POST", data: Buffer.from(body) });
  expect(withoutType.status()).toBe(415);
  for (const type of ["application/json", "application/json; charset=utf-8"]) {
    const answer = await page.request.post("/api/reports/guests/rows", {
      headers: { "Content-Type": type },
      data: body,
    });
    expect(answer.status(), type).toBe(200);
  }
});
