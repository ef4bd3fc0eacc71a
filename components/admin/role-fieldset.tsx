import { useTranslations } from "next-intl";

import { FieldError } from "@/components/ui/field";
import { ROLES, type Role } from "@/lib/core/access";

export const ROLE_FIELD_ID = `role-${ROLES[0]}`;

/** Roles as a radio group, each with what it allows. `ownAdmin`: the admin editing themself keeps admin. */
export function RoleFieldset({
  defaultRole,
  error,
  ownAdmin = false,
}: {
  defaultRole?: Role;
  error?: string;
  ownAdmin?: boolean;
}) {
  const t = useTranslations("admin.roleFieldset");
  const tCommon = useTranslations("common");
  return (
    <fieldset
      aria-describedby={[ownAdmin ? "role-own" : "", error ? "role-error" : ""].filter(Boolean).join(" ") || undefined}
    >
      <legend className="text-sm font-medium text-stone-800">{t("legend")}</legend>
      {ownAdmin ? (
        <p id="role-own" className="mt-0.5 text-sm text-stone-600">
          {t("ownAdmin")}
        </p>
      ) : null}
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {ROLES.map((role) => (
          <label
            key={role}
            htmlFor={`role-${role}`}
            className="flex gap-3 rounded-md border border-stone-200 bg-white p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:disabled]:opacity-60"
          >
            <input
              id={`role-${role}`}
              type="radio"
              name="role"
              value={role}
              defaultChecked={role === defaultRole}
              disabled={ownAdmin && role !== "admin"}
              aria-describedby={`role-${role}-description`}
              className="mt-0.5 size-4 accent-brand-600"
            />
            <span>
              <span className="block font-medium text-stone-900">{tCommon(`roles.${role}`)}</span>
              <span id={`role-${role}-description`} className="block text-stone-600">
                {t(`descriptions.${role}`)}
              </span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id="role-error" message={error} />
    </fieldset>
  );
}
