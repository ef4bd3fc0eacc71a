"use server";

import { getTranslations } from "next-intl/server";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";

import { ROLES, type Viewer } from "@/lib/core/access";
import { messagesFor, type Messages } from "@/lib/core/catalogue";
import { AppError } from "@/lib/core/errors";
import { sameAccess } from "@/lib/core/sso";
import { recordAudit } from "@/lib/server/audit/record";
import { auditContext } from "@/lib/server/audit/request";
import { MIN_PASSWORD_LENGTH } from "@/lib/server/auth/password";
import { readRequiredRoles, writeRequiredRoles } from "@/lib/server/auth/required-steps";
import { removeSecondFactor } from "@/lib/server/auth/second-factor";
import { accountThrottle, unlockAccount } from "@/lib/server/auth/throttle";
import {
  DuplicateEmailError,
  findUserById,
  insertUser,
  setUserDisabled,
  setUserPassword,
  updateUser as updateAccount,
} from "@/lib/server/auth/users";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";
import { getKeyring } from "@/lib/server/encryption/keyring";
import { authedAction, type ActionResult } from "@/lib/server/http/action";
import { logFailure } from "@/lib/server/log";
import { storeApiKey } from "@/lib/server/partner-api/key";

import { apiKeyFormSchema, runConnectionTest, type ConnectionTestResult } from "./api-key";
import {
  accessFromForm,
  accountChangeDetails,
  createUserSchema,
  requiredRolesSchema,
  resetPasswordSchema,
  resetSecondFactorSchema,
  setUserEnabledSchema,
  unlockSignInSchema,
  updateUserSchema,
} from "./users";

type ValidationKey = keyof Messages["admin"]["validation"];
const VALIDATION_KEYS = new Set<string>(Object.keys(messagesFor("en").admin.validation));
const isValidationKey = (message: string): message is ValidationKey => VALIDATION_KEYS.has(message);
type Refusable<T> = (...args: [unknown] | [unknown, unknown]) => Promise<ActionResult<T>>;

/**
 * The schemas (users.ts, api-key.ts) are built once for every language, so they refuse a field with
 * its key under admin.validation: here it becomes the person's words. Anything else is left as it is.
 */
function worded<T>(action: Refusable<T>): Refusable<T> {
  return async (...args) => {
    const result = await action(...args);
    if (result.ok || !result.fieldErrors) return result;
    const t = await getTranslations("admin.validation");
    const fieldErrors = Object.fromEntries(
      Object.entries(result.fieldErrors).map(([field, message]) => [
        field,
        isValidationKey(message) ? t(message, { min: MIN_PASSWORD_LENGTH }) : message,
      ]),
    );
    return { ...result, fieldErrors };
  };
}

export interface SetApiKeyData {
  last4: string;
  test: ConnectionTestResult;
}

/** Tests the key in use (or `candidate`, before it is used) and audits the outcome, with the key's last 4 only. */
async function testAndAudit(viewer: Viewer, candidate?: string): Promise<ConnectionTestResult> {
  const test = await runConnectionTest(candidate);
  await recordAudit(await getDb(), {
    ...(await auditContext(viewer)),
    target: "api key",
    action: "api_key.test",
    outcome: test.outcome,
    details:
      test.outcome === "success"
        ? { last4: test.keyLast4, outcome: test.outcome, propertyCount: test.propertyCount }
        : {
            last4: test.keyLast4,
            outcome: test.outcome,
            code: test.failure.error.upstream.code,
            correlationId: test.failure.error.upstream.correlationId,
          },
  });
  return test;
}

