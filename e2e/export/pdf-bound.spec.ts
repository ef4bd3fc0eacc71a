// Sign-off record PDFs are drawn within bounds: a burst of one supervisor's requests is answered
// with files and, beyond the bound of one sign-in's files at once, 429 with Retry-After (audited),
// while the liveness probe still answers. How fast is measured by `npm run bench` (pdf. rows).
import { expect, test } from "@playwright/test";
import { parse } from "csv-parse/sync";

import { LOGINS, signInAs } from "@/e2e/support/auth";
import { E2E_CLOCK } from "@/e2e/support/clock";
import { cookieHeaderOf, credentialsPost, ownLoopbackAddress, send, setCookies, type Answer } from "@/e2e/support/http";

const RIVERSIDE = "Riverside & Co. Hotel";
const FILE = "/api/export/sign-off-record";
/**
 * Far beyond the bound of 2 of one sign-in's at once. Every request is sent before any is answered,
 * and each is counted the moment its signed cookie is read, before any database work; a file takes
 * the list's reading from the database and its drawing, so while the first two are drawn the other
 * 22 are refused. On code without the bound there is no 429 at all, whatever the timing.
 */
const BURST = 24;

function expectOneOf(answer: Answer) {
  if (answer.status === 200) {
    expect(answer.headers["content-type"]).toBe("application/pdf");
    expect(answer.body.startsWith("%PDF-")).toBe(true);
    return;
  }
  expect(answer.status, answer.body.slice(0, 200)).toBe(429);
  const seconds = Number(answer.headers["retry-after"]);
  expect(Number.isInteger(seconds) && seconds >= 1, `Retry-After: ${answer.headers["retry-after"]}`).toBe(true);
  expect(answer.headers["cache-control"]).toBe("no-store");
  expect(JSON.parse(answer.body)).toEqual({
    error: {
      code: "busy",
      message: `Daybook is drawing other sign-off records. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
    },
  });
}

test(`${BURST} sign-off record PDFs at once by one supervisor: files or 429 with Retry-After, audited; the probe answers`, async ({
  page,
}) => {
  test.setTimeout(120_000);
  const address = ownLoopbackAddress();
  const signIn = await (await credentialsPost(address, LOGINS.supervisor.email, LOGINS.supervisor.password))();
  expect(signIn.status).toBe(302);
  const cookie = cookieHeaderOf(setCookies(signIn));
  const headers = { cookie, "sec-fetch-site": "same-origin" };

  // A Riverside list the demo history stored: the newest day before the suite's clock that has a record.
  let query = "";
  for (let back = 1; back <= 14 && !query; back++) {
    const day = new Date(Date.parse(E2E_CLOCK) - back * 86_400_000).toISOString().slice(0, 10);
    const candidate = new URLSearchParams({ property: RIVERSIDE, day }).toString();
    if ((await send(address, "GET", `${FILE}?${candidate}`, headers)).status === 200) query = candidate;
  }
  expect(query, "a stored Riverside list with a record").not.toBe("");

  const burst = Promise.all(Array.from({ length: BURST }, () => send(address, "GET", `${FILE}?${query}`, headers)));
  const probe = await send(address, "GET", "/api/health/live");
  expect(probe.status).toBe(200);
  expect(probe.body).toBe("ok\n");
  const answers = await burst;

  for (const answer of answers) expectOneOf(answer);
  const busy = answers.filter((answer) => answer.status === 429);
  expect(busy.length).toBeGreaterThan(0);
  expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);

  // The refusals are in the audit log, one entry per list (with how many), as the supervisor's,
  // written before the last file of the burst is answered. No guest in it.
  await signInAs(page, "admin", "/admin/audit");
  const log = await page.request.get("/api/export/audit-log");
  expect(log.status()).toBe(200);
  const refusals = (parse(await log.text(), { bom: true, columns: true }) as Record<string, string>[]).filter(
    (row) =>
      row["Client address"] === address &&
      row["Action code"] === "record.pdf" &&
      row.Outcome === "Failure" &&
      (row.Details ?? "").includes("reason: busy"),
  );
  // One entry for each time the sign-in's files inside all ended (once, unless the burst was drawn out).
  expect(refusals.length).toBeGreaterThan(0);
  for (const row of refusals) {
    expect(row.Who).toBe(LOGINS.supervisor.email);
    expect(row.Property).toBe(RIVERSIDE);
    expect(row.Details).toMatch(/^day: \d{4}-\d{2}-\d{2}; reason: busy; refused: \d+; retryAfterSeconds: \d+$/);
  }
  const refused = refusals.map((row) => Number(/refused: (\d+)/.exec(row.Details ?? "")?.[1]));
  expect(refused.reduce((sum, count) => sum + count, 0)).toBe(busy.length);
});
