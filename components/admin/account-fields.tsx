import { useTranslations } from "next-intl";

import { TextField } from "@/components/ui/field";
import type { PropertyOption } from "@/lib/features/admin/users";
import type { Failure } from "@/lib/features/reports/types";

import { ACCESS_FIELD_ID, PROPERTIES_FIELD_ID, PropertyAccessFieldset } from "./property-access-fieldset";
import { ROLE_FIELD_ID, RoleFieldset } from "./role-fieldset";
import type { AccountFormValues } from "./user-form-values";

/** The fields every account form has, for its summary: field name → its input's id and label. */
export function useAccountFields() {
  const t = useTranslations("admin.accountFields");
  return {
    name: { id: "name", label: t("name") },
    role: { id: ROLE_FIELD_ID, label: t("role") },
    access: { id: ACCESS_FIELD_ID, label: t("access") },
    properties: { id: PROPERTIES_FIELD_ID, label: t("properties") },
  };
}

/**
 * Who an account is and what it may see: the name (and, for a new account, the e-mail it signs in
 * with), the role and the property access, filled with what was last submitted.
 */
export function AccountFields({
  values,
  errors,
  options,
  upstreamError,
  withEmail = false,
  ownAdmin = false,
}: {
  values: AccountFormValues;
  errors: Record<string, string>;
  options: readonly PropertyOption[];
  upstreamError: Failure | null;
  withEmail?: boolean;
  /** The admin editing their own account, who keeps admin. */
  ownAdmin?: boolean;
}) {
  const t = useTranslations("admin.accountFields");
  return (
    <>
      <div className={withEmail ? "grid gap-4 sm:grid-cols-2" : "max-w-md"}>
        <TextField
          id="name"
          name="name"
          label={t("name")}
          autoComplete="off"
          defaultValue={values.name}
          error={errors.name}
          required
        />
        {withEmail ? (
          <TextField
            id="email"
            name="email"
            type="email"
            label={t("email")}
            hint={t("emailHint")}
            autoComplete="off"
            spellCheck={false}
            defaultValue={values.email}
            error={errors.email}
            required
          />
        ) : null}
      </div>
      <RoleFieldset defaultRole={values.role} error={errors.role} ownAdmin={ownAdmin} />
      <PropertyAccessFieldset
        defaultMode={values.access}
        options={options}
        selected={values.properties}
        upstreamError={upstreamError}
        error={errors.access ?? errors.properties}
      />
    </>
  );
}
