import { createHash, randomInt } from "node:crypto";
import { and, count, eq, gt, isNotNull, isNull, lt, sql } from "drizzle-orm";

import { ROLES, type Role } from "@/lib/core/access";
import { recoveryCodes, signInChallenges, userSecondFactors } from "@/lib/server/db/schema";
import type { Database } from "@/lib/server/db/types";

/*
 * The second factor's records: whether it is on, the recovery codes, the sign-in challenges, and
 * which roles need one. The TOTP secret itself is stored, read and checked in lib/server/totp,
 * which holds its encryption: nothing here needs the secret.
 */

export const RECOVERY_CODE_COUNT = 10;

/** How long the sign-in's second step waits for its code after a correct password. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export interface SecondFactorState {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
}

export async function secondFactorState(db: Database, userId: string): Promise<SecondFactorState> {
  const [row] = await db.select().from(userSecondFactors).where(eq(userSecondFactors.userId, userId));
  if (!row?.enabledAt) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { enabled: true, enabledAt: row.enabledAt, recoveryCodesLeft: left?.n ?? 0 };
}

export async function hasSecondFactor(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabledAt: userSecondFactors.enabledAt })
    .from(userSecondFactors)
    .where(eq(userSecondFactors.userId, userId));
  return !!row?.enabledAt;
}

/** Unambiguous letters and digits (no 0/O, 1/I/L): read from paper and typed again. */
const RECOVERY_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** 10 characters from 31: about 50 bits, far beyond guessing under the throttle, so SHA-256 is enough. */
function newRecoveryCode(): string {
  let code = "";
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Case, spaces and dashes do not matter when a code is typed back. */
function hashRecoveryCode(code: string): string {
  const normalized = code.toUpperCase().replace(/[\s-]+/g, "");
  return createHash("sha256").update(`daybook-recovery:${normalized}`).digest("hex");
}

export function looksLikeRecoveryCode(code: string): boolean {
  return code.replace(/[\s-]+/g, "").length === 10;
}

/** New recovery codes replace every earlier one; the plain codes are returned this once and never stored. */
export async function replaceRecoveryCodes(db: Database, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  });
  return codes;
}

/** A recovery code works once: marking it used is the check, so two uses at once cannot both pass. */
export async function redeemRecoveryCode(db: Database, userId: string, code: string): Promise<boolean> {
  const [used] = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return !!used;
}

/** Turning off or resetting: the secret and every recovery code go. Returns whether there was one to remove. */
export async function removeSecondFactor(db: Database, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    const removed = await tx
      .delete(userSecondFactors)
      .where(eq(userSecondFactors.userId, userId))
      .returning({ enabledAt: userSecondFactors.enabledAt });
    return removed.some((row) => row.enabledAt !== null);
  });
}

/** After a correct password: the id the second step presents, good for CHALLENGE_TTL_MS. */
export async function createChallenge(db: Database, userId: string, now = new Date()): Promise<string> {
  // Old challenges of anyone are of no use: cleared here rather than by a job of their own.
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, now));
  const [row] = await db
    .insert(signInChallenges)
    .values({ userId, createdAt: now, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) })
    .returning({ id: signInChallenges.id });
  return row!.id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account a challenge stands for, while it has not run out. */
export async function challengeUser(db: Database, challengeId: string, now = new Date()): Promise<string | null> {
  if (!UUID.test(challengeId)) return null;
  const [row] = await db
    .select({ userId: signInChallenges.userId })
    .from(signInChallenges)
    .where(and(eq(signInChallenges.id, challengeId), gt(signInChallenges.expiresAt, now)));
  return row?.userId ?? null;
}

export type VerifiedWith = "authenticator app" | "recovery code";

/** A code was accepted for this challenge: a session may now start from it, once. */
export async function markChallengeVerified(db: Database, challengeId: string, how: VerifiedWith): Promise<void> {
  if (!UUID.test(challengeId)) return;
  await db.update(signInChallenges).set({ verifiedWith: how }).where(eq(signInChallenges.id, challengeId));
}

/**
 * A verified challenge, used once: deleting it is the check, so two sign-ins with it at once
 * cannot both start a session. An unverified or expired one gives nothing.
 */
export async function consumeVerifiedChallenge(
  db: Database,
  challengeId: string,
  now = new Date(),
): Promise<{ userId: string; verifiedWith: VerifiedWith } | null> {
  if (!UUID.test(challengeId)) return null;
  const [row] = await db
    .delete(signInChallenges)
    .where(
      and(
        eq(signInChallenges.id, challengeId),
        isNotNull(signInChallenges.verifiedWith),
        gt(signInChallenges.expiresAt, now),
      ),
    )
    .returning({ userId: signInChallenges.userId, verifiedWith: signInChallenges.verifiedWith });
  return row ? { userId: row.userId, verifiedWith: row.verifiedWith as VerifiedWith } : null;
}

/** The roles that must sign in with a second factor, as an admin set them. */
export const REQUIRED_ROLES_SETTING = "two_factor.required_roles";

/** Until an admin chooses: admins and supervisors in live mode, nobody in the demo (its accounts are published). */
export function defaultRequiredRoles(mode: "demo" | "live"): Role[] {
  return mode === "live" ? ["admin", "supervisor"] : [];
}

export function parseRoles(value: unknown): Role[] | null {
  if (!Array.isArray(value)) return null;
  return ROLES.filter((role) => value.includes(role));
}