export const setApiKey = worded(
  authedAction<typeof apiKeyFormSchema, SetApiKeyData>(
    ["admin"],
    apiKeyFormSchema,
    async ({ key, saveAnyway }, viewer) => {
      const t = await getTranslations("admin.actions");
      const db = await getDb();
      const last4 = key.slice(-4);
      // Tested first: a mistyped key must not break every report at once.
      const test = await testAndAudit(viewer, key);
      if (test.outcome === "failure" && !saveAnyway) {
        const upstream = test.failure.error.upstream;
        revalidatePath("/admin/audit");
        return {
          ok: false,
          code: "failed",
          message: upstream.correlationId
            ? t("keyRefusedWithId", { last4, code: upstream.code, correlationId: upstream.correlationId })
            : t("keyRefused", { last4, code: upstream.code }),
        };
      }
      try {
        await storeApiKey(db, getKeyring(), key, viewer.id);
      } catch (error) {
        // Only the error's name: a driver's message may quote the statement's parameters.
        logFailure("admin: storing the API key", error);
        await recordAudit(db, {
          ...(await auditContext(viewer)),
          target: "api key",
          action: "api_key.set",
          outcome: "failure",
          details: { last4 },
        });
        throw new AppError(503, "key_not_saved", t("keyNotSaved"));
      }
      await recordAudit(db, {
        ...(await auditContext(viewer)),
        target: "api key",
        action: "api_key.set",
        details: test.outcome === "success" ? { last4 } : { last4, savedDespiteFailedTest: true },
      });
      revalidatePath("/admin/api-key");
      revalidatePath("/admin");
      return { ok: true, data: { last4, test }, message: t("keySaved", { last4 }) };
    },
  ),
);

const noInput = z.object({});

export const testApiConnection = authedAction<typeof noInput, ConnectionTestResult>(
  ["admin"],
  noInput,
  async (_input, viewer) => {
    const test = await testAndAudit(viewer);
    revalidatePath("/admin/audit");
    return { ok: true, data: test };
  },
);

/** The account was removed meanwhile. */
async function gone(): Promise<ActionResult> {
  return { ok: false, code: "failed", message: (await getTranslations("admin.actions"))("gone") };
}

function revalidateAccount(id: string) {
  revalidatePath("/admin/users");
  revalidatePath(`/admin/users/${id}`);
  revalidatePath("/admin");
}

export const updateUser = worded(
  authedAction(["admin"], updateUserSchema, async (input, viewer) => {
    const t = await getTranslations("admin.actions");
    // The last admin must not lock everyone out: an admin keeps their own role.
    if (input.id === viewer.id && input.role !== "admin") {
      return {
        ok: false,
        code: "invalid",
        message: t("checkFields"),
        fieldErrors: { role: t("ownRole") },
      };
    }
    const db = await getDb();
    const before = await findUserById(db, input.id);
    if (!before) return gone();
    const after = {
      name: input.name,
      role: input.role,
      ...accessFromForm(input),
      permissions: [...new Set(input.permissions)],
    };
    const details = accountChangeDetails(before, after);
    if (!details) return { ok: true, message: t("nothingChanged") };
    // Access set by hand wins over the identity provider's groups from now on (lib/core/sso.ts).
    const accessChanged = !sameAccess(before, after);
    await updateAccount(db, input.id, { ...after, ...(accessChanged && { accessSource: "hand" as const }) });
    await recordAudit(db, {
      ...(await auditContext(viewer)),
      action: "user.update",
      target: before.email,
      details: accessChanged && before.accessSource === "mapping" ? { ...details, accessSetBy: "hand" } : details,
    });
    revalidateAccount(input.id);
    if (before.role !== after.role) {
      return { ok: true, message: t("savedNewRole") };
    }
    return { ok: true, message: t("saved") };
  }),
);

export const setUserEnabled = worded(
  authedAction(["admin"], setUserEnabledSchema, async (input, viewer) => {
    const t = await getTranslations("admin.actions");
    if (input.id === viewer.id && !input.enabled) {
      return { ok: false, code: "failed", message: t("ownDisable") };
    }
    const db = await getDb();
    const user = await setUserDisabled(db, input.id, !input.enabled);
    if (!user) return gone();
    await recordAudit(db, {
      ...(await auditContext(viewer)),
      action: input.enabled ? "user.enable" : "user.disable",
      target: user.email,
      details: input.enabled ? undefined : { sessionsEnded: true },
    });
    revalidateAccount(input.id);
    return { ok: true, message: input.enabled ? t("enabled") : t("disabled") };
  }),
);

