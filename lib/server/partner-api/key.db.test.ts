import { createCipheriv, hkdfSync, randomBytes } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";

import { apiKeys } from "@/lib/server/db/schema";
import { buildKeyring, unseal } from "@/lib/server/encryption";
import { rotateSecrets, RotationError } from "@/lib/server/encryption/rotate";
import {
  API_KEY_PATTERN,
  API_KEY_PURPOSE,
  apiKeySecrets,
  getActiveApiKey,
  storeApiKey,
} from "@/lib/server/partner-api/key";
import { addUser, uniqueEmail } from "@/tests/support/access-fixtures";
import { describeEachDatabase } from "@/tests/support/databases";

// Two installs' keyrings: each key opens only what it stored.
const SECRET = buildKeyring({
  encryptionKey: "Xy7-encryption-key-for-tests-4Qz9Lm2Pw",
  authSecret: "auth-Secret-for-tests-8Rk3Vn6Ty1",
});
const OTHER_SECRET = buildKeyring({
  encryptionKey: "Jb5-other-encryption-key-2Wc8Hd4Gs",
  authSecret: "other-Auth-secret-7Np2Qx9Kz4Lm",
});
const CONFIGURED = "0123456789abcdef0123456789abcdef";
const newKey = () => randomBytes(16).toString("hex");

