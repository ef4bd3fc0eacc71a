import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

import { hasSecondFactor, replaceRecoveryCodes } from "@/lib/server/auth/second-factor";
import { userSecondFactors } from "@/lib/server/db/schema";
import type { Database } from "@/lib/server/db/types";
import { seal, unseal, type Keyring } from "@/lib/server/encryption";
import type { SecretStore } from "@/lib/server/encryption/rotate";

/*
 * The TOTP secret: sealed under the encryption keyring (DAYBOOK_ENCRYPTION_KEY, a purpose of its
 * own, a key id per row), and read only here. Kept apart from lib/server/auth, which the keyring
 * depends on for AUTH_SECRET: auth itself never needs the TOTP secret.
 */
const TOTP_PURPOSE = "totp-secret";

/**
 * TOTP as authenticator apps expect it (RFC 6238: SHA-1, 6 digits, 30 seconds), with otpauth doing
 * the arithmetic. One step either side is accepted, for a phone whose clock is a little off.
 */
const TOTP_PARAMS = { issuer: "Daybook", algorithm: "SHA1", digits: 6, period: 30 } as const;
const TOTP_WINDOW = 1;

function totpFor(email: string, base32: string): TOTP {
  return new TOTP({ ...TOTP_PARAMS, label: email, secret: Secret.fromBase32(base32) });
}

function stepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PARAMS.period);
}

/**
 * The time step a code belongs to, or null when it matches none in the window. otpauth compares
 * codes in constant time.
 */
function matchingStep(email: string, base32: string, code: string, now: Date): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(email, base32).validate({ token, timestamp: now.getTime(), window: TOTP_WINDOW });
  return delta === null ? null : stepAt(now) + delta;
}

export interface Enrolment {
  /** Base32, as a person types it into an authenticator app. */
  secret: string;
  /** The otpauth:// address the QR code carries. */
  uri: string;
  /** The QR code as an SVG data URL: drawn on the server, allowed by the page's `img-src data:`. */
  qrDataUrl: string;
}

/**
 * Starts (or starts again) enrolment: a new secret, stored encrypted, not yet in force. Refused
 * while a second factor is on: turning it off comes first.
 */
export async function startEnrolment(
  db: Database,
  user: { id: string; email: string },
  keyring: Keyring,
): Promise<Enrolment | null> {
  if (await hasSecondFactor(db, user.id)) return null;
  const secret = new Secret({ size: 20 }).base32;
  const sealed = seal(keyring, TOTP_PURPOSE, secret);
  await db
    .insert(userSecondFactors)
    .values({ userId: user.id, secretEncrypted: sealed.ciphertext, keyId: sealed.keyId })
    .onConflictDoUpdate({
      target: userSecondFactors.userId,
      set: {
        secretEncrypted: sealed.ciphertext,
        keyId: sealed.keyId,
        enabledAt: null,
        lastUsedStep: null,
        createdAt: sql`now()`,
      },
    });
  const uri = totpFor(user.email, secret).toString();
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, uri, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

export type ConfirmResult =
  { ok: true; recoveryCodes: string[] } | { ok: false; reason: "no_enrolment" | "wrong_code" };

/** The first code turns the second factor on, and the recovery codes are made (shown this once). */
export async function confirmEnrolment(
  db: Database,
  user: { id: string; email: string },
  code: string,
  keyring: Keyring,
  now = new Date(),
): Promise<ConfirmResult> {
  const [row] = await db.select().from(userSecondFactors).where(eq(userSecondFactors.userId, user.id));
  if (!row || row.enabledAt) return { ok: false, reason: "no_enrolment" };
  const step = matchingStep(user.email, readSecret(row, keyring), code, now);
  if (step === null) return { ok: false, reason: "wrong_code" };
  const [enabled] = await db
    .update(userSecondFactors)
    .set({ enabledAt: now, lastUsedStep: step })
    .where(and(eq(userSecondFactors.userId, user.id), isNull(userSecondFactors.enabledAt)))
    .returning();
  if (!enabled) return { ok: false, reason: "no_enrolment" };
  return { ok: true, recoveryCodes: await replaceRecoveryCodes(db, user.id) };
}

function readSecret(row: { secretEncrypted: string; keyId: string | null }, keyring: Keyring): string {
  try {
    return unseal(keyring, TOTP_PURPOSE, { keyId: row.keyId, ciphertext: row.secretEncrypted });
  } catch {
    // Sealed under a key Daybook no longer has: no code can match; an admin resets the second factor.
    return "";
  }
}

/** Every TOTP secret, for `npm run rotate-encryption-key`. */
export const totpSecrets: SecretStore = {
  name: "two-factor secrets",
  purpose: TOTP_PURPOSE,
  list: (db) =>
    db
      .select({
        id: userSecondFactors.userId,
        keyId: userSecondFactors.keyId,
        ciphertext: userSecondFactors.secretEncrypted,
      })
      .from(userSecondFactors)
      .orderBy(userSecondFactors.userId),
  update: async (db, id, sealed) => {
    await db
      .update(userSecondFactors)
      .set({ secretEncrypted: sealed.ciphertext, keyId: sealed.keyId })
      .where(eq(userSecondFactors.userId, String(id)));
  },
};

/**
 * Checks a TOTP code of an enabled second factor. A code is accepted once: its time step must be
 * later than the last one accepted, and the update that records it is conditional on that, so the
 * same code sent twice at once is accepted only once.
 */
export async function verifyTotp(
  db: Database,
  user: { id: string; email: string },
  code: string,
  keyring: Keyring,
  now = new Date(),
): Promise<boolean> {
  const [row] = await db.select().from(userSecondFactors).where(eq(userSecondFactors.userId, user.id));
  if (!row?.enabledAt) return false;
  const secret = readSecret(row, keyring);
  if (!secret) return false;
  const step = matchingStep(user.email, secret, code, now);
  if (step === null) return false;
  const [accepted] = await db
    .update(userSecondFactors)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(userSecondFactors.userId, user.id),
        or(isNull(userSecondFactors.lastUsedStep), lt(userSecondFactors.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userSecondFactors.userId });
  return !!accepted;
}
