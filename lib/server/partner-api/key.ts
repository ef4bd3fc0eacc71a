import { desc, eq } from "drizzle-orm";

import { API_KEY_PATTERN } from "@/lib/server/config/schema";
import { apiKeys } from "@/lib/server/db/schema";
import type { Database } from "@/lib/server/db/types";
import { seal, unseal, type Keyring } from "@/lib/server/encryption";
import type { SecretStore } from "@/lib/server/encryption/rotate";

/** The purpose the key is sealed for: it selects a key of its own (lib/server/encryption). */
export const API_KEY_PURPOSE = "partner-api-key";

export { API_KEY_PATTERN };

export interface ActiveApiKey {
  key: string;
  last4: string;
  /** "stored": set by an admin in Daybook; "configured": PARTNER_API_KEY (or the demo key). */
  source: "stored" | "configured";
  setAt: Date | null;
  /** A stored key could not be decrypted (its encryption key is not known): the configured one is used instead. */
  unreadable: boolean;
}

/**
 * The key in use: the newest one an admin stored, else the configured one. Read on every upstream
 * call (one small indexed row), so a rotation takes effect at once on every instance.
 */
export async function getActiveApiKey(db: Database, keyring: Keyring, configuredKey: string): Promise<ActiveApiKey> {
  const [row] = await db.select().from(apiKeys).orderBy(desc(apiKeys.id)).limit(1);
  const configured = { key: configuredKey, last4: configuredKey.slice(-4), source: "configured" as const, setAt: null };
  if (!row) return { ...configured, unreadable: false };
  try {
    return {
      key: unseal(keyring, API_KEY_PURPOSE, { keyId: row.keyId, ciphertext: row.encrypted }),
      last4: row.last4,
      source: "stored",
      setAt: row.createdAt,
      unreadable: false,
    };
  } catch {
    return { ...configured, unreadable: true };
  }
}

export async function storeApiKey(db: Database, keyring: Keyring, key: string, actorId: string | null): Promise<void> {
  if (!API_KEY_PATTERN.test(key)) throw new Error("An API key is 32 hexadecimal characters");
  const sealed = seal(keyring, API_KEY_PURPOSE, key);
  await db
    .insert(apiKeys)
    .values({ encrypted: sealed.ciphertext, keyId: sealed.keyId, last4: key.slice(-4), createdBy: actorId });
}

/** Every stored key, older ones included, for `npm run rotate-encryption-key`. */
export const apiKeySecrets: SecretStore = {
  name: "API keys",
  purpose: API_KEY_PURPOSE,
  list: (db) =>
    db
      .select({ id: apiKeys.id, keyId: apiKeys.keyId, ciphertext: apiKeys.encrypted })
      .from(apiKeys)
      .orderBy(apiKeys.id),
  update: async (db, id, sealed) => {
    await db
      .update(apiKeys)
      .set({ encrypted: sealed.ciphertext, keyId: sealed.keyId })
      .where(eq(apiKeys.id, Number(id)));
  },
};

/** When an admin last stored a key: a refused pull is tried again once the key has changed. */
export async function keyChangedAt(db: Database): Promise<Date | null> {
  const [row] = await db.select({ createdAt: apiKeys.createdAt }).from(apiKeys).orderBy(desc(apiKeys.id)).limit(1);
  return row?.createdAt ?? null;
}
