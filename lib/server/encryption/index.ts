import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";

/**
 * Encryption of secrets Daybook stores (the Partner API key, and any other secret a feature keeps):
 * AES-256-GCM under a keyring. Every ciphertext is stored with the id of the key that made it, so a
 * changed key is recognised as such (not mistaken for tampering), a ciphertext is read with
 * whichever known key it names, and `npm run rotate-encryption-key` can move every one to the
 * current key. Free of `server-only` so that scripts and tests can use it.
 */

export interface EncryptionKey {
  /** Public: a hash of the key, stored beside each ciphertext. */
  id: string;
  material: Buffer;
}

export interface Keyring {
  /** Encrypts everything new. */
  current: EncryptionKey;
  /** Every key a stored ciphertext may name, the current one first. */
  known: readonly EncryptionKey[];
  /** Secrets whose old derivation (before key ids) may have encrypted a row with no key id. */
  legacySecrets: readonly string[];
}

/** A stored secret: the ciphertext (base64 of iv ‖ tag ‖ ciphertext) and the id of its key. */
export interface Sealed {
  keyId: string;
  ciphertext: string;
}

/** A stored row's view of it: rows stored before key ids existed have none. */
export interface StoredCiphertext {
  keyId: string | null;
  ciphertext: string;
}

export class UnknownEncryptionKeyError extends Error {
  constructor(readonly keyId: string | null) {
    super(
      keyId === null
        ? "the secret was stored under an AUTH_SECRET Daybook no longer has"
        : `the secret was stored under encryption key ${keyId}, which Daybook no longer has`,
    );
    this.name = "UnknownEncryptionKeyError";
  }
}

const SALT = "daybook";

/**
 * A key from a configured secret (DAYBOOK_ENCRYPTION_KEY), or from AUTH_SECRET for installs that
 * have no key of their own (`source` keeps the two apart: the same text gives two different keys).
 */
export function keyFromSecret(
  secret: string,
  source: "encryption-key" | "auth-secret" = "encryption-key",
): EncryptionKey {
  const material = Buffer.from(hkdfSync("sha256", secret, SALT, `keyring/${source}`, 32));
  const id = createHash("sha256").update("daybook key id\0").update(material).digest("hex").slice(0, 16);
  return { id, material };
}

export interface KeyringSecrets {
  /** DAYBOOK_ENCRYPTION_KEY; unset: a key derived from AUTH_SECRET. */
  encryptionKey?: string;
  /** DAYBOOK_PREVIOUS_ENCRYPTION_KEY: a key (or AUTH_SECRET) stored secrets may still be under. */
  previousKey?: string;
  authSecret: string;
}

export function buildKeyring({ encryptionKey, previousKey, authSecret }: KeyringSecrets): Keyring {
  const derived = keyFromSecret(authSecret, "auth-secret");
  const candidates = [
    encryptionKey === undefined ? derived : keyFromSecret(encryptionKey),
    // An install that has just set DAYBOOK_ENCRYPTION_KEY still reads what it stored before.
    derived,
    ...(previousKey === undefined ? [] : [keyFromSecret(previousKey), keyFromSecret(previousKey, "auth-secret")]),
  ];
  const known = candidates.filter((key, index) => candidates.findIndex((other) => other.id === key.id) === index);
  return {
    current: known[0]!,
    known,
    legacySecrets: previousKey === undefined ? [authSecret] : [authSecret, previousKey],
  };
}

/** One key per purpose: a ciphertext made for one purpose never decrypts as another's. */
function purposeKey(material: Buffer | string, info: string): Buffer {
  return Buffer.from(hkdfSync("sha256", material, SALT, info, 32));
}

function additionalData(purpose: string, keyId: string): Buffer {
  return Buffer.from(`daybook\0${purpose}\0${keyId}`, "utf8");
}

function gcmEncrypt(key: Buffer, plain: string, aad?: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  if (aad) cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
}

function gcmDecrypt(key: Buffer, ciphertext: string, aad?: Buffer): string {
  const data = Buffer.from(ciphertext, "base64");
  if (data.length < 28) throw new Error("the stored secret is truncated");
  const decipher = createDecipheriv("aes-256-gcm", key, data.subarray(0, 12), { authTagLength: 16 });
  if (aad) decipher.setAAD(aad);
  decipher.setAuthTag(data.subarray(12, 28));
  return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString("utf8");
}

/**
 * Encrypts `plain` under the current key. `purpose` names what it is ("partner-api-key",
 * "totp-secret", …): it selects a key of its own and is authenticated with the key id.
 */
export function seal(keyring: Keyring, purpose: string, plain: string): Sealed {
  const { id, material } = keyring.current;
  return {
    keyId: id,
    ciphertext: gcmEncrypt(purposeKey(material, `purpose/${purpose}`), plain, additionalData(purpose, id)),
  };
}

/**
 * Decrypts with the key the ciphertext names. Throws UnknownEncryptionKeyError when no known key
 * has that id, and another error when the data was tampered with.
 */
export function unseal(keyring: Keyring, purpose: string, stored: StoredCiphertext): string {
  if (stored.keyId === null) return unsealLegacy(keyring, purpose, stored.ciphertext);
  const key = keyring.known.find((candidate) => candidate.id === stored.keyId);
  if (!key) throw new UnknownEncryptionKeyError(stored.keyId);
  return gcmDecrypt(purposeKey(key.material, `purpose/${purpose}`), stored.ciphertext, additionalData(purpose, key.id));
}

/** Rows stored before key ids: AES-256-GCM under HKDF(AUTH_SECRET, "daybook", "<purpose>/v1"), no AAD. */
function unsealLegacy(keyring: Keyring, purpose: string, ciphertext: string): string {
  for (const secret of keyring.legacySecrets) {
    try {
      return gcmDecrypt(purposeKey(secret, `${purpose}/v1`), ciphertext);
    } catch {
      // the next secret
    }
  }
  throw new UnknownEncryptionKeyError(null);
}

/** Whether a stored ciphertext is under a key other than the current one. */
export function needsRotation(keyring: Keyring, stored: StoredCiphertext): boolean {
  return stored.keyId !== keyring.current.id;
}
