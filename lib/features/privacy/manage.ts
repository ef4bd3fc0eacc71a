/**
 * Admin → Privacy's changes, each checked, made and audited with before/after: the server actions
 * (actions.ts) call these with the admin and their address, and so can tests and scripts.
 */
import "server-only";

import type { ActionResult } from "@/lib/core/errors";
import { recordAudit } from "@/lib/server/audit/record";
import { getConfig } from "@/lib/server/config";
import { withAdvisoryLock } from "@/lib/server/db/advisory-lock";
import type { Database } from "@/lib/server/db/types";
import { logFailure } from "@/lib/server/log";

import { keptLabels, notKeptLabels, policyChangeDetails, type PolicyFacts, type PolicyInput } from "./policies";
import {
  findPolicy,
  findPolicyByName,
  insertPolicy,
  keptFields,
  deletePolicy as removePolicy,
  assignPolicy as storeAssignment,
  updatePolicy,
  type StoredPolicy,
} from "./repository";
import {
  applyStoredPolicies,
  describeApplied,
  forgetCachedPolicies,
  readPrivacyAdmin,
  type AppliedPolicies,
} from "./server";
import { ENGLISH_PRIVACY, type PrivacyWords } from "./words";

/**
 * Who acts, and from where (the audit entry's); `t`: the words they are answered in (English unless
 * given: a command, a test). The audit entries stay in English whatever the person's language.
 */
export interface Acting {
  actor: { id: string; email: string };
  clientAddress: string | null;
  t?: PrivacyWords;
}

function facts(row: StoredPolicy): PolicyFacts {
  return {
    name: row.name,
    ownRetentionDays: row.retentionDays,
    retentionDays: row.retentionDays ?? getConfig().history.retentionDays,
    notKept: notKeptLabels({ kept: keptFields(row.kept) }),
    criminalDetails: row.criminalDetails,
    legalHold: row.legalHold,
  };
}

const target = (name: string) => `privacy policy "${name}"`;
const gone = (t: PrivacyWords): ActionResult<never> => ({ ok: false, code: "failed", message: t("manage.gone") });

const nameTaken = (t: PrivacyWords, name: string): ActionResult<never> => ({
  ok: false,
  code: "invalid",
  message: t("manage.checkFields"),
  fieldErrors: { name: t("manage.nameTaken", { name }) },
});

/** PostgreSQL's unique violation: two admins naming two policies alike at once. */
function isUniqueViolation(error: unknown): boolean {
  const of = (value: unknown) => (value as { code?: unknown } | null | undefined)?.code;
  return of(error) === "23505" || of((error as { cause?: unknown } | null)?.cause) === "23505";
}

/** Creates a named policy (no id) or changes one; the default stays the default, whatever its name. */
export async function savePolicyAs(
  db: Database,
  input: PolicyInput,
  { actor, clientAddress, t = ENGLISH_PRIVACY }: Acting,
  now = new Date(),
): Promise<ActionResult> {
  const values = {
    name: input.name,
    retentionDays: input.retentionDays,
    kept: input.kept,
    criminalDetails: input.criminalDetails,
    legalHold: input.legalHold,
  };
  const before = input.id ? await findPolicy(db, input.id) : null;
  if (input.id && !before) return gone(t);
  // Only the default follows DAYBOOK_RETENTION_DAYS: a named policy says its own.
  if (values.retentionDays === null && !before?.isDefault) {
    return {
      ok: false,
      code: "invalid",
      message: t("manage.checkFields"),
      fieldErrors: { retentionDays: t("manage.ownDays") },
    };
  }
  const sameName = await findPolicyByName(db, values.name);
  if (sameName && sameName.id !== input.id) return nameTaken(t, values.name);

  let after: StoredPolicy | null;
  try {
    after = before
      ? await updatePolicy(db, before.id, values, actor.id, now)
      : await insertPolicy(db, values, actor.id);
  } catch (error) {
    if (isUniqueViolation(error)) return nameTaken(t, values.name);
    throw error;
  }
  if (!after) return gone(t);
  forgetCachedPolicies(db);
  await recordAudit(db, {
    actor,
    clientAddress,
    action: before ? "privacy.policy_update" : "privacy.policy_create",
    target: target(after.name),
    details: {
      ...policyChangeDetails(before ? facts(before) : null, facts(after)),
      keptAfter: keptLabels({ kept: keptFields(after.kept) }),
    },
  });
  return {
    ok: true,
    message: before ? t("manage.saved", { name: after.name }) : t("manage.created", { name: after.name }),
  };
}

