"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";

import { Button } from "@/components/ui/button";
import { setUserEnabled } from "@/lib/features/admin/actions";

import { FormSummary } from "./form-summary";

export function AccountStatusForm({ id, disabled, isSelf }: { id: string; disabled: boolean; isSelf: boolean }) {
  const t = useTranslations("admin.accountStatus");
  const [result, action, pending] = useActionState(setUserEnabled, null);
  if (isSelf) {
    return <p className="text-sm text-stone-700">{t("self")}</p>;
  }
  return (
    <form action={action} className="space-y-3" aria-busy={pending}>
      <FormSummary result={result} fields={{}} successTitle={disabled ? t("disabled") : t("enabled")} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="enabled" value={disabled ? "true" : "false"} />
      <p className="text-sm text-stone-700">{disabled ? t("enableExplained") : t("disableExplained")}</p>
      <Button type="submit" variant={disabled ? "secondary" : "danger"} disabled={pending}>
        {pending ? t("saving") : disabled ? t("enable") : t("disable")}
      </Button>
    </form>
  );
}
