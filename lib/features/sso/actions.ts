"use server";

import { getTranslations } from "next-intl/server";
import { revalidatePath } from "next/cache";

import type { Viewer } from "@/lib/core/access";
import type { AuditAction } from "@/lib/core/audit";
import { messagesFor, type Messages } from "@/lib/core/catalogue";
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

/** The person's words for what these actions answer (the catalogue's `admin.ssoActions`). */
const words = () => getTranslations("admin.ssoActions");
type Words = Awaited<ReturnType<typeof words>>;

type SchemaMessage = `schema.${keyof Messages["admin"]["ssoActions"]["schema"]}`;
const SCHEMA_MESSAGES = new Set<string>(
  Object.keys(messagesFor("en").admin.ssoActions.schema).map((key) => `schema.${key}`),
);
const isSchemaMessage = (message: string): message is SchemaMessage => SCHEMA_MESSAGES.has(message);
type Refusable<T> = (...args: [unknown] | [unknown, unknown]) => Promise<ActionResult<T>>;

/**
 * The schemas (schemas.ts) are made once for every language, so they refuse a field with its key
 * under admin.ssoActions.schema: here it becomes the person's words. Anything else (the provider's
 * discovery problem) is left as it is.
 */
function worded<T>(action: Refusable<T>): Refusable<T> {
  return async (...args) => {
    const result = await action(...args);
    if (result.ok || !result.fieldErrors) return result;
    const t = await words();
    const fieldErrors = Object.fromEntries(
      Object.entries(result.fieldErrors).map(([field, message]) => [
        field,
        isSchemaMessage(message) ? t(message) : message,
      ]),
    );
    return { ...result, fieldErrors };
  };
}

/**
 * keepingAnAdmin's refusals (lib/server/auth/users.ts), answered as the failure mapping would (409:
 * "failed"), in the person's words; anything else is not this function's to answer.
 */
function keptAnAdmin(error: unknown, t: Words): ActionResult | null {
  if (!(error instanceof AppError)) return null;
  if (error.code === "last_admin") return { ok: false, code: "failed", message: t("lastAdmin") };
  if (error.code === "last_break_glass") return { ok: false, code: "failed", message: t("lastBreakGlass") };
  return null;
}

/** Saves the provider's connection once its discovery document checks out; switched off until tested. */
export const saveConnection = worded(
  authedAction(["admin"], connectionSchema, async (input, viewer): Promise<ActionResult> => {
    const db = await getDb();
    const t = await words();
    const state = await readSsoState(db);
    if (state.source === "environment") {
      return { ok: false, code: "failed", message: t("fromEnvironment") };
    }
    const secret = input.clientSecret?.trim() ? input.clientSecret.trim() : null;
    if (!secret && !state.connection) {
      return {
        ok: false,
        code: "invalid",
        message: t("checkFields"),
        fieldErrors: { clientSecret: t("secretMissing") },
      };
    }
    const found = await discover(input.issuer);
    if (!found.ok) {
      return { ok: false, code: "invalid", message: t("notSaved"), fieldErrors: { issuer: found.problem } };
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
      message: found.discovery.endSessionEndpoint ? t("connectionSaved") : t("connectionSavedNoSignOut"),
    };
  }),
);

export const setSsoEnabled = worded(
  authedAction(["admin"], enabledSchema, async ({ enabled }, viewer): Promise<ActionResult> => {
    const db = await getDb();
    const t = await words();
    const state = await readSsoState(db);
    if (state.source !== "stored") {
      return { ok: false, code: "failed", message: t("saveConnectionFirst") };
    }
    if (enabled && !state.testedAt) {
      return { ok: false, code: "failed", message: t("testFirst") };
    }
    if (!enabled && state.policy.passwordSignIn === "break_glass") {
      // Password sign-in would stay off with no provider to sign in through.
      await storePolicy(db, { ...state.policy, passwordSignIn: "everyone" }, viewer.id);
    }
    await setEnabled(db, enabled, viewer.id);
    await audit(viewer, enabled ? "sso.enable" : "sso.disable", "identity provider");
    revalidatePath(PAGE);
    return { ok: true, message: enabled ? t("switchedOn") : t("switchedOff") };
  }),
);

