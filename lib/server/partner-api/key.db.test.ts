import { randomBytes } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { apiKeys } from "@/lib/server/db/schema";
import {
  API_KEY_PATTERN,
  decryptSecret,
  encryptSecret,
  getActiveApiKey,
  storeApiKey,
} from "@/lib/server/partner-api/key";
import { addUser, uniqueEmail } from "@/tests/support/access-fixtures";
import { describeEachDatabase } from "@/tests/support/databases";

const SECRET = "test-auth-secret-0123456789abcdef";
const OTHER_SECRET = "another-auth-secret-fedcba9876543210";
const CONFIGURED = "0123456789abcdef0123456789abcdef";
const newKey = () => randomBytes(16).toString("hex");

describe("API key encryption", () => {
  it("decrypts what it encrypted", () => {
    for (const plain of ["a1b2c3d4e5f60718293a4b5c6d7e8f90", "", "ünïcødé ✓ and a longer text ".repeat(20)]) {
      expect(decryptSecret(encryptSecret(plain, SECRET), SECRET)).toBe(plain);
    }
  });

  it("gives a different ciphertext each time, none containing the plain text", () => {
    const plain = newKey();
    const ciphertexts = Array.from({ length: 5 }, () => encryptSecret(plain, SECRET));
    expect(new Set(ciphertexts).size).toBe(5);
    for (const ciphertext of ciphertexts) {
      expect(ciphertext).not.toContain(plain);
      expect(Buffer.from(ciphertext, "base64").toString("latin1")).not.toContain(plain);
      // iv (12) ‖ tag (16) ‖ ciphertext (as long as the plain text)
      expect(Buffer.from(ciphertext, "base64")).toHaveLength(12 + 16 + plain.length);
    }
  });

  it("refuses data that was tampered with", () => {
    const encrypted = Buffer.from(encryptSecret(newKey(), SECRET), "base64");
    for (const offset of [0, 12, 28, encrypted.length - 1]) {
      const tampered = Buffer.from(encrypted);
      tampered[offset] = tampered[offset]! ^ 0x01;
      expect(() => decryptSecret(tampered.toString("base64"), SECRET), `byte ${offset}`).toThrow();
    }
    expect(() => decryptSecret(encrypted.subarray(0, 30).toString("base64"), SECRET)).toThrow();
    expect(() => decryptSecret("", SECRET)).toThrow();
  });

  it("refuses to decrypt under another secret", () => {
    const encrypted = encryptSecret(newKey(), SECRET);
    expect(() => decryptSecret(encrypted, OTHER_SECRET)).toThrow();
    expect(() => decryptSecret(encrypted, `${SECRET} `)).toThrow();
  });
});

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
    expect(decryptSecret(row!.encrypted, SECRET)).toBe(key);
    const [byText] = await db().select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.encrypted, key));
    expect(byText).toBeUndefined();
  });
});
