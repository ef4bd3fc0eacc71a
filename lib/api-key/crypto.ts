import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

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
