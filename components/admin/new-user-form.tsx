"use client";

import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { createUser } from "@/lib/features/admin/actions";
import { useFormWithValues } from "@/lib/features/admin/hooks";
import type { PropertyOption } from "@/lib/features/admin/users";
import type { Failure } from "@/lib/features/reports/types";

import { AccountFields, useAccountFields } from "./account-fields";
import { fieldErrorsOf, FormSummary } from "./form-summary";
import { PasswordPairFields, PasswordRule } from "./password-pair-fields";
import { readAccountForm, type AccountFormValues } from "./user-form-values";

// The least a new account can do: an admin widens it on purpose.
const INITIAL: AccountFormValues = { name: "", email: "", role: "viewer", access: "selected", properties: [] };

export function NewUserForm({
  options,
  upstreamError,
  minPasswordLength,
}: {
  options: readonly PropertyOption[];
  upstreamError: Failure | null;
  minPasswordLength: number;
}) {
  const t = useTranslations("admin.newUser");
  const tPasswords = useTranslations("admin.passwords");
  const fields = {
    ...useAccountFields(),
    email: { id: "email", label: t("email") },
    password: { id: "password", label: t("password") },
    passwordConfirm: { id: "password-confirm", label: tPasswords("again", { label: t("password") }) },
  };
  const [state, action, pending] = useFormWithValues(createUser, readAccountForm, INITIAL);
  const { values, result } = state;
  const errors = fieldErrorsOf(result);
  return (
    <form action={action} noValidate className="space-y-6" aria-busy={pending}>
      <FormSummary result={result} fields={fields} />
      <div key={state.attempt} className="space-y-6">
        <AccountFields values={values} errors={errors} options={options} upstreamError={upstreamError} withEmail />
        <fieldset className="space-y-4">
          <legend className="text-sm font-medium text-stone-800">{t("passwordLegend")}</legend>
          <p className="text-sm text-stone-600">
            <PasswordRule minPasswordLength={minPasswordLength} result={result}>
              {" "}
              {t("privateChannel")}
            </PasswordRule>
          </p>
          <PasswordPairFields
            idPrefix="password"
            label={t("password")}
            minPasswordLength={minPasswordLength}
            errors={errors}
          />
        </fieldset>
      </div>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? t("creating") : t("create")}
      </Button>
    </form>
  );
}
