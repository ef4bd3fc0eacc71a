"use client";

import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { PERMISSIONS } from "@/lib/core/access";
import { updateUser } from "@/lib/features/admin/actions";
import { useFormWithValues } from "@/lib/features/admin/hooks";
import type { PropertyOption } from "@/lib/features/admin/users";
import type { Failure } from "@/lib/features/reports/types";

import { AccountFields, useAccountFields } from "./account-fields";
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
  const t = useTranslations("admin.editUser");
  const fields = useAccountFields();
  const [state, action, pending] = useFormWithValues(updateUser, readAccountForm, initial);
  const { values, result } = state;
  return (
    <form action={action} noValidate className="space-y-6" aria-busy={pending}>
      <FormSummary result={result} fields={fields} successTitle={t("saved")} />
      <input type="hidden" name="id" value={id} />
      <div key={state.attempt} className="space-y-6">
        <AccountFields
          values={values}
          errors={fieldErrorsOf(result)}
          options={options}
          upstreamError={upstreamError}
          ownAdmin={isSelf}
        />
        <PermissionsFieldset granted={values.permissions ?? []} />
      </div>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? t("saving") : t("save")}
      </Button>
    </form>
  );
}

/** Grants beyond the role. An admin holds them all whatever is ticked; the box still records the grant. */
function PermissionsFieldset({ granted }: { granted: readonly string[] }) {
  const t = useTranslations("admin.editUser");
  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-800">{t("permissions")}</legend>
      <div className="mt-2 space-y-2 text-sm">
        {PERMISSIONS.map((permission) => (
          <label key={permission} htmlFor={`permission-${permission}`} className="flex items-start gap-3">
            <input
              id={`permission-${permission}`}
              type="checkbox"
              name="permissions"
              value={permission}
              defaultChecked={granted.includes(permission)}
              className="mt-0.5 size-4 accent-brand-600"
            />
            <span>{t("permission", { permission: t(`grants.${permission}`) })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
