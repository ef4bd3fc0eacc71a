import "server-only";

import { z } from "zod";

import { textInput } from "@/lib/core/text-input";
import { auditFor } from "@/lib/server/audit/record";
import { clientAddress } from "@/lib/server/audit/request";
import { getDb } from "@/lib/server/db";
import { countSignInFailure, countSignInThrottle } from "@/lib/server/metrics";

import { decoyHash, verifyPassword } from "./password";
import { consumeVerifiedChallenge, createChallenge, hasSecondFactor } from "./second-factor";
import { startSession } from "./sessions";
import { getSsoState } from "./sso-settings";
import { reserveAttempt, settleFailure, settleSuccess } from "./throttle";
import { findUserByEmail, findUserById, normalizeEmail } from "./users";

const credentialsSchema = z.object({
  email: textInput().trim().min(3).max(320),
  password: z.string().min(1).max(1024),
});

const challengeSchema = z.object({ challenge: textInput().min(1).max(64) });

/**
 * Why a sign-in was refused, as the sign-in page explains it. "second_factor" is no refusal: the
 * password was right and the account's code comes next, with `challenge` standing for the password.
 */
export type SignInRefusal = "invalid" | "locked" | "disabled" | "second_factor" | "expired" | "sso_only";

export type AuthorizeResult =
  | { ok: true; user: { id: string; email: string; name: string; sid: string } }
  | { ok: false; refusal: SignInRefusal; challenge?: string };

/**
 * Checks e-mail and password under the throttle, audits the outcome, and opens a session. An
 * unknown e-mail costs the same time and counts toward a lock the same way as a known one, so
 * neither the answer nor its timing tells whether an account exists.
 */
export async function authorizeCredentials(raw: unknown, request: Request): Promise<AuthorizeResult> {
  const db = await getDb();
  const parsed = credentialsSchema.safeParse(raw);
  if (!parsed.success) {
    countSignInFailure("invalid_password");
    return { ok: false, refusal: "invalid" };
  }
  const email = normalizeEmail(parsed.data.email);
  const address = clientAddress(request.headers);
  const keys = { account: email, address };

  const user = await findUserByEmail(db, email);
  const actor = user ? { id: user.id, email: user.email } : null;
  const target = user ? user.email : "unknown account";
  const audit = auditFor(db, { actor, target, clientAddress: address });

  // Reserved before the ~0.4 s hash, so attempts at once cannot all slip in under the limit.
  const reserved = await reserveAttempt(db, keys);
  if (!reserved.ok) {
    countSignInThrottle("locked");
    await audit({ action: "sign_in.locked", outcome: "failure" });
    return { ok: false, refusal: "locked" };
  }

  const passwordMatches = await verifyPassword(parsed.data.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !passwordMatches) {
    // An unknown account counts as a wrong password, as the answer says: the metric tells no more.
    countSignInFailure("invalid_password");
    const locked = await settleFailure(db, reserved.reservation);
    await audit({
      action: "sign_in.failure",
      outcome: "failure",
      details: locked ? { lockedUntil: locked.toISOString() } : undefined,
    });
    return { ok: false, refusal: locked ? "locked" : "invalid" };
  }
  await settleSuccess(db, reserved.reservation, email);
  if (user.disabledAt) {
    countSignInFailure("disabled");
    await audit({ action: "sign_in.failure", outcome: "failure", details: { reason: "disabled" } });
    return { ok: false, refusal: "disabled" };
  }
  // Said only after a correct password, so that the answer tells nobody else whether the account exists.
  if (!(await passwordsAllowedFor(user))) {
    countSignInFailure("password_off");
    await audit({ action: "sign_in.failure", outcome: "failure", details: { reason: "password sign-in is off" } });
    return { ok: false, refusal: "sso_only" };
  }

  if (await hasSecondFactor(db, user.id)) {
    // No session yet: the code comes first. The audit says the password step passed.
    const challenge = await createChallenge(db, user.id);
    await audit({ action: "sign_in.password_ok", details: { next: "second factor" } });
    return { ok: false, refusal: "second_factor", challenge };
  }

  const sid = await startSession(db, user.id);
  await audit({ action: "sign_in.success" });
  return { ok: true, user: { id: user.id, email: user.email, name: user.name, sid } };
}

/** Password sign-in is off for everyone but break-glass accounts while the identity provider is on. */
async function passwordsAllowedFor(user: { breakGlass: boolean; role: string }): Promise<boolean> {
  if (user.breakGlass && user.role === "admin") return true;
  const state = await getSsoState();
  return !(state.enabled && state.policy.passwordSignIn === "break_glass");
}

/**
 * The end of the second step: the code was checked and accepted by the sign-in page's action (under
 * the throttle, see lib/features/sign-in/second-factor.ts), which marked the challenge verified. A
 * verified challenge starts one session; an unverified, used or expired one starts none.
 */
export async function authorizeVerifiedChallenge(raw: unknown, request: Request): Promise<AuthorizeResult> {
  const db = await getDb();
  const parsed = challengeSchema.safeParse(raw);
  if (!parsed.success) {
    countSignInFailure("expired");
    return { ok: false, refusal: "expired" };
  }
  const verified = await consumeVerifiedChallenge(db, parsed.data.challenge);
  const user = verified ? await findUserById(db, verified.userId) : undefined;
  if (!verified || !user) {
    countSignInFailure("expired");
    return { ok: false, refusal: "expired" };
  }
  const audit = auditFor(db, {
    actor: { id: user.id, email: user.email },
    target: user.email,
    clientAddress: clientAddress(request.headers),
  });
  if (user.disabledAt) {
    countSignInFailure("disabled");
    await audit({ action: "sign_in.failure", outcome: "failure", details: { reason: "disabled" } });
    return { ok: false, refusal: "disabled" };
  }
  const sid = await startSession(db, user.id);
  await audit({ action: "sign_in.success", details: { secondFactor: verified.verifiedWith } });
  return { ok: true, user: { id: user.id, email: user.email, name: user.name, sid } };
}
