"use client";

import { Button } from "@/components/ui/button";
import { updateUser } from "@/lib/features/admin/actions";
import { useFormWithValues } from "@/lib/features/admin/hooks";
import type { PropertyOption } from "@/lib/features/admin/users";
import type { Failure } from "@/lib/features/reports/types";

import { ACCOUNT_FIELDS, AccountFields } from "./account-fields";
import { fieldErrorsOf, FormSummary } from "./form-summary";
import { readAccountForm, type AccountFormValues } from "./user-form-values";

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
  return (
    <form action={action} noValidate className="space-y-6" aria-busy={pending}>
      <FormSummary result={result} fields={ACCOUNT_FIELDS} successTitle="Account saved" />
      <input type="hidden" name="id" value={id} />
      <div key={state.attempt} className="space-y-6">
        <AccountFields
          values={values}
          errors={fieldErrorsOf(result)}
          options={options}
          upstreamError={upstreamError}
          ownAdmin={isSelf}
        />
      </div>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? "Saving…" : "Save changes"}
      </Button>
    </form>
  );
}
