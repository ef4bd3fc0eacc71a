"use server";

import { revalidatePath } from "next/cache";

import type { Viewer } from "@/lib/core/access";
import type { AuditAction } from "@/lib/core/audit";
import { AppError } from "@/lib/core/errors";
import { recordAudit } from "@/lib/server/audit/record";
import { auditContext } from "@/lib/server/audit/request";
import { setAccessSource, unlinkIdentity } from "@/lib/server/auth/sso-accounts";
import { discover } from "@/lib/server/auth/sso-discovery";
import {
  readSsoState,
  removeMapping as removeStoredMapping,
  setEnabled,
  storeConnection,
  storeMapping,
  storePolicy,
} from "@/lib/server/auth/sso-settings";
import { findUserById, keepingAnAdmin, setBreakGlass as markBreakGlass } from "@/lib/server/auth/users";
import { getDb } from "@/lib/server/db";
import { authedAction, type ActionResult } from "@/lib/server/http/action";

import {
  accessSourceSchema,
  breakGlassSchema,
  connectionSchema,
  enabledSchema,
  mappingSchema,
  policySchema,
  removeMappingSchema,
  unlinkSchema,
} from "./schemas";

const PAGE = "/admin/sign-in";

async function audit(viewer: Viewer, action: AuditAction, target: string, details?: Record<string, unknown>) {
  await recordAudit(await getDb(), { ...(await auditContext(viewer)), action, target, details });
}

/** Saves the provider's connection once its discovery document checks out; switched off until tested. */
export const saveConnection = authedAction(
  ["admin"],
  connectionSchema,
  async (input, viewer): Promise<ActionResult> => {
    const db = await getDb();
    const state = await readSsoState(db);
    if (state.source === "environment") {
      return {
        ok: false,
        code: "failed",
        message: "The connection is set by DAYBOOK_OIDC_* on the server: change it there.",
      };
    }
    const secret = input.clientSecret?.trim() ? input.clientSecret.trim() : null;
    if (!secret && !state.connection) {
      return {
        ok: false,
        code: "invalid",
        message: "Check the highlighted fields.",
        fieldErrors: { clientSecret: "Enter the client secret the provider gave Daybook." },
      };
    }
    const found = await discover(input.issuer);
    if (!found.ok) {
      return { ok: false, code: "invalid", message: "Not saved.", fieldErrors: { issuer: found.problem } };
    }
    await storeConnection(db, { ...input, clientSecret: secret }, viewer.id);
    await audit(viewer, "sso.connection", "identity provider", {
      issuer: input.issuer,
      clientId: input.clientId,
      scopes: input.scopes,
      secretChanged: secret !== null,
      signOutAtProvider: found.discovery.endSessionEndpoint !== null,
    });
    revalidatePath(PAGE);
    return {
      ok: true,
      message: found.discovery.endSessionEndpoint
        ? "Saved. Test it next: single sign-on stays off until a test passes."
        : "Saved. Test it next: single sign-on stays off until a test passes. This provider offers no sign-out " +
          "endpoint, so signing out of Daybook will not sign people out of it.",
    };
  },
);

export const setSsoEnabled = authedAction(
  ["admin"],
  enabledSchema,
  async ({ enabled }, viewer): Promise<ActionResult> => {
    const db = await getDb();
    const state = await readSsoState(db);
    if (state.source !== "stored") {
      return { ok: false, code: "failed", message: "Save a connection first." };
    }
    if (enabled && !state.testedAt) {
      return {
        ok: false,
        code: "failed",
        message: "Test the connection first: it is switched on only once a test passes.",
      };
    }
    if (!enabled && state.policy.passwordSignIn === "break_glass") {
      // Password sign-in would stay off with no provider to sign in through.
      await storePolicy(db, { ...state.policy, passwordSignIn: "everyone" }, viewer.id);
    }
    await setEnabled(db, enabled, viewer.id);
    await audit(viewer, enabled ? "sso.enable" : "sso.disable", "identity provider");
    revalidatePath(PAGE);
    return {
      ok: true,
      message: enabled
        ? "Single sign-on is on: the sign-in page shows its button."
        : "Single sign-on is off; everyone signs in with a password.",
    };
  },
);

