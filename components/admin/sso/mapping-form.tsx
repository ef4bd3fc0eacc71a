"use client";

import { useTranslations } from "next-intl";

import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import type { Role } from "@/lib/core/access";
import { useFormWithValues } from "@/lib/features/admin/hooks";
import type { PropertyOption } from "@/lib/features/admin/users";
import type { Failure } from "@/lib/features/reports/types";
import { saveMapping } from "@/lib/features/sso/actions";

import { fieldErrorsOf, FormSummary } from "../form-summary";
import { ACCESS_FIELD_ID, PROPERTIES_FIELD_ID, PropertyAccessFieldset } from "../property-access-fieldset";
import { ROLE_FIELD_ID, RoleFieldset } from "../role-fieldset";

interface MappingValues {
  group: string;
  role?: Role;
  access: "all" | "selected";
  properties: string[];
}

// The least a mapping can give: an admin widens it on purpose.
const EMPTY: MappingValues = { group: "", role: "viewer", access: "selected", properties: [] };

function readMappingForm(form: FormData): MappingValues {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  return {
    group: text("group"),
    role: (text("role") || undefined) as Role | undefined,
    access: text("access") === "all" ? "all" : "selected",
    properties: form.getAll("properties").filter((value): value is string => typeof value === "string"),
  };
}

/** A group and the access it gives; a group already mapped has its mapping replaced. */
export function MappingForm({
  options,
  upstreamError,
}: {
  options: readonly PropertyOption[];
  upstreamError: Failure | null;
}) {
  const t = useTranslations("admin.sso.mappingForm");
  const fields = {
    group: { id: "sso-group", label: t("group") },
    role: { id: ROLE_FIELD_ID, label: t("role") },
    access: { id: ACCESS_FIELD_ID, label: t("access") },
    properties: { id: PROPERTIES_FIELD_ID, label: t("properties") },
  };
  const [state, action, pending] = useFormWithValues(saveMapping, readMappingForm, EMPTY);
  const { result } = state;
  // Once saved the mapping is in the table above: the form starts over for the next one.
  const values = result?.ok ? EMPTY : state.values;
  const errors = fieldErrorsOf(result);
  return (
    <form action={action} noValidate aria-label={t("formLabel")} className="space-y-6" aria-busy={pending}>
      <FormSummary result={result} fields={fields} successTitle={t("saved")} />
      <div key={state.attempt} className="space-y-6">
        <div className="max-w-md">
          <TextField
            id={fields.group.id}
            name="group"
            label={t("group")}
            hint={t("groupHint")}
            autoComplete="off"
            spellCheck={false}
            defaultValue={values.group}
            error={errors.group}
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
      </div>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? t("saving") : t("save")}
      </Button>
    </form>
  );
}
