/**
 * Privacy policies as an admin edits them: the form's schema, and each policy in words for the
 * screen and for the audit log's before/after. Isomorphic: the form validates with the same schema.
 */
import { z } from "zod";

import { droppedFields, POLICY_FIELD_LABELS, POLICY_FIELDS, type PrivacyPolicy } from "@/lib/core/privacy";
import { multilineTextInput, textInput } from "@/lib/core/text-input";

export const POLICY_NAME_MAX = 60;
export const RETENTION_MIN_DAYS = 1;
export const RETENTION_MAX_DAYS = 3650;
export const LEGAL_HOLD_MAX = 300;

type SchemaKey = keyof (typeof import("@/lib/core/messages/en/privacy.json"))["schema"];

/**
 * A refusal as the catalogue's key (`privacy.schema.*`): a schema is made once for everyone, so the
 * action says it in the person's language (lib/features/account/worded.ts), with these limits.
 */
const say = (key: SchemaKey) => `schema.${key}`;
export const SCHEMA_LIMITS = {
  nameMax: POLICY_NAME_MAX,
  legalHoldMax: LEGAL_HOLD_MAX,
  minDays: RETENTION_MIN_DAYS,
  maxDays: RETENTION_MAX_DAYS,
};

/** A checkbox as a form posts it: "on" when ticked, absent when not; a plain object may send a boolean. */
const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.boolean()])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

/** The kept fields as ticked: a form posts `kept[]` once per ticked box (one value is a string). */
const keptList = z
  .union([z.enum(POLICY_FIELDS), z.array(z.enum(POLICY_FIELDS))])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

export const policyFormSchema = z
  .object({
    /** Absent: a new policy. */
    id: z
      .uuid()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    name: textInput().trim().min(1, say("nameMissing")).max(POLICY_NAME_MAX, say("nameTooLong")),
    /** "setting": follow DAYBOOK_RETENTION_DAYS (the default policy only); "own": retentionDays. */
    retention: z.enum(["setting", "own"]).default("own"),
    retentionDays: textInput().trim().optional(),
    "kept[]": keptList,
    criminalDetails: checkbox,
    legalHold: checkbox,
    legalHoldReason: multilineTextInput().trim().max(LEGAL_HOLD_MAX, say("legalHoldTooLong")).optional(),
  })
  .superRefine((input, context) => {
    if (input.retention === "own") {
      const days = Number(input.retentionDays);
      if (!input.retentionDays || !Number.isInteger(days) || days < RETENTION_MIN_DAYS || days > RETENTION_MAX_DAYS) {
        context.addIssue({
          code: "custom",
          path: ["retentionDays"],
          message: say("retentionDays"),
        });
      }
    }
    if (input.legalHold && !input.legalHoldReason) {
      context.addIssue({
        code: "custom",
        path: ["legalHoldReason"],
        message: say("legalHoldReason"),
      });
    }
  })
  .transform((input) => ({
    id: input.id,
    name: input.name,
    retentionDays: input.retention === "setting" ? null : Number(input.retentionDays),
    kept: Object.fromEntries(POLICY_FIELDS.map((field) => [field, input["kept[]"].includes(field)])) as Record<
      (typeof POLICY_FIELDS)[number],
      boolean
    >,
    criminalDetails: input.criminalDetails,
    legalHold: input.legalHold ? input.legalHoldReason! : null,
  }));

export type PolicyInput = z.output<typeof policyFormSchema>;

export const deletePolicySchema = z.object({ id: z.uuid(say("unknownPolicy")) });

/** "default": the property follows the default policy. */
export const assignPolicySchema = z.object({
  propertyName: textInput().min(1, say("chooseProperty")).max(500),
  policyId: z.union([z.literal("default"), z.uuid(say("choosePolicy"))]),
});

/** A policy as the admin screen and the audit log describe it. */
export interface PolicyFacts {
  name: string;
  /** Null: follows DAYBOOK_RETENTION_DAYS. */
  ownRetentionDays: number | null;
  retentionDays: number;
  notKept: string[];
  criminalDetails: boolean;
  legalHold: string | null;
}

/** "90 days (DAYBOOK_RETENTION_DAYS)" or "30 days". */
export function retentionText(facts: Pick<PolicyFacts, "ownRetentionDays" | "retentionDays">): string {
  const days = `${facts.retentionDays} ${facts.retentionDays === 1 ? "day" : "days"}`;
  return facts.ownRetentionDays === null ? `${days} (DAYBOOK_RETENTION_DAYS)` : days;
}

/** The labels of the fields a policy does not keep, in the form's order. */
export function notKeptLabels(policy: Pick<PrivacyPolicy, "kept">): string[] {
  return droppedFields({ kept: policy.kept } as PrivacyPolicy).map((field) => POLICY_FIELD_LABELS[field]);
}

/** The labels of the fields a policy keeps. */
export function keptLabels(policy: Pick<PrivacyPolicy, "kept">): string[] {
  return POLICY_FIELDS.filter((field) => policy.kept[field]).map((field) => POLICY_FIELD_LABELS[field]);
}

/**
 * What an audit entry says of a change: each fact that differs, before and after, in words (the
 * audit screen lists details as "key: value", so every value is flat text or a list).
 */
export function policyChangeDetails(
  before: PolicyFacts | null,
  after: PolicyFacts | null,
): Record<string, string | string[] | boolean | null> {
  const facts = (policy: PolicyFacts) => ({
    name: policy.name,
    retention: retentionText(policy),
    notKept: policy.notKept.length === 0 ? ["nothing: every field kept"] : policy.notKept,
    criminalDetails: policy.criminalDetails,
    legalHold: policy.legalHold ?? "none",
  });
  const from = before ? facts(before) : null;
  const to = after ? facts(after) : null;
  const details: Record<string, string | string[] | boolean | null> = {};
  for (const key of ["name", "retention", "notKept", "criminalDetails", "legalHold"] as const) {
    const a = from?.[key] ?? null;
    const b = to?.[key] ?? null;
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (from) details[`${key}Before`] = a;
    if (to) details[`${key}After`] = b;
  }
  return details;
}