/** Deletes a named policy; its properties follow the default from then on. */
export async function deletePolicyAs(
  db: Database,
  id: string,
  { actor, clientAddress, t = ENGLISH_PRIVACY }: Acting,
): Promise<ActionResult> {
  const before = await findPolicy(db, id);
  if (!before) return gone(t);
  if (before.isDefault) return { ok: false, code: "failed", message: t("manage.defaultUndeletable") };
  const removed = await removePolicy(db, id);
  if (!removed) return gone(t);
  forgetCachedPolicies(db);
  await recordAudit(db, {
    actor,
    clientAddress,
    action: "privacy.policy_delete",
    target: target(before.name),
    details: { ...policyChangeDetails(facts(before), null), propertiesBackToDefault: removed.properties },
  });
  const names = removed.properties;
  return {
    ok: true,
    message:
      names.length > 0
        ? t("manage.deletedWith", { name: before.name, properties: names.join(", "), count: names.length })
        : t("manage.deleted", { name: before.name }),
  };
}

/** A property the key reaches (by its exact name) assigned a named policy, or back to the default. */
export async function assignPolicyAs(
  db: Database,
  input: { propertyName: string; policyId: string },
  { actor, clientAddress, t = ENGLISH_PRIVACY }: Acting,
  now = new Date(),
): Promise<ActionResult> {
  const view = await readPrivacyAdmin(db);
  const current = view.assignments.find((entry) => entry.propertyName === input.propertyName);
  if (!current) return { ok: false, code: "invalid", message: t("manage.notReached") };
  const policy = input.policyId === "default" ? null : view.policies.find((entry) => entry.id === input.policyId);
  if (policy === undefined) return { ok: false, code: "failed", message: t("manage.policyGone") };
  const policyId = policy === null || policy.isDefault ? null : policy.id;
  const after = policy?.name ?? view.policies.find((entry) => entry.isDefault)!.name;
  if (current.policyId === policyId) {
    return { ok: true, message: t("manage.alreadyFollows", { property: input.propertyName, policy: after }) };
  }
  await storeAssignment(db, input.propertyName, policyId, actor.id, now);
  forgetCachedPolicies(db);
  await recordAudit(db, {
    actor,
    clientAddress,
    action: "privacy.assign",
    target: `property "${input.propertyName}"`,
    propertyName: input.propertyName,
    details: { policyBefore: current.policyName, policyAfter: after },
  });
  return {
    ok: true,
    message: t("manage.follows", { property: input.propertyName, policy: after }),
  };
}

/** Housekeeping's privacy step, now, audited with its counts. */
export async function applyPoliciesAs(
  db: Database,
  { actor, clientAddress, t = ENGLISH_PRIVACY }: Acting,
  now = new Date(),
): Promise<ActionResult<AppliedPolicies>> {
  let applied: AppliedPolicies;
  try {
    // One run at a time across instances: a second admin waits, then finds nothing left to do.
    const locked = await withAdvisoryLock(db, "daybook privacy apply", () => applyStoredPolicies(db, now), {
      wait: true,
    });
    if (!locked.acquired) return { ok: false, code: "failed", message: t("manage.anotherRun") };
    applied = locked.value;
  } catch (error) {
    logFailure("privacy: applying the policies now", error);
    await recordAudit(db, { actor, clientAddress, action: "privacy.apply", target: "stored days", outcome: "failure" });
    return {
      ok: false,
      code: "failed",
      message: t("manage.applyFailed"),
    };
  }
  await recordAudit(db, {
    actor,
    clientAddress,
    action: "privacy.apply",
    target: "stored days",
    details: { days: applied.days, arrivalsChanged: applied.rows, criminalArrivalsRemoved: applied.removed },
  });
  return { ok: true, data: applied, message: describeApplied(applied, t) };
}
