"use client";

import { useActionState, useEffect } from "react";

import { fieldErrorsOf, FormSummary } from "@/components/admin/form-summary";
import { PasswordPairFields, PasswordRule } from "@/components/admin/password-pair-fields";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { changePassword } from "@/lib/features/account/actions";

const FIELDS = {
  currentPassword: { id: "current-password", label: "Current password" },
  password: { id: "new-password", label: "New password" },
  passwordConfirm: { id: "new-password-confirm", label: "New password, again" },
};

/**
 * The person's own password: the current one, then the new one twice. With `continueTo` (the
 * account set-up), a changed password goes on to that page, which asks for the next step if any.
 */
export function ChangePasswordForm({
  minPasswordLength,
  continueTo,
}: {
  minPasswordLength: number;
  continueTo?: string;
}) {
  const [result, action, pending] = useActionState(changePassword, null);
  const errors = fieldErrorsOf(result);
  useEffect(() => {
    // A full load: the session's required steps are read again on the server.
    if (result?.ok && continueTo) window.location.assign(continueTo);
  }, [result, continueTo]);
  return (
    <form action={action} noValidate className="space-y-4" aria-busy={pending}>
      <FormSummary result={result} fields={FIELDS} successTitle="Password changed" />
      <p className="text-sm text-stone-700">
        <PasswordRule minPasswordLength={minPasswordLength} result={result}>
          {" "}
          Your other sessions end; you stay signed in here.
        </PasswordRule>
      </p>
      <TextField
        id="current-password"
        name="currentPassword"
        type="password"
        label="Current password"
        autoComplete="current-password"
        error={errors.currentPassword}
        required
      />
      <PasswordPairFields
        idPrefix="new-password"
        label="New password"
        minPasswordLength={minPasswordLength}
        errors={errors}
      />
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? "Changing the password…" : "Change password"}
      </Button>
    </form>
  );
}