export const saveSsoPolicy = authedAction(["admin"], policySchema, async (policy, viewer): Promise<ActionResult> => {
  const db = await getDb();
  const before = (await readSsoState(db)).policy;
  try {
    // Inside the admins' check: password sign-in goes off only with an enabled break-glass admin left.
    await keepingAnAdmin(db, (tx) => storePolicy(tx, policy, viewer.id));
  } catch (error) {
    if (error instanceof AppError && error.code === "last_break_glass") {
      return {
        ok: false,
        code: "invalid",
        message: "Not saved.",
        fieldErrors: {
          passwordSignIn:
            "Mark at least one enabled admin as break-glass first, below: someone must be able to sign in if the provider is down.",
        },
      };
    }
    throw error;
  }
  const changed = Object.fromEntries(
    Object.entries(policy).filter(([key, value]) => before[key as keyof typeof before] !== value),
  );
  if (Object.keys(changed).length > 0) await audit(viewer, "sso.policy", "identity provider", changed);
  revalidatePath(PAGE);
  return { ok: true, message: "Saved. The rules apply from the next sign-in." };
});

export const saveMapping = authedAction(["admin"], mappingSchema, async (input, viewer): Promise<ActionResult> => {
  const db = await getDb();
  const mapping = {
    group: input.group,
    role: input.role,
    allProperties: input.access === "all",
    properties: input.access === "all" ? [] : [...new Set(input.properties)],
  };
  if (!mapping.allProperties && mapping.properties.length === 0) {
    return {
      ok: false,
      code: "invalid",
      message: "Check the highlighted fields.",
      fieldErrors: { properties: "Choose at least one property, or all properties." },
    };
  }
  const existed = (await readSsoState(db)).mappings.find((found) => found.group === mapping.group);
  await storeMapping(db, mapping, viewer.id);
  await audit(viewer, "sso.mapping_set", mapping.group, {
    role: mapping.role,
    properties: mapping.allProperties ? "all" : mapping.properties,
    ...(existed && { before: `${existed.role}: ${existed.allProperties ? "all" : existed.properties.join(", ")}` }),
  });
  revalidatePath(PAGE);
  return { ok: true, message: `Saved. People in ${mapping.group} get this access at their next sign-in.` };
});

export const deleteMapping = authedAction(
  ["admin"],
  removeMappingSchema,
  async ({ group }, viewer): Promise<ActionResult> => {
    if (!(await removeStoredMapping(await getDb(), group))) {
      return { ok: false, code: "failed", message: "That mapping was removed already." };
    }
    await audit(viewer, "sso.mapping_remove", group);
    revalidatePath(PAGE);
    return { ok: true, message: `Removed. People in ${group} lose what it gave at their next sign-in.` };
  },
);

function revalidateAccount(id: string) {
  revalidatePath(`/admin/users/${id}`);
  revalidatePath(PAGE);
}

export const setBreakGlass = authedAction(
  ["admin"],
  breakGlassSchema,
  async ({ id, breakGlass }, viewer): Promise<ActionResult> => {
    const db = await getDb();
    const user = await findUserById(db, id);
    if (!user) return { ok: false, code: "failed", message: "This account no longer exists." };
    if (breakGlass && user.role !== "admin") {
      return { ok: false, code: "failed", message: "Only an admin can be a break-glass account." };
    }
    await markBreakGlass(db, id, breakGlass);
    await audit(viewer, "user.break_glass", user.email, { breakGlass });
    revalidateAccount(id);
    return {
      ok: true,
      message: breakGlass
        ? "This admin may sign in with a password whatever the setting."
        : "This admin now signs in like everyone else.",
    };
  },
);

export const setAccessDecidedBy = authedAction(
  ["admin"],
  accessSourceSchema,
  async ({ id, source }, viewer): Promise<ActionResult> => {
    const db = await getDb();
    const before = await findUserById(db, id);
    if (!before) return { ok: false, code: "failed", message: "This account no longer exists." };
    if (source === "mapping" && id === viewer.id) {
      return { ok: false, code: "failed", message: "Your own access stays as it is: ask another admin." };
    }
    const user = await setAccessSource(db, id, source);
    if (!user) return { ok: false, code: "failed", message: "This account no longer exists." };
    await audit(viewer, "user.access_source", user.email, {
      decidedBy: source === "hand" ? "hand" : "groups",
      role: user.role,
    });
    revalidateAccount(id);
    return {
      ok: true,
      message:
        source === "mapping"
          ? "The identity provider's groups decide this person's access from now on (as of their last sign-in)."
          : "This person's access is kept as set here; the groups no longer change it.",
    };
  },
);

export const unlinkFromProvider = authedAction(
  ["admin"],
  unlinkSchema,
  async ({ id }, viewer): Promise<ActionResult> => {
    const db = await getDb();
    const user = await findUserById(db, id);
    if (!user) return { ok: false, code: "failed", message: "This account no longer exists." };
    if (!(await unlinkIdentity(db, id))) return { ok: false, code: "failed", message: "This account is not linked." };
    await audit(viewer, "sso.unlink", user.email);
    revalidateAccount(id);
    return {
      ok: true,
      message: "Unlinked. The next sign-in through the provider links this account again by a verified e-mail.",
    };
  },
);
