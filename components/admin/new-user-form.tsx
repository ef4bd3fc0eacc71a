"use client";

import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { createUser } from "@/lib/features/admin/actions";
import { useFormWithValues } from "@/lib/features/admin/hooks";
import type { PropertyOption } from "@/lib/features/admin/users";
import type { Failure } from "@/lib/features/reports/types";

import { FormSummary } from "./form-summary";
import { PasswordPairFields } from "./password-pair-fields";
import { ACCESS_FIELD_ID, PROPERTIES_FIELD_ID, PropertyAccessFieldset } from "./property-access-fieldset";
import { ROLE_FIELD_ID, RoleFieldset } from "./role-fieldset";
import { readAccountForm, type AccountFormValues } from "./user-form-values";

const FIELDS = {
  name: { id: "name", label: "Name" },
  email: { id: "email", label: "E-mail" },
  role: { id: ROLE_FIELD_ID, label: "Role" },
  access: { id: ACCESS_FIELD_ID, label: "Property access" },
  properties: { id: PROPERTIES_FIELD_ID, label: "Properties" },
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
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  return (
    <form action={action} noValidate className="space-y-6" aria-busy={pending}>
      <FormSummary result={result} fields={FIELDS} />
      <div key={state.attempt} className="space-y-6">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="name"
            name="name"
            label="Name"
            autoComplete="off"
            defaultValue={values.name}
            error={errors.name}
            required
          />
          <TextField
            id="email"
            name="email"
            type="email"
            label="E-mail"
            hint="They sign in with it."
            autoComplete="off"
            spellCheck={false}
            defaultValue={values.email}
            error={errors.email}
            required
          />
        </div>
        <RoleFieldset defaultRole={values.role} error={errors.role} />
        <PropertyAccessFieldset
          defaultMode={values.access}
          options={options}
          selected={values.properties}
          upstreamError={upstreamError}
          error={errors.access ?? errors.properties}
        />
        <fieldset className="space-y-4">
          <legend className="text-sm font-medium text-stone-800">Password</legend>
          <p className="text-sm text-stone-600">
            At least {minPasswordLength} characters. Give it to the person by a separate, private channel.
            {result && !result.ok ? " Passwords are not kept after a refused attempt: type both again." : null}
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
