// Sign-in throttling against the running server, through Auth.js's own credentials endpoint: a
// client that sends a new X-Forwarded-For with every guess, and sends them all at once, still meets
// the account's limit and slows its address down. The guesses come from a loopback address of their
// own (127.0.0.0/8 all reaches this machine), so the address they slow is theirs, not that of the
// other tests' 127.0.0.1.
import { randomBytes, randomInt } from "node:crypto";
import { expect, test } from "@playwright/test";
import { parse } from "csv-parse/sync";

import { signInAs } from "@/e2e/support/auth";
import { credentialsPost, send, type Answer } from "@/e2e/support/http";

/** A guess through Auth.js's own endpoint, with a forged X-Forwarded-For. */
async function guess(localAddress: string, email: string, password: string, forwardedFor: string): Promise<Answer> {
  return (await credentialsPost(localAddress, email, password, { headers: { "x-forwarded-for": forwardedFor } }))();
}

test("20 guesses at once with forged X-Forwarded-For: 5 are checked, the rest refused; the address is slowed, never shut", async ({
  page,
}) => {
  const address = `127.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(2, 250)}`;
  const target = `nobody-${randomBytes(4).toString("hex")}@example.test`;

  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, n) => guess(address, target, `wrong ${n}`, `203.0.113.${n + 1}`)),
  );
  // Auth.js answers a refused sign-in with a redirect to the sign-in page carrying the reason.
  for (const answer of answers) expect(answer.status).toBe(302);

  // The address has had its 20 failures in 15 minutes: the sign-in page there says sign-ins are slowed, how long and why.
  const signInPage = await send(address, "GET", "/sign-in");
  expect(signInPage.status).toBe(200);
  // As drawn (">…<"): the page's script also carries the words of every notice it may show.
  expect(signInPage.body).toContain(">Sign-in is slowed on your network<");
  expect(signInPage.body).toContain("never more than 30 seconds");
  // Another account's right password from there is slowed, not refused: a colleague behind the same address gets in.
  const colleague = await guess(address, "viewer@daybook.demo", "viewer-demo-pass", "198.51.100.1");
  expect(colleague.status).toBe(302);
  expect(String(colleague.headers.location)).not.toMatch(/error=/);
  // Elsewhere nothing is slowed.
  const elsewhere = await send(`127.0.0.${randomInt(2, 250)}`, "GET", "/sign-in");
  expect(elsewhere.body).not.toContain(">Sign-in is slowed on your network<");

  await signInAs(page, "admin", "/admin/audit");
  const file = await page.request.get("/api/export/audit-log");
  expect(file.status()).toBe(200);
  const rows = (parse(await file.text(), { bom: true, columns: true }) as Record<string, string>[]).filter(
    (row) => row["Client address"] === address,
  );
  const count = (code: string) => rows.filter((row) => row["Action code"] === code).length;
  // At most the account's limit of guesses reached the password check; every other one was refused before it.
  expect(count("sign_in.failure")).toBe(5);
  expect(count("sign_in.locked")).toBe(15);
  expect(count("sign_in.success")).toBe(1);
  // The audit log has the connection's address, never one the client wrote.
  expect(rows.length).toBe(21);
  const all = parse(await file.text(), { bom: true, columns: true }) as Record<string, string>[];
  expect(all.some((row) => (row["Client address"] ?? "").startsWith("203.0.113."))).toBe(false);
});