export const saveSsoPolicy = worded(
  authedAction(["admin"], policySchema, async (policy, viewer): Promise<ActionResult> => {
    const db = await getDb();
    const t = await words();
    const before = (await readSsoState(db)).policy;
    try {
      // Inside the admins' check: password sign-in goes off only with an enabled break-glass admin left.
      await keepingAnAdmin(db, (tx) => storePolicy(tx, policy, viewer.id));
    } catch (error) {
      if (error instanceof AppError && error.code === "last_break_glass") {
        return {
          ok: false,
          code: "invalid",
          message: t("notSaved"),
          fieldErrors: { passwordSignIn: t("breakGlassNeeded") },
        };
      }
      throw error;
    }
    const changed = Object.fromEntries(
      Object.entries(policy).filter(([key, value]) => before[key as keyof typeof before] !== value),
    );
    if (Object.keys(changed).length > 0) await audit(viewer, "sso.policy", "identity provider", changed);
    revalidatePath(PAGE);
    return { ok: true, message: t("policySaved") };
  }),
);

export const saveMapping = worded(
  authedAction(["admin"], mappingSchema, async (input, viewer): Promise<ActionResult> => {
    const db = await getDb();
    const t = await words();
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
        message: t("checkFields"),
        fieldErrors: { properties: t("propertiesMissing") },
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
    return { ok: true, message: t("mappingSaved", { group: mapping.group }) };
  }),
);

export const deleteMapping = worded(
  authedAction(["admin"], removeMappingSchema, async ({ group }, viewer): Promise<ActionResult> => {
    const t = await words();
    if (!(await removeStoredMapping(await getDb(), group))) {
      return { ok: false, code: "failed", message: t("mappingGone") };
    }
    await audit(viewer, "sso.mapping_remove", group);
    revalidatePath(PAGE);
    return { ok: true, message: t("mappingRemoved", { group }) };
  }),
);

function revalidateAccount(id: string) {
  revalidatePath(`/admin/users/${id}`);
  revalidatePath(PAGE);
}

export const setBreakGlass = worded(
  authedAction(["admin"], breakGlassSchema, async ({ id, breakGlass }, viewer): Promise<ActionResult> => {
    const db = await getDb();
    const t = await words();
    const user = await findUserById(db, id);
    if (!user) return { ok: false, code: "failed", message: t("gone") };
    if (breakGlass && user.role !== "admin") {
      return { ok: false, code: "failed", message: t("adminsOnly") };
    }
    try {
      await markBreakGlass(db, id, breakGlass);
    } catch (error) {
      const refused = keptAnAdmin(error, t);
      if (refused) return refused;
      throw error;
    }
    await audit(viewer, "user.break_glass", user.email, { breakGlass });
    revalidateAccount(id);
    return { ok: true, message: breakGlass ? t("breakGlassMarked") : t("breakGlassUnmarked") };
  }),
);

export const setAccessDecidedBy = worded(
  authedAction(["admin"], accessSourceSchema, async ({ id, source }, viewer): Promise<ActionResult> => {
    const db = await getDb();
    const t = await words();
    const before = await findUserById(db, id);
    if (!before) return { ok: false, code: "failed", message: t("gone") };
    if (source === "mapping" && id === viewer.id) {
      return { ok: false, code: "failed", message: t("ownAccess") };
    }
    let user: Awaited<ReturnType<typeof setAccessSource>>;
    try {
      user = await setAccessSource(db, id, source);
    } catch (error) {
      const refused = keptAnAdmin(error, t);
      if (refused) return refused;
      throw error;
    }
    if (!user) return { ok: false, code: "failed", message: t("gone") };
    await audit(viewer, "user.access_source", user.email, {
      decidedBy: source === "hand" ? "hand" : "groups",
      role: user.role,
    });
    revalidateAccount(id);
    return { ok: true, message: source === "mapping" ? t("groupsDecide") : t("handDecides") };
  }),
);

export const unlinkFromProvider = worded(
  authedAction(["admin"], unlinkSchema, async ({ id }, viewer): Promise<ActionResult> => {
    const db = await getDb();
    const t = await words();
    const user = await findUserById(db, id);
    if (!user) return { ok: false, code: "failed", message: t("gone") };
    if (!(await unlinkIdentity(db, id))) return { ok: false, code: "failed", message: t("notLinked") };
    await audit(viewer, "sso.unlink", user.email);
    revalidateAccount(id);
    return { ok: true, message: t("unlinked") };
  }),
);