/**
 * Lets an account try to sign in again at once: its failed attempts in a row and the wait they set
 * are cleared. The addresses the attempts came from keep their own limits.
 */
export const unlockSignIn = worded(
  authedAction(["admin"], unlockSignInSchema, async (input, viewer) => {
    const db = await getDb();
    const user = await findUserById(db, input.id);
    if (!user) return gone();
    const before = await accountThrottle(db, user.email);
    await unlockAccount(db, user.email);
    await recordAudit(db, {
      ...(await auditContext(viewer)),
      action: "user.unlock",
      target: user.email,
      details: {
        failuresCleared: before.failures,
        ...(before.waitUntil && { waitedUntil: before.waitUntil.toISOString() }),
      },
    });
    revalidateAccount(input.id);
    return { ok: true, message: (await getTranslations("admin.actions"))("unlocked", { email: user.email }) };
  }),
);

export const resetUserPassword = worded(
  authedAction(["admin"], resetPasswordSchema, async (input, viewer) => {
    const db = await getDb();
    const user = await setUserPassword(db, input.id, input.password);
    if (!user) return gone();
    await recordAudit(db, {
      ...(await auditContext(viewer)),
      action: "user.password_reset",
      target: user.email,
      details: { sessionsEnded: true },
    });
    revalidateAccount(input.id);
    return { ok: true, message: (await getTranslations("admin.actions"))("passwordChanged") };
  }),
);

export const createUser = worded(
  authedAction(["admin"], createUserSchema, async (input, viewer) => {
    const db = await getDb();
    const access = accessFromForm(input);
    const audit = { ...(await auditContext(viewer)), action: "user.create" as const, target: input.email };
    let createdId: string;
    try {
      const user = await insertUser(db, {
        ...access,
        name: input.name,
        email: input.email,
        role: input.role,
        password: input.password,
        // The admin knows it: the person chooses their own at first sign-in.
        passwordMustChange: true,
      });
      createdId = user.id;
    } catch (error) {
      if (!(error instanceof DuplicateEmailError)) throw error;
      await recordAudit(db, { ...audit, outcome: "failure", details: { reason: "duplicate e-mail" } });
      const t = await getTranslations("admin.actions");
      return { ok: false, code: "invalid", message: t("checkFields"), fieldErrors: { email: t("duplicateEmail") } };
    }
    await recordAudit(db, { ...audit, details: { role: input.role, ...access } });
    revalidatePath("/admin/users");
    revalidatePath("/admin");
    redirect(`/admin/users?created=${createdId}`);
  }),
);

export const setRequiredRoles = worded(
  authedAction(["admin"], requiredRolesSchema, async ({ roles }, viewer) => {
    const db = await getDb();
    const before = await readRequiredRoles(db, getConfig().mode);
    const after = ROLES.filter((role) => roles.includes(role));
    await writeRequiredRoles(db, after, viewer.id);
    await recordAudit(db, {
      ...(await auditContext(viewer)),
      action: "settings.two_factor_roles",
      target: "two-factor sign-in",
      details: { rolesBefore: before.roles, rolesAfter: after },
    });
    revalidatePath("/admin/security");
    const [t, tCommon] = await Promise.all([getTranslations("admin.actions"), getTranslations("common")]);
    return {
      ok: true,
      message:
        after.length === 0
          ? t("noRoleRequired")
          : t("rolesRequired", { roles: after.map((role) => tCommon(`roles.${role}`)).join(", ") }),
    };
  }),
);

export const resetSecondFactor = worded(
  authedAction(["admin"], resetSecondFactorSchema, async ({ id }, viewer) => {
    const t = await getTranslations("admin.actions");
    const db = await getDb();
    const user = await findUserById(db, id);
    if (!user) return gone();
    const removed = await removeSecondFactor(db, id);
    if (!removed) return { ok: true, message: t("noSecondFactor") };
    await recordAudit(db, { ...(await auditContext(viewer)), action: "two_factor.reset", target: user.email });
    revalidateAccount(id);
    return { ok: true, message: t("secondFactorReset") };
  }),
);
