/**
 * The keyed hashes a person is found by for a privacy request. A plain hash of a name and a date of
 * birth can be reversed by trying every date and the common names, so they are HMAC-SHA-256 under a
 * key of their own: 32 random bytes made once per database (by whichever instance asks first) and
 * stored sealed like the API key, so a copy of the database alone does not open them. The raw value
 * a person is searched by is hashed here and never reaches a query, a URL or the log. (No
 * "server-only" mark: `npm run rotate-encryption-key` re-seals the key outside Next.)
 */

import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";

import { normalizeBirthDate, normalizeDocumentNumber, normalizePersonName } from "@/lib/core/privacy";
import { privacyMatchKey } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";
import { seal, unseal, type Keyring } from "@/lib/server/encryption";
import type { SecretStore } from "@/lib/server/encryption/rotate";
import { processWide } from "@/lib/server/process-state";

const PURPOSE = "privacy-match-key";

/** The key, once read, by database: it never changes (rotation re-seals the same bytes). */
const cached = processWide("privacy.matchKey", () => new WeakMap<object, Promise<Buffer>>());

/** The database's match key, made on first use. */
export function getMatchKey(db: Executor, keyring: Keyring): Promise<Buffer> {
  const held = cached.get(db);
  if (held) return held;
  const reading = readOrCreate(db, keyring);
  cached.set(db, reading);
  reading.catch(() => cached.delete(db));
  return reading;
}

async function readOrCreate(db: Executor, keyring: Keyring): Promise<Buffer> {
  const sealed = seal(keyring, PURPOSE, randomBytes(32).toString("base64"));
  // Two instances asking at once: one insert wins, and both read the winner.
  await db
    .insert(privacyMatchKey)
    .values({ id: 1, encrypted: sealed.ciphertext, keyId: sealed.keyId })
    .onConflictDoNothing();
  const [row] = await db.select().from(privacyMatchKey).where(eq(privacyMatchKey.id, 1));
  return Buffer.from(unseal(keyring, PURPOSE, { keyId: row!.keyId, ciphertext: row!.encrypted }), "base64");
}

/**
 * The HMAC cut to its first 128 bits, in base64url (22 characters): a year of a group's arrivals
 * holds three per arrival and an index of one, and 128 bits keep two people's keys from ever meeting
 * (truncation is allowed for HMAC; a collision among 10⁸ values has a chance near 10⁻²³).
 */
export const MATCH_KEY_BYTES = 16;

function digest(key: Buffer, purpose: string, value: string): string {
  return createHmac("sha256", key)
    .update(`${purpose}\u0000${value}`)
    .digest()
    .subarray(0, MATCH_KEY_BYTES)
    .toString("base64url");
}

/** The keys of one person as searched for, or of one stored arrival; null where the value is absent. */
export interface PersonKeys {
  nameKey: string | null;
  birthKey: string | null;
  documentKey: string | null;
}

/** Keys of a name (first and last: a middle name is often left out when a guest asks) and optional date and number. */
export function personKeys(
  key: Buffer,
  person: {
    firstName?: string | null;
    lastName?: string | null;
    name?: string;
    dateOfBirth?: string | null;
    documentNumber?: string | null;
  },
): PersonKeys {
  const name =
    person.name !== undefined
      ? normalizePersonName(person.name)
      : normalizePersonName(person.firstName, person.lastName);
  const birth = person.dateOfBirth ? normalizeBirthDate(person.dateOfBirth) : null;
  const document = person.documentNumber ? normalizeDocumentNumber(person.documentNumber) : "";
  return {
    nameKey: name ? digest(key, "name", name) : null,
    birthKey: birth ? digest(key, "birth", birth) : null,
    documentKey: document ? digest(key, "document", document) : null,
  };
}

/** The match key, for `npm run rotate-encryption-key`. */
export const matchKeySecrets: SecretStore = {
  name: "privacy match key",
  purpose: PURPOSE,
  list: async (db) =>
    (await db.select().from(privacyMatchKey)).map((row) => ({
      id: row.id,
      keyId: row.keyId,
      ciphertext: row.encrypted,
    })),
  update: async (db, id, sealed) => {
    await db
      .update(privacyMatchKey)
      .set({ encrypted: sealed.ciphertext, keyId: sealed.keyId })
      .where(eq(privacyMatchKey.id, Number(id)));
  },
};

/**
 * Whether an arrival's keys are the person's: the same name and date of birth (or, where the
 * arrival's policy did not keep the date of birth, the name alone), or the same document number.
 */
export function matchesPerson(arrival: PersonKeys, person: PersonKeys): boolean {
  if (person.documentKey !== null && arrival.documentKey === person.documentKey) return true;
  if (person.nameKey === null || arrival.nameKey !== person.nameKey) return false;
  return person.birthKey === null || arrival.birthKey === null || arrival.birthKey === person.birthKey;
}
