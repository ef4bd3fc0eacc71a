"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";

import { ROLE_LABELS, ROLES, type Viewer } from "@/lib/core/access";
import { AppError } from "@/lib/core/errors";
import { sameAccess } from "@/lib/core/sso";
import { recordAudit } from "@/lib/server/audit/record";
import { auditContext } from "@/lib/server/audit/request";
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

export const setApiKey = authedAction<typeof apiKeyFormSchema, SetApiKeyData>(
  ["admin"],
  apiKeyFormSchema,
  async ({ key, saveAnyway }, viewer) => {
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
        message:
          `The Partner API did not accept the key ending ${last4} (${upstream.code}` +
          `${upstream.correlationId ? `, correlation id ${upstream.correlationId}` : ""}), so it was not saved; ` +
          "the previous key is still in use. Check the key, or save it anyway.",
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
      throw new AppError(503, "key_not_saved", "Daybook could not save the key. The previous key is still in use.");
    }
    await recordAudit(db, {
      ...(await auditContext(viewer)),
      target: "api key",
      action: "api_key.set",
      details: test.outcome === "success" ? { last4 } : { last4, savedDespiteFailedTest: true },
    });
    revalidatePath("/admin/api-key");
    revalidatePath("/admin");
    return {
      ok: true,
      data: { last4, test },
      message: `Saved. Every request to the Partner API now uses the key ending ${last4}.`,
    };
  },
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

const GONE: ActionResult = { ok: false, code: "failed", message: "This account no longer exists." };

function revalidateAccount(id: string) {
  revalidatePath("/admin/users");
  revalidatePath(`/admin/users/${id}`);
  revalidatePath("/admin");
}

export const updateUser = authedAction(["admin"], updateUserSchema, async (input, viewer) => {
  // The last admin must not lock everyone out: an admin keeps their own role.
  if (input.id === viewer.id && input.role !== "admin") {
    return {
      ok: false,
      code: "invalid",
      message: "Check the highlighted fields.",
      fieldErrors: { role: "You cannot change your own role away from admin." },
    };
  }
  const db = await getDb();
  const before = await findUserById(db, input.id);
  if (!before) return GONE;
  const after = {
    name: input.name,
    role: input.role,
    ...accessFromForm(input),
    permissions: [...new Set(input.permissions)],
  };
  const details = accountChangeDetails(before, after);
  if (!details) return { ok: true, message: "Nothing changed, so nothing was saved." };
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
    return { ok: true, message: "Saved. A new role signs this person out: it applies when they sign in again." };
  }
  return { ok: true, message: "Saved. The change applies from this person's next page." };
});

export const setUserEnabled = authedAction(["admin"], setUserEnabledSchema, async (input, viewer) => {
  if (input.id === viewer.id && !input.enabled) {
    return { ok: false, code: "failed", message: "You cannot disable your own account." };
  }
  const db = await getDb();
  const user = await setUserDisabled(db, input.id, !input.enabled);
  if (!user) return GONE;
  await recordAudit(db, {
    ...(await auditContext(viewer)),
    action: input.enabled ? "user.enable" : "user.disable",
    target: user.email,
    details: input.enabled ? undefined : { sessionsEnded: true },
  });
  revalidateAccount(input.id);
  return {
    ok: true,
    message: input.enabled
      ? "Enabled. This person can sign in again."
      : "Disabled. This person is signed out everywhere and cannot sign in.",
  };
});

/**
 * Lets an account try to sign in again at once: its failed attempts in a row and the wait they set
 * are cleared. The addresses the attempts came from keep their own limits.
 */
export const unlockSignIn = authedAction(["admin"], unlockSignInSchema, async (input, viewer) => {
  const db = await getDb();
  const user = await findUserById(db, input.id);
  if (!user) return GONE;
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
  return {
    ok: true,
    message: `Sign-in unlocked for ${user.email}. Their failed attempts are cleared; they can sign in now.`,
  };
});

export const resetUserPassword = authedAction(["admin"], resetPasswordSchema, async (input, viewer) => {
  const db = await getDb();
  const user = await setUserPassword(db, input.id, input.password);
  if (!user) return GONE;
  await recordAudit(db, {
    ...(await auditContext(viewer)),
    action: "user.password_reset",
    target: user.email,
    details: { sessionsEnded: true },
  });
  revalidateAccount(input.id);
  return {
    ok: true,
    message:
      "Password changed. Every session of this account has ended; the new password works now, and asks for a password of the person's own at the next sign-in.",
  };
});

export const createUser = authedAction(["admin"], createUserSchema, async (input, viewer) => {
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
    return {
      ok: false,
      code: "invalid",
      message: "Check the highlighted fields.",
      fieldErrors: { email: "An account with this e-mail already exists." },
    };
  }
  await recordAudit(db, { ...audit, details: { role: input.role, ...access } });
  revalidatePath("/admin/users");
  revalidatePath("/admin");
  redirect(`/admin/users?created=${createdId}`);
});

export const setRequiredRoles = authedAction(["admin"], requiredRolesSchema, async ({ roles }, viewer) => {
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
  return {
    ok: true,
    message:
      after.length === 0
        ? "Saved. No role needs two-factor sign-in; anyone may still turn it on for themselves."
        : `Saved. ${after.map((role) => ROLE_LABELS[role]).join(", ")}: anyone without two-factor sign-in sets it up on their next page.`,
  };
});

export const resetSecondFactor = authedAction(["admin"], resetSecondFactorSchema, async ({ id }, viewer) => {
  const db = await getDb();
  const user = await findUserById(db, id);
  if (!user) return GONE;
  const removed = await removeSecondFactor(db, id);
  if (!removed) return { ok: true, message: "This person has no two-factor sign-in to reset." };
  await recordAudit(db, { ...(await auditContext(viewer)), action: "two_factor.reset", target: user.email });
  revalidateAccount(id);
  return {
    ok: true,
    message: "Two-factor sign-in reset. The password alone signs this person in until they set it up again.",
  };
});
