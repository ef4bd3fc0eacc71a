import { describe, expect, it } from "vitest";

import { buildKeyring, keyFromSecret, needsRotation, seal, UnknownEncryptionKeyError, unseal } from "./index";

const AUTH_SECRET = "auth-Secret-for-tests-8Rk3Vn6Ty1";
const KEY = "Xy7-encryption-key-for-tests-4Qz9Lm2Pw";
const keyring = buildKeyring({ encryptionKey: KEY, authSecret: AUTH_SECRET });

describe("stored-secret encryption", () => {
  it("decrypts what it encrypted, for any purpose", () => {
    for (const plain of ["a1b2c3d4e5f60718293a4b5c6d7e8f90", "", "ünïcødé ✓ and a longer text ".repeat(20)]) {
      for (const purpose of ["partner-api-key", "totp-secret"]) {
        expect(unseal(keyring, purpose, seal(keyring, purpose, plain))).toBe(plain);
      }
    }
  });

  it("names the key it used, by an id that is not the key", () => {
    const sealed = seal(keyring, "partner-api-key", "x");
    expect(sealed.keyId).toBe(keyFromSecret(KEY).id);
    expect(sealed.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(KEY).not.toContain(sealed.keyId);
    // The same text as AUTH_SECRET and as an encryption key gives two different keys.
    expect(keyFromSecret(KEY, "auth-secret").id).not.toBe(sealed.keyId);
  });

  it("gives a different ciphertext each time, none containing the plain text", () => {
    const plain = "0123456789abcdef0123456789abcdef";
    const ciphertexts = Array.from({ length: 5 }, () => seal(keyring, "partner-api-key", plain).ciphertext);
    expect(new Set(ciphertexts).size).toBe(5);
    for (const ciphertext of ciphertexts) {
      expect(Buffer.from(ciphertext, "base64").toString("latin1")).not.toContain(plain);
      // iv (12) ‖ tag (16) ‖ ciphertext (as long as the plain text)
      expect(Buffer.from(ciphertext, "base64")).toHaveLength(12 + 16 + plain.length);
    }
  });

  it("refuses data that was tampered with, a ciphertext of another purpose, or one relabelled", () => {
    const sealed = seal(keyring, "partner-api-key", "secret value");
    const data = Buffer.from(sealed.ciphertext, "base64");
    for (const offset of [0, 12, 28, data.length - 1]) {
      const tampered = Buffer.from(data);
      tampered[offset] = tampered[offset]! ^ 0x01;
      expect(() =>
        unseal(keyring, "partner-api-key", { ...sealed, ciphertext: tampered.toString("base64") }),
      ).toThrow();
    }
    expect(() =>
      unseal(keyring, "partner-api-key", { ...sealed, ciphertext: data.subarray(0, 20).toString("base64") }),
    ).toThrow();
    expect(() => unseal(keyring, "totp-secret", sealed)).toThrow();
    // Relabelled with another known key's id: the id is authenticated too.
    const derivedId = keyFromSecret(AUTH_SECRET, "auth-secret").id;
    expect(() => unseal(keyring, "partner-api-key", { ...sealed, keyId: derivedId })).toThrow();
  });

  it("says which key is missing when a ciphertext names a key it does not know", () => {
    const other = buildKeyring({ encryptionKey: "Jb5-other-encryption-key-2Wc8Hd4Gs", authSecret: AUTH_SECRET });
    const sealed = seal(other, "partner-api-key", "x");
    const error = (() => {
      try {
        unseal(keyring, "partner-api-key", sealed);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(UnknownEncryptionKeyError);
    expect(error).toMatchObject({ keyId: sealed.keyId });
  });

  it("without DAYBOOK_ENCRYPTION_KEY, encrypts under a key derived from AUTH_SECRET, which a later key still reads", () => {
    const before = buildKeyring({ authSecret: AUTH_SECRET });
    expect(before.current.id).toBe(keyFromSecret(AUTH_SECRET, "auth-secret").id);
    const sealed = seal(before, "partner-api-key", "kept");
    expect(unseal(keyring, "partner-api-key", sealed)).toBe("kept");
    expect(needsRotation(keyring, sealed)).toBe(true);
    expect(needsRotation(keyring, seal(keyring, "partner-api-key", "new"))).toBe(false);
  });

  it("reads with the previous key after a change of key, and only with it", () => {
    const old = buildKeyring({ encryptionKey: KEY, authSecret: AUTH_SECRET });
    const sealed = seal(old, "partner-api-key", "kept");
    const next = { encryptionKey: "Nz8-new-encryption-key-4Ws6Qd1Xc3", authSecret: AUTH_SECRET };
    expect(() => unseal(buildKeyring(next), "partner-api-key", sealed)).toThrow(UnknownEncryptionKeyError);
    expect(unseal(buildKeyring({ ...next, previousKey: KEY }), "partner-api-key", sealed)).toBe("kept");
  });
});
