// Sign-in throttling against the running server, through Auth.js's own credentials endpoint: a
// client that sends a new X-Forwarded-For with every guess, and sends them all at once, still meets
// both limits. The guesses come from a loopback address of their own (127.0.0.0/8 all reaches this
// machine), so the address limit they trip is theirs, not that of the other tests' 127.0.0.1.
import { randomBytes, randomInt } from "node:crypto";
import { expect, test } from "@playwright/test";
import { parse } from "csv-parse/sync";

import { signInAs } from "@/e2e/support/auth";
import { credentialsPost, type Answer } from "@/e2e/support/http";

/** A guess through Auth.js's own endpoint, with a forged X-Forwarded-For. */
async function guess(localAddress: string, email: string, password: string, forwardedFor: string): Promise<Answer> {
  return (await credentialsPost(localAddress, email, password, { headers: { "x-forwarded-for": forwardedFor } }))();
}

test("20 guesses at once with forged X-Forwarded-For: 5 are checked, the rest refused, and both limits engage", async ({
  page,
}) => {
  const address = `127.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(2, 250)}`;
  const target = `nobody-${randomBytes(4).toString("hex")}@example.test`;

  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, n) => guess(address, target, `wrong ${n}`, `203.0.113.${n + 1}`)),
  );
  // Auth.js answers a refused sign-in with a redirect to the sign-in page carrying the reason.
  for (const answer of answers) expect(answer.status).toBe(302);

  // The address limit (20 in 15 minutes) is spent: another account's right password from there is refused.
  const stillThere = await guess(address, "viewer@daybook.demo", "viewer-demo-pass", "198.51.100.1");
  expect(String(stillThere.headers.location)).toMatch(/error=/);
  // From another address the same right password works: the limit was that address's, not the account's.
  const elsewhere = await guess(
    `127.0.0.${randomInt(2, 250)}`,
    "viewer@daybook.demo",
    "viewer-demo-pass",
    "198.51.100.1",
  );
  expect(String(elsewhere.headers.location)).not.toMatch(/error=/);

  await signInAs(page, "admin", "/admin/audit");
  const file = await page.request.get("/api/export/audit-log");
  expect(file.status()).toBe(200);
  const rows = (parse(await file.text(), { bom: true, columns: true }) as Record<string, string>[]).filter(
    (row) => row["Client address"] === address,
  );
  const count = (code: string) => rows.filter((row) => row["Action code"] === code).length;
  // At most the account's limit of guesses reached the password check; every other one was refused before it.
  expect(count("sign_in.failure")).toBe(5);
  expect(count("sign_in.locked")).toBe(16);
  // The audit log has the connection's address, never one the client wrote.
  expect(rows.length).toBe(21);
  const all = parse(await file.text(), { bom: true, columns: true }) as Record<string, string>[];
  expect(all.some((row) => (row["Client address"] ?? "").startsWith("203.0.113."))).toBe(false);
});
