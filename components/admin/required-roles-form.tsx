"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";

import { Button } from "@/components/ui/button";
import { ROLES, type Role } from "@/lib/core/access";
import { setRequiredRoles } from "@/lib/features/admin/actions";

import { FormSummary } from "./form-summary";

/** Which roles must sign in with a second factor: a person of a ticked role without one sets it up first. */
export function RequiredRolesForm({ roles }: { roles: readonly Role[] }) {
  const t = useTranslations("admin.requiredRoles");
  const tCommon = useTranslations("common");
  const [result, action, pending] = useActionState(setRequiredRoles, null);
  return (
    <form action={action} className="space-y-4" aria-busy={pending}>
      <FormSummary result={result} fields={{}} successTitle={t("saved")} />
      <fieldset>
        <legend className="text-sm font-medium text-stone-800">{t("legend")}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {ROLES.map((role) => (
            <label
              key={role}
              className="flex items-center gap-3 rounded-md border border-stone-200 bg-white p-3 text-sm text-stone-900 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="checkbox"
                name="roles"
                value={role}
                defaultChecked={roles.includes(role)}
                className="size-4 accent-brand-600"
              />
              {tCommon(`roles.${role}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? t("saving") : t("save")}
      </Button>
    </form>
  );
}
