import "server-only";

import { cookies } from "next/headers";

import { getConfig } from "@/lib/server/config";
import { seal, unseal } from "@/lib/server/encryption";
import { getKeyring } from "@/lib/server/encryption/keyring";

/**
 * "Test" on Admin → Sign-in sends the admin through the provider once, before anyone else may sign
 * in through it. While the test runs, this HttpOnly cookie says so: sealed (so nobody can make one)
 * and naming the admin, it turns the callback's sign-in into a recorded test that starts no session.
 */
const TEST_COOKIE = "daybook-sso-test";
const TEST_PURPOSE = "sso-test";
const TEST_TTL_MS = 10 * 60_000;

export async function startSsoTest(adminId: string): Promise<void> {
  const sealed = seal(getKeyring(), TEST_PURPOSE, JSON.stringify({ adminId, until: Date.now() + TEST_TTL_MS }));
  (await cookies()).set(TEST_COOKIE, `${sealed.keyId}.${sealed.ciphertext}`, {
    httpOnly: true,
    sameSite: "lax",
    secure: getConfig().mode === "live",
    path: "/",
    maxAge: TEST_TTL_MS / 1000,
  });
}

/** The admin whose test this browser is running, if one is. */
export async function ssoTestOf(): Promise<string | null> {
  const value = (await cookies()).get(TEST_COOKIE)?.value;
  if (!value) return null;
  const dot = value.indexOf(".");
  try {
    const parsed = JSON.parse(
      unseal(getKeyring(), TEST_PURPOSE, { keyId: value.slice(0, dot), ciphertext: value.slice(dot + 1) }),
    ) as { adminId?: unknown; until?: unknown };
    return typeof parsed.adminId === "string" && typeof parsed.until === "number" && parsed.until > Date.now()
      ? parsed.adminId
      : null;
  } catch {
    return null;
  }
}

export async function endSsoTest(): Promise<void> {
  (await cookies()).delete({ name: TEST_COOKIE, path: "/" });
}

/** Where the admin's test ends: back on Admin → Sign-in, saying how it went (a word of a fixed vocabulary). */
export function testOutcomePath(outcome: string): string {
  return `/admin/sign-in?test=${encodeURIComponent(outcome)}`;
}
