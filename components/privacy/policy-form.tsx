"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";

import { fieldErrorsOf, FormSummary } from "@/components/admin/form-summary";
import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/field";
import { POLICY_FIELDS, type PolicyField } from "@/lib/core/privacy";
import { useFormWithValues } from "@/lib/features/admin/hooks";
import { savePolicy } from "@/lib/features/privacy/actions";
import {
  LEGAL_HOLD_MAX,
  POLICY_NAME_MAX,
  RETENTION_MAX_DAYS,
  RETENTION_MIN_DAYS,
} from "@/lib/features/privacy/policies";
import type { PolicyView } from "@/lib/features/privacy/types";

/** The fields a refusal names, by the catalogue's labels (`privacy.policies.form`). */
const FIELDS = ["name", "retentionDays", "legalHoldReason"] as const;

/**
 * A policy's form: a new named policy, or an existing one (the default's retention may follow
 * DAYBOOK_RETENTION_DAYS). Saving a policy that keeps fewer fields than before asks first: stored
 * days lose those fields at the next housekeeping run, and nothing brings them back.
 */
export function PolicyForm({
  policy,
  retentionSetting,
  idPrefix,
}: {
  policy: PolicyView | null;
  retentionSetting: number;
  idPrefix: string;
}) {
  const t = useTranslations("privacy.policies.form");
  const fieldWords = useTranslations("privacy.fields");
  const initial = valuesOf(policy);
  const [state, action, pending] = useFormWithValues(savePolicy, readPolicyForm, initial);
  const { result } = state;
  // A new policy created: the form starts over; anything else comes back as it was sent.
  const values = result?.ok && !policy ? initial : state.values;
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const [answered, setAnswered] = useState(state.attempt);
  if (answered !== state.attempt) {
    // A submission answered (saved or refused): the question asked before it is settled.
    setAnswered(state.attempt);
    setConfirming(null);
  }
  const errors = fieldErrorsOf(result);
  const id = (name: string) => `${idPrefix}-${name}`;
  const fields = Object.fromEntries(FIELDS.map((name) => [name, { id: id(name), label: t(name) }]));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!policy || confirming) return;
    const form = new FormData(event.currentTarget);
    const ticked = new Set(form.getAll("kept[]").map(String));
    const newlyDropped = POLICY_FIELDS.filter((field) => policy.kept[field] && !ticked.has(field));
    const criminalDropped = policy.criminalDetails && form.get("criminalDetails") !== "on";
    const lost = [...newlyDropped.map((field) => fieldWords(field)), ...(criminalDropped ? [t("criminalLost")] : [])];
    if (lost.length > 0 && policy.properties.length > 0) {
      event.preventDefault();
      setConfirming(lost);
    }
  }

  return (
    <form
      action={action}
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
      aria-busy={pending}
      aria-label={policy ? t("edit", { name: policy.name }) : t("new")}
    >
      <FormSummary result={result} fields={fields} successTitle={policy ? t("saved") : t("created")} />
      {policy ? <input type="hidden" name="id" value={policy.id} /> : null}
      <PolicyFields
        key={state.attempt}
        values={values}
        isDefault={policy?.isDefault === true}
        retentionSetting={retentionSetting}
        errors={errors}
        id={id}
      />
      {confirming ? (
        <div
          role="alert"
          className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <p>{t("confirmDrop", { properties: policy?.properties.join(", ") ?? "", lost: confirming.join("; ") })}</p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" disabled={pending}>
              {pending ? t("saving") : t("saveAndDrop")}
            </Button>
            <Button onClick={() => setConfirming(null)}>{t("cancel")}</Button>
          </div>
        </div>
      ) : (
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? t("saving") : policy ? t("save") : t("create")}
        </Button>
      )}
    </form>
  );
}

/** What the form keeps between submissions. */
interface PolicyFormValues {
  name: string;
  followsSetting: boolean;
  retentionDays: string;
  kept: string[];
  criminalDetails: boolean;
  legalHold: boolean;
  legalHoldReason: string;
}

function valuesOf(policy: PolicyView | null): PolicyFormValues {
  return {
    name: policy?.name ?? "",
    followsSetting: policy?.isDefault === true && policy.ownRetentionDays === null,
    retentionDays: policy?.ownRetentionDays?.toString() ?? "",
    kept: POLICY_FIELDS.filter((field) => (policy ? policy.kept[field] : true)),
    criminalDetails: policy ? policy.criminalDetails : true,
    legalHold: policy?.legalHold != null,
    legalHoldReason: policy?.legalHold ?? "",
  };
}

