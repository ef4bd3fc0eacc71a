"use server";

import { getTranslations } from "next-intl/server";
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
  SCHEMA_LIMITS,
} from "./schemas";
import type { EnrolmentData, RecoveryCodesData } from "./types";
import { inPersonsWords } from "./worded";

/** The person's words for what these actions answer (the catalogue's `account.actions`). */
const words = () => getTranslations("account.actions");
type Words = Awaited<ReturnType<typeof words>>;

const gone = (t: Words): ActionResult<never> => ({ ok: false, code: "unauthenticated", message: t("sessionEnded") });

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

const locked = (t: Words): ActionResult<never> => ({ ok: false, code: "failed", message: t("locked") });

const wrongPassword = (t: Words): ActionResult<never> => ({
  ok: false,
  code: "invalid",
  message: t("checkFields"),
  fieldErrors: { currentPassword: t("wrongPassword") },
});

/** An account action whose schema's refusals are said in the person's language. */
const worded = <A extends unknown[], T>(action: (...args: A) => Promise<ActionResult<T>>) =>
  inPersonsWords("account", action, SCHEMA_LIMITS);

export const changePassword = worded(
  accountAction(changePasswordSchema, async (input, { viewer }) => {
    const db = await getDb();
    const t = await words();
    const checked = await checkCurrentPassword(viewer, input.currentPassword);
    if (checked === "gone") return gone(t);
    if (checked === "locked") return locked(t);
    if (checked === "wrong") {
      await recordAudit(db, {
        ...(await auditContext(viewer)),
        action: "user.password_change",
        target: viewer.email,
        outcome: "failure",
        details: { reason: "wrong current password" },
      });
      return wrongPassword(t);
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
      message: ended > 0 ? t("passwordChangedEnded", { ended }) : t("passwordChanged"),
    };
  }),
);

export const startSecondFactor = worded(
  accountAction<typeof noInput, EnrolmentData>(noInput, async (_input, { viewer }) => {
    const enrolment = await startEnrolment(await getDb(), viewer, getKeyring());
    if (!enrolment) return { ok: false, code: "failed", message: (await words())("alreadyOn") };
    return { ok: true, data: { secret: enrolment.secret, qrDataUrl: enrolment.qrDataUrl } };
  }),
);

export const confirmSecondFactor = worded(
  accountAction<typeof confirmSecondFactorSchema, RecoveryCodesData>(
    confirmSecondFactorSchema,
    async ({ code }, { viewer }) => {
      const db = await getDb();
      const t = await words();
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
              message: t("checkFields"),
              fieldErrors: { code: t("wrongCode") },
            }
          : { ok: false, code: "failed", message: t("noSetUp") };
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
        message: t("isOn"),
      };
    },
  ),
);

export const newRecoveryCodes = worded(
  accountAction<typeof newRecoveryCodesSchema, RecoveryCodesData>(
    newRecoveryCodesSchema,
    async ({ code }, { viewer, step }) => {
      const t = await words();
      if (step) return { ok: false, code: "forbidden", message: t("finishSetUp") };
      const db = await getDb();
      // Under the second step's own throttle: an open session must not become a way to guess codes.
      const keys = { account: secondFactorThrottleAccount(viewer.email), address: null };
      const reserved = await reserveAttempt(db, keys);
      if (!reserved.ok) return locked(t);
      if (!(await verifyTotp(db, viewer, code, getKeyring()))) {
        await settleFailure(db, reserved.reservation);
        return {
          ok: false,
          code: "invalid",
          message: t("checkFields"),
          fieldErrors: { code: t("codeUsed") },
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
      return { ok: true, data: { recoveryCodes }, message: t("codesMade") };
    },
  ),
);

export const disableSecondFactor = worded(
  accountAction(disableSecondFactorSchema, async (input, { viewer, step }) => {
    const t = await words();
    if (step) return { ok: false, code: "forbidden", message: t("finishSetUp") };
    const db = await getDb();
    const { roles } = await readRequiredRoles(db, getConfig().mode);
    if (roles.includes(viewer.role)) {
      return { ok: false, code: "forbidden", message: t("stayOn") };
    }
    const checked = await checkCurrentPassword(viewer, input.currentPassword);
    if (checked === "gone") return gone(t);
    if (checked === "locked") return locked(t);
    if (checked === "wrong") return wrongPassword(t);
    const removed = await removeSecondFactor(db, viewer.id);
    if (removed) {
      await recordAudit(db, { ...(await auditContext(viewer)), action: "two_factor.disable", target: viewer.email });
    }
    revalidatePath("/account");
    return { ok: true, message: t("isOff") };
  }),
);
