"use client";

import { useActionState } from "react";

import { Button } from "@/components/ui/button";
import { resetUserPassword } from "@/lib/features/admin/actions";

import { fieldErrorsOf, FormSummary } from "./form-summary";
import { PasswordPairFields, PasswordRule } from "./password-pair-fields";

const FIELDS = {
  password: { id: "new-password", label: "New password" },
  passwordConfirm: { id: "new-password-confirm", label: "New password, again" },
};

export function ResetPasswordForm({
  id,
  isSelf,
  minPasswordLength,
}: {
  id: string;
  isSelf: boolean;
  minPasswordLength: number;
}) {
  const [result, action, pending] = useActionState(resetUserPassword, null);
  return (
    <form action={action} noValidate className="space-y-4" aria-busy={pending}>
      <FormSummary result={result} fields={FIELDS} successTitle="Password changed" />
      <input type="hidden" name="id" value={id} />
      <p className="text-sm text-stone-700">
        {isSelf
          ? "This is your own account: every session of yours ends, this one included, and you sign in again with the new password."
          : "Every session of this person ends at once: they sign in again with the new password, which you give them privately."}{" "}
        <PasswordRule minPasswordLength={minPasswordLength} result={result} />
      </p>
      <PasswordPairFields
        idPrefix="new-password"
        label="New password"
        minPasswordLength={minPasswordLength}
        errors={fieldErrorsOf(result)}
      />
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? "Changing the password…" : "Reset password"}
      </Button>
    </form>
  );
}