function readPolicyForm(form: FormData): PolicyFormValues {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  return {
    name: text("name"),
    followsSetting: text("retention") === "setting",
    retentionDays: text("retentionDays"),
    kept: form.getAll("kept[]").filter((value): value is string => typeof value === "string"),
    criminalDetails: text("criminalDetails") === "on",
    legalHold: text("legalHold") === "on",
    legalHoldReason: text("legalHoldReason"),
  };
}

function PolicyFields({
  values,
  isDefault,
  retentionSetting,
  errors,
  id,
}: {
  values: PolicyFormValues;
  isDefault: boolean;
  retentionSetting: number;
  errors: Record<string, string>;
  id: (name: string) => string;
}) {
  const t = useTranslations("privacy.policies.form");
  const fieldWords = useTranslations("privacy.fields");
  const [followsSetting, setFollowsSetting] = useState(values.followsSetting);
  const [legalHold, setLegalHold] = useState(values.legalHold);
  return (
    <>
      <TextField
        id={id("name")}
        name="name"
        label={t("name")}
        defaultValue={values.name}
        maxLength={POLICY_NAME_MAX}
        error={errors.name}
        hint={isDefault ? t("defaultHint") : undefined}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-stone-800">{t("keptFor")}</legend>
        {isDefault ? (
          <>
            <label className="flex items-center gap-2 text-sm text-stone-800">
              <input
                type="radio"
                name="retention"
                value="setting"
                checked={followsSetting}
                onChange={() => setFollowsSetting(true)}
                className="size-4 accent-brand-600"
              />
              {t("followSetting", { days: retentionSetting })}
            </label>
            <label className="flex items-center gap-2 text-sm text-stone-800">
              <input
                type="radio"
                name="retention"
                value="own"
                checked={!followsSetting}
                onChange={() => setFollowsSetting(false)}
                className="size-4 accent-brand-600"
              />
              {t("ownDays")}
            </label>
          </>
        ) : (
          <input type="hidden" name="retention" value="own" />
        )}
        {followsSetting ? null : (
          <TextField
            id={id("retentionDays")}
            name="retentionDays"
            label={t("retentionDays")}
            inputMode="numeric"
            defaultValue={values.retentionDays}
            className="max-w-32"
            error={errors.retentionDays}
            hint={t("retentionHint", { min: RETENTION_MIN_DAYS, max: RETENTION_MAX_DAYS })}
          />
        )}
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-stone-800">{t("fieldsLegend")}</legend>
        <p className="text-sm text-stone-600">{t("alwaysKept")}</p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {POLICY_FIELDS.map((field: PolicyField) => (
            <label
              key={field}
              className="flex items-center gap-3 rounded-md border border-stone-200 bg-white p-3 text-sm text-stone-900 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="checkbox"
                name="kept[]"
                value={field}
                defaultChecked={values.kept.includes(field)}
                className="size-4 accent-brand-600"
              />
              {fieldWords(field)}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex items-start gap-3 text-sm text-stone-900">
        <input
          type="checkbox"
          name="criminalDetails"
          defaultChecked={values.criminalDetails}
          className="mt-0.5 size-4 accent-brand-600"
        />
        <span>
          {t("criminalDetails")}
          <span className="block text-stone-600">{t("criminalDetailsHint")}</span>
        </span>
      </label>
      <div className="space-y-2">
        <label className="flex items-start gap-3 text-sm text-stone-900">
          <input
            type="checkbox"
            name="legalHold"
            checked={legalHold}
            onChange={(event) => setLegalHold(event.target.checked)}
            className="mt-0.5 size-4 accent-brand-600"
          />
          <span>
            {t("legalHold")}
            <span className="block text-stone-600">{t("legalHoldHint")}</span>
          </span>
        </label>
        {legalHold ? (
          <TextAreaField
            id={id("legalHoldReason")}
            name="legalHoldReason"
            label={t("legalHoldReason")}
            rows={2}
            maxLength={LEGAL_HOLD_MAX}
            defaultValue={values.legalHoldReason}
            error={errors.legalHoldReason}
            hint={t("legalHoldReasonHint")}
          />
        ) : null}
      </div>
    </>
  );
}
