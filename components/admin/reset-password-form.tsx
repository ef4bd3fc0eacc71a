"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";

import { Button } from "@/components/ui/button";
import { resetUserPassword } from "@/lib/features/admin/actions";

import { fieldErrorsOf, FormSummary } from "./form-summary";
import { PasswordPairFields, PasswordRule } from "./password-pair-fields";

export function ResetPasswordForm({
  id,
  isSelf,
  minPasswordLength,
}: {
  id: string;
  isSelf: boolean;
  minPasswordLength: number;
}) {
  const t = useTranslations("admin.resetPassword");
  const tPasswords = useTranslations("admin.passwords");
  const fields = {
    password: { id: "new-password", label: t("label") },
    passwordConfirm: { id: "new-password-confirm", label: tPasswords("again", { label: t("label") }) },
  };
  const [result, action, pending] = useActionState(resetUserPassword, null);
  return (
    <form action={action} noValidate className="space-y-4" aria-busy={pending}>
      <FormSummary result={result} fields={fields} successTitle={t("changed")} />
      <input type="hidden" name="id" value={id} />
      <p className="text-sm text-stone-700">
        {isSelf ? t("self") : t("other")} <PasswordRule minPasswordLength={minPasswordLength} result={result} />
      </p>
      <PasswordPairFields
        idPrefix="new-password"
        label={t("label")}
        minPasswordLength={minPasswordLength}
        errors={fieldErrorsOf(result)}
      />
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? t("changing") : t("reset")}
      </Button>
    </form>
  );
}
