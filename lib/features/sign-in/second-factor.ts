import "server-only";

import { auditFor } from "@/lib/server/audit/record";
import { clientAddress } from "@/lib/server/audit/request";
import {
  challengeUser,
  looksLikeRecoveryCode,
  markChallengeVerified,
  redeemRecoveryCode,
} from "@/lib/server/auth/second-factor";
import { reserveAttempt, settleFailure, settleSuccess } from "@/lib/server/auth/throttle";
import { findUserById } from "@/lib/server/auth/users";
import { getDb } from "@/lib/server/db";
import { getKeyring } from "@/lib/server/encryption/keyring";
import { countSignInFailure, countSignInThrottle } from "@/lib/server/metrics";
import { verifyTotp } from "@/lib/server/totp";

/** The throttle's account key for the second step: a count of its own, which a correct password does not clear. */
export function secondFactorThrottleAccount(email: string): string {
  return `second-factor:${email}`;
}

export type CodeCheck = "verified" | "invalid_code" | "locked" | "expired";

/**
 * The sign-in's second step: a code from the authenticator app, or a recovery code, for the
 * account whose correct password made the challenge. Throttled like passwords: the attempt is
 * reserved (on the account's second-step count) before the code is checked, and failures lock the
 * same way. A TOTP code is accepted once (its time step is remembered), a
 * recovery code once. An accepted code marks the challenge verified: Auth.js then starts the
 * session from it (lib/server/auth/authorize.ts).
 */
export async function checkSignInCode(challenge: string, code: string, headers: Headers): Promise<CodeCheck> {
  const db = await getDb();
  const userId = await challengeUser(db, challenge);
  const user = userId ? await findUserById(db, userId) : undefined;
  if (!user) {
    countSignInFailure("expired");
    return "expired";
  }
  const audit = auditFor(db, {
    actor: { id: user.id, email: user.email },
    target: user.email,
    clientAddress: clientAddress(headers),
  });

  // Counted per account only: the step is reached only with the account's correct password, so
  // the address limit (against guessing across many accounts) has nothing to add, and an office's
  // mistyped codes do not use up the address's attempts for everyone's passwords.
  const reserved = await reserveAttempt(db, { account: secondFactorThrottleAccount(user.email), address: null });
  if (!reserved.ok) {
    countSignInThrottle("locked");
    await audit({ action: "sign_in.locked", outcome: "failure", details: { step: "second factor" } });
    return "locked";
  }

  const recovery = looksLikeRecoveryCode(code);
  const accepted = recovery
    ? await redeemRecoveryCode(db, user.id, code)
    : await verifyTotp(db, user, code, getKeyring());
  if (!accepted) {
    countSignInFailure("invalid_code");
    const locked = await settleFailure(db, reserved.reservation);
    await audit({
      action: "sign_in.failure",
      outcome: "failure",
      details: { step: "second factor", ...(locked && { lockedUntil: locked.toISOString() }) },
    });
    return locked ? "locked" : "invalid_code";
  }
  await settleSuccess(db, reserved.reservation, secondFactorThrottleAccount(user.email));
  if (recovery) {
    await audit({ action: "two_factor.recovery_code_used" });
  }
  await markChallengeVerified(db, challenge, recovery ? "recovery code" : "authenticator app");
  return "verified";
}
