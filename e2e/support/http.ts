// Plain HTTP requests to a Daybook server, from a loopback address of the test's choosing
// (127.0.0.0/8 all reaches this machine): sign-in limits and the audit log go by the connection's
// address, so a test that makes many attempts uses one of its own and leaves 127.0.0.1 alone.
import { randomInt } from "node:crypto";
import { request as httpRequest } from "node:http";
import { expect } from "@playwright/test";

import { E2E_PORT } from "./ports";

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A loopback address no other test is likely to use. */
export function ownLoopbackAddress(): string {
  return `127.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(2, 250)}`;
}

/** One HTTP request from `localAddress` to Daybook on `port` (the suite's server unless told). */
export function send(
  localAddress: string,
  method: "GET" | "POST",
  path: string,
  headers: Record<string, string> = {},
  body?: string,
  port = E2E_PORT,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port, localAddress, method, path, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** The Set-Cookie lines of an answer. */
export function setCookies(answer: Answer): string[] {
  return ([] as string[]).concat(answer.headers["set-cookie"] ?? []);
}

/** The Set-Cookie lines as a Cookie header (name=value pairs). */
export function cookieHeaderOf(lines: string[]): string {
  return lines.map((line) => line.split(";")[0]).join("; ");
}

/** Auth.js's CSRF token and the cookie it pairs with, as a browser would get them. */
export async function csrf(localAddress: string, port = E2E_PORT): Promise<{ token: string; cookie: string }> {
  const answer = await send(localAddress, "GET", "/api/auth/csrf", {}, undefined, port);
  expect(answer.status).toBe(200);
  return {
    token: (JSON.parse(answer.body) as { csrfToken: string }).csrfToken,
    cookie: cookieHeaderOf(setCookies(answer)),
  };
}

/**
 * A POST of Auth.js's sign-in form, ready to send (its CSRF token fetched first); `headers` are
 * added to the browser's own (a forged X-Forwarded-For, say).
 */
export async function credentialsPost(
  localAddress: string,
  email: string,
  password: string,
  { port = E2E_PORT, headers = {} }: { port?: number; headers?: Record<string, string> } = {},
) {
  const { token, cookie } = await csrf(localAddress, port);
  const form = new URLSearchParams({ email, password, csrfToken: token, callbackUrl: "/" }).toString();
  const sent = {
    "content-type": "application/x-www-form-urlencoded",
    "content-length": String(Buffer.byteLength(form)),
    cookie,
    ...headers,
  };
  return () => send(localAddress, "POST", "/api/auth/callback/credentials", sent, form, port);
}

/** A sign-in through Auth.js's own endpoint, as a script would make it. */
export async function signInByPost(localAddress: string, email: string, password: string) {
  return (await credentialsPost(localAddress, email, password))();
}
