// Sign-in throttling against the running server, through Auth.js's own credentials endpoint: a
// client that sends a new X-Forwarded-For with every guess, and sends them all at once, still meets
// both limits. The guesses come from a loopback address of their own (127.0.0.0/8 all reaches this
// machine), so the address limit they trip is theirs, not that of the other tests' 127.0.0.1.
import { randomBytes, randomInt } from "node:crypto";
import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { parse } from "csv-parse/sync";

import { signInAs } from "@/e2e/support/auth";
import { E2E_PORT } from "@/e2e/support/ports";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request to Daybook from `localAddress`. */
function send(
  localAddress: string,
  method: "GET" | "POST",
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: "127.0.0.1", port: E2E_PORT, localAddress, method, path, headers },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Auth.js's CSRF token and the cookie it pairs with, as a browser would get them. */
async function csrf(localAddress: string): Promise<{ token: string; cookie: string }> {
  const answer = await send(localAddress, "GET", "/api/auth/csrf", {});
  expect(answer.status).toBe(200);
  const cookies = ([] as string[]).concat(answer.headers["set-cookie"] ?? []);
  return {
    token: (JSON.parse(answer.body) as { csrfToken: string }).csrfToken,
    cookie: cookies.map((cookie) => cookie.split(";")[0]).join("; "),
  };
}

async function guess(localAddress: string, email: string, password: string, forwardedFor: string): Promise<Answer> {
  const { token, cookie } = await csrf(localAddress);
  const form = new URLSearchParams({ email, password, csrfToken: token, callbackUrl: "/" }).toString();
  return send(
    localAddress,
    "POST",
    "/api/auth/callback/credentials",
    {
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(Buffer.byteLength(form)),
      cookie,
      "x-forwarded-for": forwardedFor,
    },
    form,
  );
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
