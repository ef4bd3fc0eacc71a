"use client";

import { useTranslations } from "next-intl";
import { useActionState, useEffect } from "react";

import { fieldErrorsOf, FormSummary } from "@/components/admin/form-summary";
import { PasswordPairFields, PasswordRule } from "@/components/admin/password-pair-fields";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { changePassword } from "@/lib/features/account/actions";

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
  const t = useTranslations("account.password");
  const [result, action, pending] = useActionState(changePassword, null);
  const errors = fieldErrorsOf(result);
  useEffect(() => {
    // A full load: the session's required steps are read again on the server.
    if (result?.ok && continueTo) window.location.assign(continueTo);
  }, [result, continueTo]);
  const fields = {
    currentPassword: { id: "current-password", label: t("current") },
    password: { id: "new-password", label: t("new") },
    passwordConfirm: { id: "new-password-confirm", label: t("newAgain") },
  };
  return (
    <form action={action} noValidate className="space-y-4" aria-busy={pending}>
      <FormSummary result={result} fields={fields} successTitle={t("changed")} />
      <p className="text-sm text-stone-700">
        <PasswordRule minPasswordLength={minPasswordLength} result={result}>
          {" "}
          {t("sessionsEnd")}
        </PasswordRule>
      </p>
      <TextField
        id="current-password"
        name="currentPassword"
        type="password"
        label={t("current")}
        autoComplete="current-password"
        error={errors.currentPassword}
        required
      />
      <PasswordPairFields
        idPrefix="new-password"
        label={t("new")}
        minPasswordLength={minPasswordLength}
        errors={errors}
      />
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? t("changing") : t("change")}
      </Button>
    </form>
  );
}
