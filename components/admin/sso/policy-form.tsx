"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { FieldError, TextField } from "@/components/ui/field";
import { useFormWithValues } from "@/lib/features/admin/hooks";
import { saveSsoPolicy } from "@/lib/features/sso/actions";
import type { SignInSettings } from "@/lib/features/sso/server";

import { fieldErrorsOf, FormSummary } from "../form-summary";

type Policy = SignInSettings["policy"];

// Each field's label, for the summary, is its key under admin.sso.policy.fields in the catalogue.
const FIELD_IDS = {
  createAccounts: "sso-create-accounts",
  trustProviderEmails: "sso-trust-emails",
  strict: "sso-strict",
  groupClaim: "sso-group-claim",
  requiredAmr: "sso-required-amr",
  requiredAcr: "sso-required-acr",
  passwordSignIn: "sso-password-everyone",
} as const;

// Each choice's words are its value's key under admin.sso.policy.passwordChoices.
const PASSWORD_CHOICES = [
  { value: "everyone", id: "sso-password-everyone" },
  { value: "break_glass", id: "sso-password-break-glass" },
] as const;

function readPolicyForm(form: FormData): Policy {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  return {
    createAccounts: form.get("createAccounts") === "on",
    trustProviderEmails: form.get("trustProviderEmails") === "on",
    strict: form.get("strict") === "on",
    groupClaim: text("groupClaim"),
    requiredAmr: text("requiredAmr") || null,
    requiredAcr: text("requiredAcr") || null,
    passwordSignIn: text("passwordSignIn") === "break_glass" ? "break_glass" : "everyone",
  };
}

const checkboxLabel = "flex items-start gap-3 text-sm text-stone-900";
const checkboxClass = "mt-0.5 size-4 shrink-0 accent-brand-600";

/** One of the rules' yes-or-no choices, sent as "on" when ticked. */
function PolicyCheckbox({
  name,
  checked,
  children,
}: {
  name: "createAccounts" | "trustProviderEmails" | "strict";
  checked: boolean;
  children: ReactNode;
}) {
  return (
    <label htmlFor={FIELD_IDS[name]} className={checkboxLabel}>
      <input
        id={FIELD_IDS[name]}
        type="checkbox"
        name={name}
        value="on"
        defaultChecked={checked}
        className={checkboxClass}
      />
      <span>{children}</span>
    </label>
  );
}

/** Who the provider's sign-ins let in, and whether a password still works beside it. */
export function PolicyForm({ policy }: { policy: Policy }) {
  const t = useTranslations("admin.sso.policy");
  const fields = Object.fromEntries(
    (Object.keys(FIELD_IDS) as (keyof typeof FIELD_IDS)[]).map((name) => [
      name,
      { id: FIELD_IDS[name], label: t(`fields.${name}`) },
    ]),
  );
  const [state, action, pending] = useFormWithValues(saveSsoPolicy, readPolicyForm, policy);
  const { values, result } = state;
  const errors = fieldErrorsOf(result);
  return (
    <form action={action} noValidate aria-label={t("formLabel")} className="space-y-4" aria-busy={pending}>
      <FormSummary result={result} fields={fields} successTitle={t("saved")} />
      <div key={state.attempt} className="space-y-5">
        <div className="space-y-2">
          <PolicyCheckbox name="createAccounts" checked={values.createAccounts}>
            {t("createAccounts")}
          </PolicyCheckbox>
          <PolicyCheckbox name="trustProviderEmails" checked={values.trustProviderEmails}>
            {t("trustProviderEmails")}
          </PolicyCheckbox>
          <PolicyCheckbox name="strict" checked={values.strict}>
            {t("strict")}
          </PolicyCheckbox>
        </div>
        <div className="max-w-md">
          <TextField
            id={FIELD_IDS.groupClaim}
            name="groupClaim"
            label={t("fields.groupClaim")}
            hint={t("groupClaimHint")}
            autoComplete="off"
            spellCheck={false}
            defaultValue={values.groupClaim}
            error={errors.groupClaim}
            required
          />
        </div>
        <div className="grid max-w-3xl gap-4 md:grid-cols-2">
          <TextField
            id={FIELD_IDS.requiredAmr}
            name="requiredAmr"
            label={t("requiredAmr")}
            hint={t("requiredAmrHint")}
            autoComplete="off"
            spellCheck={false}
            defaultValue={values.requiredAmr ?? ""}
            error={errors.requiredAmr}
          />
          <TextField
            id={FIELD_IDS.requiredAcr}
            name="requiredAcr"
            label={t("requiredAcr")}
            hint={t("requiredAcrHint")}
            autoComplete="off"
            spellCheck={false}
            defaultValue={values.requiredAcr ?? ""}
            error={errors.requiredAcr}
          />
        </div>
        <fieldset aria-describedby={errors.passwordSignIn ? "sso-password-error" : undefined}>
          <legend className="text-sm font-medium text-stone-800">{t("fields.passwordSignIn")}</legend>
          <div className="mt-2 space-y-2">
            {PASSWORD_CHOICES.map((choice) => (
              <label key={choice.value} htmlFor={choice.id} className={checkboxLabel}>
                <input
                  id={choice.id}
                  type="radio"
                  name="passwordSignIn"
                  value={choice.value}
                  defaultChecked={values.passwordSignIn === choice.value}
                  className={checkboxClass}
                />
                <span>{t(`passwordChoices.${choice.value}`)}</span>
              </label>
            ))}
          </div>
          <FieldError id="sso-password-error" message={errors.passwordSignIn} />
        </fieldset>
      </div>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? t("saving") : t("save")}
      </Button>
    </form>
  );
}
