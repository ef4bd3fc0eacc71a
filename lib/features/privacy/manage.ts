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

/** Who acts, and from where (the audit entry's). */
export interface Acting {
  actor: { id: string; email: string };
  clientAddress: string | null;
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
const GONE: ActionResult<never> = { ok: false, code: "failed", message: "This policy no longer exists." };

const NAME_TAKEN = (name: string): ActionResult<never> => ({
  ok: false,
  code: "invalid",
  message: "Check the highlighted fields.",
  fieldErrors: { name: `A policy named "${name}" already exists.` },
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
  { actor, clientAddress }: Acting,
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
  if (input.id && !before) return GONE;
  // Only the default follows DAYBOOK_RETENTION_DAYS: a named policy says its own.
  if (values.retentionDays === null && !before?.isDefault) {
    return {
      ok: false,
      code: "invalid",
      message: "Check the highlighted fields.",
      fieldErrors: { retentionDays: "A named policy keeps data for a number of days of its own." },
    };
  }
  const sameName = await findPolicyByName(db, values.name);
  if (sameName && sameName.id !== input.id) return NAME_TAKEN(values.name);

  let after: StoredPolicy | null;
  try {
    after = before
      ? await updatePolicy(db, before.id, values, actor.id, now)
      : await insertPolicy(db, values, actor.id);
  } catch (error) {
    if (isUniqueViolation(error)) return NAME_TAKEN(values.name);
    throw error;
  }
  if (!after) return GONE;
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
    message: before
      ? `Saved "${after.name}". Stored days follow it at the next housekeeping run, or now with Apply now.`
      : `Created "${after.name}". Assign it to properties below.`,
  };
}

/** Deletes a named policy; its properties follow the default from then on. */
export async function deletePolicyAs(
  db: Database,
  id: string,
  { actor, clientAddress }: Acting,
): Promise<ActionResult> {
  const before = await findPolicy(db, id);
  if (!before) return GONE;
  if (before.isDefault) return { ok: false, code: "failed", message: "The default policy cannot be deleted." };
  const removed = await removePolicy(db, id);
  if (!removed) return GONE;
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
        ? `Deleted "${before.name}"; ${names.join(", ")} now ${names.length === 1 ? "follows" : "follow"} the default policy.`
        : `Deleted "${before.name}".`,
  };
}

/** A property the key reaches (by its exact name) assigned a named policy, or back to the default. */
export async function assignPolicyAs(
  db: Database,
  input: { propertyName: string; policyId: string },
  { actor, clientAddress }: Acting,
  now = new Date(),
): Promise<ActionResult> {
  const view = await readPrivacyAdmin(db);
  const current = view.assignments.find((entry) => entry.propertyName === input.propertyName);
  if (!current) return { ok: false, code: "invalid", message: "That property is not one the API key reaches." };
  const policy = input.policyId === "default" ? null : view.policies.find((entry) => entry.id === input.policyId);
  if (policy === undefined) return { ok: false, code: "failed", message: "That policy no longer exists." };
  const policyId = policy === null || policy.isDefault ? null : policy.id;
  const after = policy?.name ?? view.policies.find((entry) => entry.isDefault)!.name;
  if (current.policyId === policyId) return { ok: true, message: `${input.propertyName} already follows "${after}".` };
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
    message: `${input.propertyName} now follows "${after}". Its stored days follow at the next housekeeping run, or now with Apply now.`,
  };
}

/** Housekeeping's privacy step, now, audited with its counts. */
export async function applyPoliciesAs(
  db: Database,
  { actor, clientAddress }: Acting,
  now = new Date(),
): Promise<ActionResult<AppliedPolicies>> {
  let applied: AppliedPolicies;
  try {
    // One run at a time across instances: a second admin waits, then finds nothing left to do.
    const locked = await withAdvisoryLock(db, "daybook privacy apply", () => applyStoredPolicies(db, now), {
      wait: true,
    });
    if (!locked.acquired) return { ok: false, code: "failed", message: "Another run is applying the policies." };
    applied = locked.value;
  } catch (error) {
    logFailure("privacy: applying the policies now", error);
    await recordAudit(db, { actor, clientAddress, action: "privacy.apply", target: "stored days", outcome: "failure" });
    return {
      ok: false,
      code: "failed",
      message: "Daybook could not apply the policies. What was applied stays; try again in a moment.",
    };
  }
  await recordAudit(db, {
    actor,
    clientAddress,
    action: "privacy.apply",
    target: "stored days",
    details: { days: applied.days, arrivalsChanged: applied.rows, criminalArrivalsRemoved: applied.removed },
  });
  return { ok: true, data: applied, message: describeApplied(applied) };
}
