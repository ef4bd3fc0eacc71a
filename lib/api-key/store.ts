import { desc } from "drizzle-orm";
import type { Database } from "@/lib/db/open";
import { apiKeys } from "@/lib/db/schema";
import { decryptSecret, encryptSecret } from "./crypto";

export const API_KEY_PATTERN = /^[0-9a-fA-F]{32}$/;

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
    return { key: decryptSecret(row.encrypted, secret), last4: row.last4, source: "stored", setAt: row.createdAt, unreadable: false };
  } catch {
    return { ...configured, unreadable: true };
  }
}

export async function storeApiKey(db: Database, secret: string, key: string, actorId: string | null): Promise<void> {
  if (!API_KEY_PATTERN.test(key)) throw new Error("An API key is 32 hexadecimal characters");
  await db.insert(apiKeys).values({ encrypted: encryptSecret(key, secret), last4: key.slice(-4), createdBy: actorId });
}
