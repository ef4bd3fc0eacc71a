// Sign-in as a denial-of-service lever: each check is a costly password hash, so sign-ins wait
// their turn in a small queue, and those that find it full are answered 429 with Retry-After at
// once, without a hash. The e2e server's queue is DAYBOOK_SIGN_IN_QUEUE (playwright.config.ts)
// plus DAYBOOK_SIGN_IN_CONCURRENCY; each burst here is larger than both together.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { parse } from "csv-parse/sync";

import { signInAs } from "@/e2e/support/auth";
import { credentialsPost, ownLoopbackAddress, type Answer } from "@/e2e/support/http";

const BURST = 60;

/** A password-spraying burst: one guess at each of many account names, every request ready before any is sent. */
async function sprayingBurst(address: string, size = BURST) {
  const tag = randomBytes(3).toString("hex");
  return Promise.all(
    Array.from({ length: size }, (_, n) => credentialsPost(address, `spray-${tag}-${n}@example.test`, "Winter2026!")),
  );
}

function expectBusy(answer: Answer) {
  const seconds = Number(answer.headers["retry-after"]);
  expect(Number.isInteger(seconds) && seconds >= 1, `Retry-After: ${answer.headers["retry-after"]}`).toBe(true);
  expect(answer.headers["cache-control"]).toBe("no-store");
  expect(JSON.parse(answer.body)).toEqual({
    error: {
      code: "busy",
      message: `Daybook is busy checking other sign-ins. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
    },
  });
}

test(`${BURST} wrong sign-ins at once: those beyond the queue get 429 with Retry-After, and fewer than ${BURST} are checked`, async ({
  page,
}) => {
  const address = ownLoopbackAddress();
  const posts = await sprayingBurst(address);
  const answers = await Promise.all(posts.map((post) => post()));

  const busy = answers.filter((answer) => answer.status === 429);
  const admitted = answers.filter((answer) => answer.status !== 429);
  expect(busy.length).toBeGreaterThan(0);
  for (const answer of busy) expectBusy(answer);
  // Every admitted one went through Auth.js, which answers a refused sign-in with a redirect to the form.
  for (const answer of admitted) {
    expect(answer.status).toBe(302);
    expect(String(answer.headers.location)).toMatch(/error=/);
  }

  // Only the admitted reached the sign-in check (each leaves one audit entry); the 429s left none.
  await signInAs(page, "admin", "/admin/audit");
  const file = await page.request.get("/api/export/audit-log");
  expect(file.status()).toBe(200);
  const rows = (parse(await file.text(), { bom: true, columns: true }) as Record<string, string>[]).filter(
    (row) => row["Client address"] === address,
  );
  expect(rows.length).toBe(admitted.length);
  expect(rows.length).toBeLessThan(BURST);
});

test("the sign-in page says Daybook is busy and when to try again while the queue is full", async ({ page }) => {
  test.setTimeout(120_000);
  // The form must arrive while the queue is full, and how long a burst keeps it full depends on the
  // machine's speed: each try sends the form as soon as a burst is refused. When a slot had freed
  // first, the form is checked and refused as a wrong password: the next try comes at once, while
  // the earlier bursts still fill the queue, and they are all answered before the test ends (no
  // hashing left over for the next test).
  const inFlight: Promise<Answer>[] = [];
  try {
    await expect(async () => {
      await page.goto("/sign-in");
      await page.getByLabel("E-mail").fill(`nobody-${randomBytes(3).toString("hex")}@example.test`);
      await page.getByLabel("Password").fill("not the password");
      const posts = (await Promise.all([0, 1, 2].map(() => sprayingBurst(ownLoopbackAddress())))).flat();
      const sent = posts.map((post) => post());
      inFlight.push(...sent);
      // The first 429 says the queue is full now; the form is sent at once.
      await Promise.any(sent.map((one) => one.then((answer) => (answer.status === 429 ? answer : Promise.reject()))));
      await page.getByRole("button", { name: "Sign in" }).click();
      const notice = page.getByRole("main").getByRole("alert");
      await expect(notice).toContainText(/Daybook is busy|do not match/);
      await expect(notice).toContainText("Daybook is busy", { timeout: 1 });
      await expect(notice).toContainText(/Try again in \d+ seconds?\./);
    }).toPass({ timeout: 100_000 });
  } finally {
    await Promise.all(inFlight);
  }
});