/** A row as Daybook stored it before key ids: under HKDF(AUTH_SECRET, "daybook", "partner-api-key/v1"), no key id. */
function legacyCiphertext(plain: string, authSecret: string): string {
  const key = Buffer.from(hkdfSync("sha256", authSecret, "daybook", "partner-api-key/v1", 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
}

describeEachDatabase("API key store", (db) => {
  // Each test starts with no stored key.
  beforeEach(async () => {
    await db().delete(apiKeys);
  });

  it("uses the configured key while none is stored", async () => {
    expect(await getActiveApiKey(db(), SECRET, CONFIGURED)).toEqual({
      key: CONFIGURED,
      last4: "cdef",
      source: "configured",
      setAt: null,
      unreadable: false,
    });
  });

  it("uses a stored key instead, and remembers who set it", async () => {
    const admin = await addUser(db(), uniqueEmail("key-admin"), { role: "admin" });
    const key = newKey();
    const before = Date.now();
    await storeApiKey(db(), SECRET, key, admin.id);
    const active = await getActiveApiKey(db(), SECRET, CONFIGURED);
    expect(active).toEqual({ key, last4: key.slice(-4), source: "stored", setAt: expect.any(Date), unreadable: false });
    expect(active.setAt!.getTime()).toBeGreaterThan(before - 60_000);
    const [row] = await db().select().from(apiKeys);
    expect(row).toMatchObject({ createdBy: admin.id, last4: key.slice(-4), createdAt: active.setAt });
  });

  it("rotation: the newest stored key wins", async () => {
    const keys = [newKey(), newKey(), newKey()];
    for (const key of keys) {
      await storeApiKey(db(), SECRET, key, null);
      expect((await getActiveApiKey(db(), SECRET, CONFIGURED)).key).toBe(key);
    }
    const rows = await db().select().from(apiKeys).orderBy(desc(apiKeys.id));
    expect(rows.map((row) => row.last4)).toEqual(keys.map((key) => key.slice(-4)).reverse());
  });

  it("a stored key the secret cannot open is reported unreadable, and the configured key is used", async () => {
    const key = newKey();
    await storeApiKey(db(), SECRET, key, null);
    expect(await getActiveApiKey(db(), OTHER_SECRET, CONFIGURED)).toEqual({
      key: CONFIGURED,
      last4: "cdef",
      source: "configured",
      setAt: null,
      unreadable: true,
    });
    // With the right secret it reads again.
    expect((await getActiveApiKey(db(), SECRET, CONFIGURED)).key).toBe(key);
  });

  it("a key stored under the new secret replaces the unreadable one", async () => {
    await storeApiKey(db(), SECRET, newKey(), null);
    const key = newKey();
    await storeApiKey(db(), OTHER_SECRET, key, null);
    expect(await getActiveApiKey(db(), OTHER_SECRET, CONFIGURED)).toMatchObject({
      key,
      source: "stored",
      unreadable: false,
    });
  });

  it("stores only 32 hexadecimal characters", async () => {
    const refused = [
      "",
      "0123456789abcdef0123456789abcde", // 31
      "0123456789abcdef0123456789abcdef0", // 33
      "0123456789abcdef0123456789abcdeg",
      " 0123456789abcdef0123456789abcdef",
      "0123456789abcdef0123456789abcdef\n",
      "0123456789abcdef-0123456789abcde",
    ];
    for (const key of refused) {
      await expect(storeApiKey(db(), SECRET, key, null), JSON.stringify(key)).rejects.toThrow(
        "An API key is 32 hexadecimal characters",
      );
    }
    expect(await db().select().from(apiKeys)).toEqual([]);

    const upper = "0123456789ABCDEF0123456789ABCDEF";
    expect(API_KEY_PATTERN.test(upper)).toBe(true);
    await storeApiKey(db(), SECRET, upper, null);
    expect(await getActiveApiKey(db(), SECRET, CONFIGURED)).toMatchObject({ key: upper, last4: "CDEF" });
  });

  it("the database never holds the plain key", async () => {
    const key = newKey();
    await storeApiKey(db(), SECRET, key, null);
    const [row] = await db().select().from(apiKeys);
    expect(row!.encrypted).not.toContain(key);
    expect(row!.encrypted).not.toContain(key.toUpperCase());
    expect(JSON.stringify(row)).not.toContain(key);
    expect(row!.last4).toBe(key.slice(-4));
    expect(row!.keyId).toBe(SECRET.current.id);
    expect(unseal(SECRET, API_KEY_PURPOSE, { keyId: row!.keyId, ciphertext: row!.encrypted })).toBe(key);
    const [byText] = await db().select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.encrypted, key));
    expect(byText).toBeUndefined();
  });

  it("reads a key stored before key ids with the AUTH_SECRET it was stored under, as before", async () => {
    const authSecret = "legacy-Auth-secret-3Fh8Jk2Lp5Qw";
    const key = newKey();
    await db()
      .insert(apiKeys)
      .values({ encrypted: legacyCiphertext(key, authSecret), last4: key.slice(-4) });
    // An existing install: no DAYBOOK_ENCRYPTION_KEY yet, or one just set.
    expect((await getActiveApiKey(db(), buildKeyring({ authSecret }), CONFIGURED)).key).toBe(key);
    expect(
      (
        await getActiveApiKey(
          db(),
          buildKeyring({ authSecret, encryptionKey: "Mq4-new-key-9Tz7Wx2Bn5Rc8" }),
          CONFIGURED,
        )
      ).key,
    ).toBe(key);
    // AUTH_SECRET rotated: unreadable, unless the old one is given as the previous key.
    const rotated = { authSecret: "rotated-Auth-secret-6Gd1Ks9Vm3Xe" };
    expect(await getActiveApiKey(db(), buildKeyring(rotated), CONFIGURED)).toMatchObject({ unreadable: true });
    expect((await getActiveApiKey(db(), buildKeyring({ ...rotated, previousKey: authSecret }), CONFIGURED)).key).toBe(
      key,
    );
  });

  it("rotation re-encrypts every stored key under the current key, and the old key is no longer needed", async () => {
    const authSecret = "legacy-Auth-secret-3Fh8Jk2Lp5Qw";
    const oldKey = "Oa3-old-encryption-key-7Yu2Ie5Rt8";
    const newEncryptionKey = "Nz8-new-encryption-key-4Ws6Qd1Xc3";
    const legacy = newKey();
    const older = newKey();
    await db()
      .insert(apiKeys)
      .values({ encrypted: legacyCiphertext(legacy, authSecret), last4: legacy.slice(-4) });
    await storeApiKey(db(), buildKeyring({ authSecret, encryptionKey: oldKey }), older, null);
    // The new key with the old one beside it: both rows read before the rotation.
    const during = buildKeyring({ authSecret, encryptionKey: newEncryptionKey, previousKey: oldKey });
    const result = await db().transaction((tx) => rotateSecrets(tx, during, [apiKeySecrets]));
    expect(result).toEqual({ keyId: during.current.id, stores: [{ name: "API keys", reencrypted: 2, current: 0 }] });
    const rows = await db().select().from(apiKeys).orderBy(apiKeys.id);
    expect(rows.map((row) => row.keyId)).toEqual([during.current.id, during.current.id]);
    // Afterwards the new key alone reads them, under any AUTH_SECRET.
    const after = buildKeyring({ authSecret: "rotated-Auth-secret-6Gd1Ks9Vm3Xe", encryptionKey: newEncryptionKey });
    expect(rows.map((row) => unseal(after, API_KEY_PURPOSE, { keyId: row.keyId, ciphertext: row.encrypted }))).toEqual([
      legacy,
      older,
    ]);
    expect((await getActiveApiKey(db(), after, CONFIGURED)).key).toBe(older);
    // A second run finds nothing to do.
    expect((await rotateSecrets(db(), after, [apiKeySecrets])).stores).toEqual([
      { name: "API keys", reencrypted: 0, current: 2 },
    ]);
  });

  it("rotation changes nothing when a stored key is under a key it was not given", async () => {
    const authSecret = "legacy-Auth-secret-3Fh8Jk2Lp5Qw";
    await storeApiKey(
      db(),
      buildKeyring({ authSecret, encryptionKey: "Lost-encryption-key-5Hj8Kl2Zx7Cv" }),
      newKey(),
      null,
    );
    const before = await db().select().from(apiKeys);
    const keyring = buildKeyring({ authSecret, encryptionKey: "Nz8-new-encryption-key-4Ws6Qd1Xc3" });
    const error = await db()
      .transaction((tx) => rotateSecrets(tx, keyring, [apiKeySecrets]))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RotationError);
    expect((error as Error).message).toContain("DAYBOOK_PREVIOUS_ENCRYPTION_KEY");
    expect(await db().select().from(apiKeys)).toEqual(before);
  });
});
