import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

import { TextField } from "@/components/ui/field";
import type { ActionResult } from "@/lib/core/errors";

/**
 * The length rule in words, `children` after it, and, once an attempt was refused, that both
 * passwords must be typed again: they are never sent back to the form.
 */
export function PasswordRule({
  minPasswordLength,
  result,
  children,
}: {
  minPasswordLength: number;
  result: ActionResult<unknown> | null;
  children?: ReactNode;
}) {
  const t = useTranslations("admin.passwords");
  return (
    <>
      {t("atLeast", { min: minPasswordLength })}
      {children}
      {result && !result.ok ? <> {t("typeAgain")}</> : null}
    </>
  );
}

/**
 * A password typed twice, for a new account or a reset: the same two fields, the same rules.
 * `label`: the first field's, in the person's language; the second one's says it again.
 */
export function PasswordPairFields({
  idPrefix,
  label,
  minPasswordLength,
  errors,
}: {
  idPrefix: string;
  label: string;
  minPasswordLength: number;
  errors: { password?: string; passwordConfirm?: string };
}) {
  const t = useTranslations("admin.passwords");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id={idPrefix}
        name="password"
        type="password"
        label={label}
        autoComplete="new-password"
        minLength={minPasswordLength}
        error={errors.password}
        required
      />
      <TextField
        id={`${idPrefix}-confirm`}
        name="passwordConfirm"
        type="password"
        label={t("again", { label })}
        autoComplete="new-password"
        error={errors.passwordConfirm}
        required
      />
    </div>
  );
}
