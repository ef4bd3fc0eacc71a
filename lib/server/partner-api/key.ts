import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { desc } from "drizzle-orm";

import { API_KEY_PATTERN } from "@/lib/server/config/schema";
import { apiKeys } from "@/lib/server/db/schema";
import type { Database } from "@/lib/server/db/types";

/** A key of its own for this one purpose, derived from the server secret: the secret itself never encrypts. */
function encryptionKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "daybook", "partner-api-key/v1", 32));
}

/** AES-256-GCM; the result is base64 of iv ‖ tag ‖ ciphertext. */
export function encryptSecret(plain: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(secret), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
}

/** Throws when the data was tampered with or the server secret changed since it was stored. */
export function decryptSecret(encrypted: string, secret: string): string {
  const data = Buffer.from(encrypted, "base64");
  const decipher = createDecipheriv("aes-256-gcm", encryptionKey(secret), data.subarray(0, 12), { authTagLength: 16 });
  decipher.setAuthTag(data.subarray(12, 28));
  return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString("utf8");
}

export { API_KEY_PATTERN };

export interface ActiveApiKey {
  key: string;
  last4: string;
  /** "stored": set by an admin in Daybook; "configured": PARTNER_API_KEY (or the demo key). */
  source: "stored" | "configured";
  setAt: Date | null;
  /** A stored key could not be decrypted (AUTH_SECRET changed): the configured one is used instead. */
  unreadable: boolean;
}

/**
 * The key in use: the newest one an admin stored, else the configured one. Read on every upstream
 * call (one small indexed row), so a rotation takes effect at once on every instance.
 */
export async function getActiveApiKey(db: Database, secret: string, configuredKey: string): Promise<ActiveApiKey> {
  const [row] = await db.select().from(apiKeys).orderBy(desc(apiKeys.id)).limit(1);
  const configured = { key: configuredKey, last4: configuredKey.slice(-4), source: "configured" as const, setAt: null };
  if (!row) return { ...configured, unreadable: false };
  try {
    return {
      key: decryptSecret(row.encrypted, secret),
      last4: row.last4,
      source: "stored",
      setAt: row.createdAt,
      unreadable: false,
    };
  } catch {
    return { ...configured, unreadable: true };
  }
}

export async function storeApiKey(db: Database, secret: string, key: string, actorId: string | null): Promise<void> {
  if (!API_KEY_PATTERN.test(key)) throw new Error("An API key is 32 hexadecimal characters");
  await db.insert(apiKeys).values({ encrypted: encryptSecret(key, secret), last4: key.slice(-4), createdBy: actorId });
}

/** When an admin last stored a key: a refused pull is tried again once the key has changed. */
export async function keyChangedAt(db: Database): Promise<Date | null> {
  const [row] = await db.select({ createdAt: apiKeys.createdAt }).from(apiKeys).orderBy(desc(apiKeys.id)).limit(1);
  return row?.createdAt ?? null;
}
