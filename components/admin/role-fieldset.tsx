import { FieldError } from "@/components/ui/field";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, type Role } from "@/lib/core/access";

const ROLE_ORDER = Object.keys(ROLE_LABELS) as Role[];

export const ROLE_FIELD_ID = `role-${ROLE_ORDER[0]}`;

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
  return (
    <fieldset
      aria-describedby={[ownAdmin ? "role-own" : "", error ? "role-error" : ""].filter(Boolean).join(" ") || undefined}
    >
      <legend className="text-sm font-medium text-stone-800">Role</legend>
      {ownAdmin ? (
        <p id="role-own" className="mt-0.5 text-sm text-stone-600">
          This is your own account: you cannot change your role away from admin, so Daybook always keeps an admin.
        </p>
      ) : null}
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {ROLE_ORDER.map((role) => (
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
              <span className="block font-medium text-stone-900">{ROLE_LABELS[role]}</span>
              <span id={`role-${role}-description`} className="block text-stone-600">
                {ROLE_DESCRIPTIONS[role]}
              </span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id="role-error" message={error} />
    </fieldset>
  );
}
