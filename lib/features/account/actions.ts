"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";

import type { Viewer } from "@/lib/core/access";
import { secondFactorThrottleAccount } from "@/lib/features/sign-in/second-factor";
import { recordAudit } from "@/lib/server/audit/record";
import { auditContext, clientAddress } from "@/lib/server/audit/request";
import { verifyPassword } from "@/lib/server/auth/password";
import { readRequiredRoles } from "@/lib/server/auth/required-steps";
import { removeSecondFactor, replaceRecoveryCodes } from "@/lib/server/auth/second-factor";
import { reserveAttempt, settleFailure, settleSuccess } from "@/lib/server/auth/throttle";
import { changeOwnPassword, findUserById } from "@/lib/server/auth/users";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";
import { getKeyring } from "@/lib/server/encryption/keyring";
import { accountAction, type ActionResult } from "@/lib/server/http/action";
import { confirmEnrolment, startEnrolment, verifyTotp } from "@/lib/server/totp";

import {
  changePasswordSchema,
  confirmSecondFactorSchema,
  disableSecondFactorSchema,
  newRecoveryCodesSchema,
  noInput,
} from "./schemas";
import type { EnrolmentData, RecoveryCodesData } from "./types";

const GONE: ActionResult<never> = {
  ok: false,
  code: "unauthenticated",
  message: "Your session has ended. Sign in again.",
};

/**
 * The current password, checked under the sign-in throttle (reserved before the hash, counted on
 * the account's own sign-in count): a session left open must not become a way to guess it.
 */
async function checkCurrentPassword(viewer: Viewer, password: string): Promise<"ok" | "wrong" | "locked" | "gone"> {
  const db = await getDb();
  const user = await findUserById(db, viewer.id);
  if (!user) return "gone";
  const keys = { account: user.email, address: clientAddress(await headers()) };
  const reserved = await reserveAttempt(db, keys);
  if (!reserved.ok) return "locked";
  if (!(await verifyPassword(password, user.passwordHash))) {
    await settleFailure(db, reserved.reservation);
    return "wrong";
  }
  await settleSuccess(db, reserved.reservation, user.email);
  return "ok";
}

const LOCKED: ActionResult<never> = {
  ok: false,
  code: "failed",
  message: "Too many failed attempts: try again in 15 minutes.",
};

const WRONG_PASSWORD: ActionResult<never> = {
  ok: false,
  code: "invalid",
  message: "Check the highlighted fields.",
  fieldErrors: { currentPassword: "That is not your current password." },
};

export const changePassword = accountAction(changePasswordSchema, async (input, { viewer }) => {
  const db = await getDb();
  const checked = await checkCurrentPassword(viewer, input.currentPassword);
  if (checked === "gone") return GONE;
  if (checked === "locked") return LOCKED;
  if (checked === "wrong") {
    await recordAudit(db, {
      ...(await auditContext(viewer)),
      action: "user.password_change",
      target: viewer.email,
      outcome: "failure",
      details: { reason: "wrong current password" },
    });
    return WRONG_PASSWORD;
  }
  const ended = await changeOwnPassword(db, viewer.id, input.password, viewer.sessionId);
  await recordAudit(db, {
    ...(await auditContext(viewer)),
    action: "user.password_change",
    target: viewer.email,
    details: { otherSessionsEnded: ended },
  });
  revalidatePath("/", "layout");
  return {
    ok: true,
    message:
      ended > 0
        ? `Password changed. You stay signed in here; ${ended === 1 ? "your other session has" : `your ${ended} other sessions have`} ended.`
        : "Password changed. You stay signed in here.",
  };
});

export const startSecondFactor = accountAction<typeof noInput, EnrolmentData>(noInput, async (_input, { viewer }) => {
  const enrolment = await startEnrolment(await getDb(), viewer, getKeyring());
  if (!enrolment) return { ok: false, code: "failed", message: "Two-factor sign-in is already on." };
  return { ok: true, data: { secret: enrolment.secret, qrDataUrl: enrolment.qrDataUrl } };
});

export const confirmSecondFactor = accountAction<typeof confirmSecondFactorSchema, RecoveryCodesData>(
  confirmSecondFactorSchema,
  async ({ code }, { viewer }) => {
    const db = await getDb();
    const confirmed = await confirmEnrolment(db, viewer, code, getKeyring());
    if (!confirmed.ok) {
      await recordAudit(db, {
        ...(await auditContext(viewer)),
        action: "two_factor.enable",
        target: viewer.email,
        outcome: "failure",
        details: { reason: confirmed.reason === "wrong_code" ? "wrong code" : "no enrolment started" },
      });
      return confirmed.reason === "wrong_code"
        ? {
            ok: false,
            code: "invalid",
            message: "Check the highlighted fields.",
            fieldErrors: { code: "That code does not match. Check the app's clock and enter the code shown now." },
          }
        : { ok: false, code: "failed", message: "Start the set-up again: no set-up was waiting for a code." };
    }
    await recordAudit(db, {
      ...(await auditContext(viewer)),
      action: "two_factor.enable",
      target: viewer.email,
      details: { recoveryCodes: confirmed.recoveryCodes.length },
    });
    return {
      ok: true,
      data: { recoveryCodes: confirmed.recoveryCodes },
      message: "Two-factor sign-in is on.",
    };
  },
);

export const newRecoveryCodes = accountAction<typeof newRecoveryCodesSchema, RecoveryCodesData>(
  newRecoveryCodesSchema,
  async ({ code }, { viewer, step }) => {
    if (step) return { ok: false, code: "forbidden", message: "Finish setting up your account first." };
    const db = await getDb();
    // Under the second step's own throttle: an open session must not become a way to guess codes.
    const keys = { account: secondFactorThrottleAccount(viewer.email), address: null };
    const reserved = await reserveAttempt(db, keys);
    if (!reserved.ok) return LOCKED;
    if (!(await verifyTotp(db, viewer, code, getKeyring()))) {
      await settleFailure(db, reserved.reservation);
      return {
        ok: false,
        code: "invalid",
        message: "Check the highlighted fields.",
        fieldErrors: { code: "That code does not match, or it was used already. Wait for the next one." },
      };
    }
    await settleSuccess(db, reserved.reservation, keys.account);
    const recoveryCodes = await replaceRecoveryCodes(db, viewer.id);
    await recordAudit(db, {
      ...(await auditContext(viewer)),
      action: "two_factor.recovery_codes",
      target: viewer.email,
      details: { recoveryCodes: recoveryCodes.length },
    });
    revalidatePath("/account");
    return { ok: true, data: { recoveryCodes }, message: "New recovery codes made; the earlier ones no longer work." };
  },
);

export const disableSecondFactor = accountAction(disableSecondFactorSchema, async (input, { viewer, step }) => {
  if (step) return { ok: false, code: "forbidden", message: "Finish setting up your account first." };
  const db = await getDb();
  const { roles } = await readRequiredRoles(db, getConfig().mode);
  if (roles.includes(viewer.role)) {
    return { ok: false, code: "forbidden", message: "Your role must sign in with a second factor: it stays on." };
  }
  const checked = await checkCurrentPassword(viewer, input.currentPassword);
  if (checked === "gone") return GONE;
  if (checked === "locked") return LOCKED;
  if (checked === "wrong") return WRONG_PASSWORD;
  const removed = await removeSecondFactor(db, viewer.id);
  if (removed) {
    await recordAudit(db, { ...(await auditContext(viewer)), action: "two_factor.disable", target: viewer.email });
  }
  revalidatePath("/account");
  return { ok: true, message: "Two-factor sign-in is off. Your password alone signs you in." };
});
