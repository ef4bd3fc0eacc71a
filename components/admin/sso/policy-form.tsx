"use client";

import type { ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { FieldError, TextField } from "@/components/ui/field";
import { useFormWithValues } from "@/lib/features/admin/hooks";
import { saveSsoPolicy } from "@/lib/features/sso/actions";
import type { SignInSettings } from "@/lib/features/sso/server";

import { fieldErrorsOf, FormSummary } from "../form-summary";

type Policy = SignInSettings["policy"];

const FIELDS = {
  createAccounts: { id: "sso-create-accounts", label: "Make an account at first sign-in" },
  trustProviderEmails: { id: "sso-trust-emails", label: "Trust the provider's e-mail addresses" },
  strict: { id: "sso-strict", label: "Strict" },
  groupClaim: { id: "sso-group-claim", label: "Group claim" },
  requiredAmr: { id: "sso-required-amr", label: "Authentication method" },
  requiredAcr: { id: "sso-required-acr", label: "Authentication level" },
  passwordSignIn: { id: "sso-password-everyone", label: "Password sign-in" },
};

const PASSWORD_CHOICES = [
  { value: "everyone", id: "sso-password-everyone", label: "Everyone may also sign in with a password" },
  {
    value: "break_glass",
    id: "sso-password-break-glass",
    label: "Only break-glass admins may sign in with a password",
  },
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
    <label htmlFor={FIELDS[name].id} className={checkboxLabel}>
      <input
        id={FIELDS[name].id}
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
  const [state, action, pending] = useFormWithValues(saveSsoPolicy, readPolicyForm, policy);
  const { values, result } = state;
  const errors = fieldErrorsOf(result);
  return (
    <form action={action} noValidate aria-label="Who may come in" className="space-y-4" aria-busy={pending}>
      <FormSummary result={result} fields={FIELDS} successTitle="Saved" />
      <div key={state.attempt} className="space-y-5">
        <div className="space-y-2">
          <PolicyCheckbox name="createAccounts" checked={values.createAccounts}>
            Make an account at a person&apos;s first sign-in (with the access their groups give)
          </PolicyCheckbox>
          <PolicyCheckbox name="trustProviderEmails" checked={values.trustProviderEmails}>
            Link accounts by e-mail when the provider does not say whether the address is verified (Microsoft Entra ID
            never does)
          </PolicyCheckbox>
          <PolicyCheckbox name="strict" checked={values.strict}>
            Strict: refuse a person whose groups give no role (unless an admin gave them one by hand)
          </PolicyCheckbox>
        </div>
        <div className="max-w-md">
          <TextField
            id={FIELDS.groupClaim.id}
            name="groupClaim"
            label="Group claim"
            hint="The ID token claim holding the groups, e.g. groups, or realm_access.roles for Keycloak"
            autoComplete="off"
            spellCheck={false}
            defaultValue={values.groupClaim}
            error={errors.groupClaim}
            required
          />
        </div>
        <div className="grid max-w-3xl gap-4 md:grid-cols-2">
          <TextField
            id={FIELDS.requiredAmr.id}
            name="requiredAmr"
            label="Require this authentication method (amr)"
            hint="e.g. mfa; blank: any"
            autoComplete="off"
            spellCheck={false}
            defaultValue={values.requiredAmr ?? ""}
            error={errors.requiredAmr}
          />
          <TextField
            id={FIELDS.requiredAcr.id}
            name="requiredAcr"
            label="Require this authentication level (acr)"
            hint="blank: any"
            autoComplete="off"
            spellCheck={false}
            defaultValue={values.requiredAcr ?? ""}
            error={errors.requiredAcr}
          />
        </div>
        <fieldset aria-describedby={errors.passwordSignIn ? "sso-password-error" : undefined}>
          <legend className="text-sm font-medium text-stone-800">Password sign-in</legend>
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
                <span>{choice.label}</span>
              </label>
            ))}
          </div>
          <FieldError id="sso-password-error" message={errors.passwordSignIn} />
        </fieldset>
      </div>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? "Saving…" : "Save"}
      </Button>
    </form>
  );
}
