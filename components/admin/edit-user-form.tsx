"use client";

import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { updateUser } from "@/lib/features/admin/actions";
import { useFormWithValues } from "@/lib/features/admin/hooks";
import type { PropertyOption } from "@/lib/features/admin/users";
import type { Failure } from "@/lib/features/reports/types";

import { FormSummary } from "./form-summary";
import { ACCESS_FIELD_ID, PROPERTIES_FIELD_ID, PropertyAccessFieldset } from "./property-access-fieldset";
import { ROLE_FIELD_ID, RoleFieldset } from "./role-fieldset";
import { readAccountForm, type AccountFormValues } from "./user-form-values";

const FIELDS = {
  name: { id: "name", label: "Name" },
  role: { id: ROLE_FIELD_ID, label: "Role" },
  access: { id: ACCESS_FIELD_ID, label: "Property access" },
  properties: { id: PROPERTIES_FIELD_ID, label: "Properties" },
};

export function EditUserForm({
  id,
  initial,
  isSelf,
  options,
  upstreamError,
}: {
  id: string;
  initial: AccountFormValues;
  isSelf: boolean;
  options: readonly PropertyOption[];
  upstreamError: Failure | null;
}) {
  const [state, action, pending] = useFormWithValues(updateUser, readAccountForm, initial);
  const { values, result } = state;
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  return (
    <form action={action} noValidate className="space-y-6" aria-busy={pending}>
      <FormSummary result={result} fields={FIELDS} successTitle="Account saved" />
      <input type="hidden" name="id" value={id} />
      <div key={state.attempt} className="space-y-6">
        <div className="max-w-md">
          <TextField
            id="name"
            name="name"
            label="Name"
            autoComplete="off"
            defaultValue={values.name}
            error={errors.name}
            required
          />
        </div>
        <RoleFieldset defaultRole={values.role} error={errors.role} ownAdmin={isSelf} />
        <PropertyAccessFieldset
          defaultMode={values.access}
          options={options}
          selected={values.properties}
          upstreamError={upstreamError}
          error={errors.access ?? errors.properties}
        />
      </div>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? "Saving…" : "Save changes"}
      </Button>
    </form>
  );
}
