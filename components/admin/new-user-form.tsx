"use client";

import { Button } from "@/components/ui/button";
import { createUser } from "@/lib/features/admin/actions";
import { useFormWithValues } from "@/lib/features/admin/hooks";
import type { PropertyOption } from "@/lib/features/admin/users";
import type { Failure } from "@/lib/features/reports/types";

import { ACCOUNT_FIELDS, AccountFields } from "./account-fields";
import { fieldErrorsOf, FormSummary } from "./form-summary";
import { PasswordPairFields, PasswordRule } from "./password-pair-fields";
import { readAccountForm, type AccountFormValues } from "./user-form-values";

const FIELDS = {
  ...ACCOUNT_FIELDS,
  email: { id: "email", label: "E-mail" },
  password: { id: "password", label: "Initial password" },
  passwordConfirm: { id: "password-confirm", label: "Initial password, again" },
};

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
  const [state, action, pending] = useFormWithValues(createUser, readAccountForm, INITIAL);
  const { values, result } = state;
  const errors = fieldErrorsOf(result);
  return (
    <form action={action} noValidate className="space-y-6" aria-busy={pending}>
      <FormSummary result={result} fields={FIELDS} />
      <div key={state.attempt} className="space-y-6">
        <AccountFields values={values} errors={errors} options={options} upstreamError={upstreamError} withEmail />
        <fieldset className="space-y-4">
          <legend className="text-sm font-medium text-stone-800">Password</legend>
          <p className="text-sm text-stone-600">
            <PasswordRule minPasswordLength={minPasswordLength} result={result}>
              {" "}
              Give it to the person by a separate, private channel.
            </PasswordRule>
          </p>
          <PasswordPairFields
            idPrefix="password"
            label="Initial password"
            minPasswordLength={minPasswordLength}
            errors={errors}
          />
        </fieldset>
      </div>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? "Creating the account…" : "Create account"}
      </Button>
    </form>
  );
}
