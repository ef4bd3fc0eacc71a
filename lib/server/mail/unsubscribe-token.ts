/**
 * The signed token in every e-mail's unsubscribe link: which person, which kind of mail, signed with
 * a key derived from AUTH_SECRET for this purpose alone. It works signed out and never expires (a
 * link in an old e-mail must still stop the mail), stops exactly one kind of mail for one person,
 * and carries no e-mail address or name (URLs end up in logs). A token changed by one character is refused.
 */
import "server-only";

import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

import { getAuthSecret } from "@/lib/server/config/auth-secret";

export const UNSUBSCRIBE_KINDS = ["digest", "alert"] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

export interface UnsubscribeClaim {
  userId: string;
  kind: UnsubscribeKind;
}

const VERSION = "u1";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signingKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "daybook", "daybook unsubscribe link v1", 32));
}

function signature(secret: string, payload: string): string {
  return createHmac("sha256", signingKey(secret)).update(payload).digest("base64url");
}

export function signUnsubscribe(claim: UnsubscribeClaim, secret = getAuthSecret()): string {
  const payload = `${VERSION}.${claim.kind}.${Buffer.from(claim.userId.replaceAll("-", ""), "hex").toString("base64url")}`;
  return `${payload}.${signature(secret, payload)}`;
}

/** The claim of a well-formed, correctly signed token; null for anything else. */
export function verifyUnsubscribe(token: string, secret = getAuthSecret()): UnsubscribeClaim | null {
  if (token.length > 200) return null;
  const parts = token.split(".");
  if (parts.length !== 4) return null;
  const [version, kind, id, mac] = parts as [string, string, string, string];
  if (version !== VERSION || !(UNSUBSCRIBE_KINDS as readonly string[]).includes(kind)) return null;
  const expected = Buffer.from(signature(secret, `${version}.${kind}.${id}`));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const hex = Buffer.from(id, "base64url").toString("hex");
  const userId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return UUID.test(userId) ? { userId, kind: kind as UnsubscribeKind } : null;
}
