"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { authedAction, type ActionResult } from "@/lib/actions/authed-action";
import { accountChangeDetails } from "@/lib/admin/user-changes";
import { accessFromForm, resetPasswordSchema, setUserEnabledSchema, updateUserSchema } from "@/lib/admin/user-schemas";
import { recordAudit } from "@/lib/audit/record";
import { clientAddress } from "@/lib/auth/client-address";
import type { Viewer } from "@/lib/dal/viewer";
import { getDb } from "@/lib/db";
import { findUserById, setUserDisabled, setUserPassword, updateUser as updateAccount } from "@/lib/users/repository";

const GONE: ActionResult = { ok: false, code: "failed", message: "This account no longer exists." };

async function auditContext(viewer: Viewer) {
  return { actor: { id: viewer.id, email: viewer.email }, clientAddress: clientAddress(await headers()) };
}

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
  const after = { name: input.name, role: input.role, ...accessFromForm(input) };
  const details = accountChangeDetails(before, after);
  if (!details) return { ok: true, message: "Nothing changed, so nothing was saved." };
  await updateAccount(db, input.id, after);
  await recordAudit(db, { ...(await auditContext(viewer)), action: "user.update", target: before.email, details });
  revalidateAccount(input.id);
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
  return { ok: true, message: "Password changed. Every session of this account has ended; the new password works now." };
});
