"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";

import { Button } from "@/components/ui/button";
import { resetSecondFactor } from "@/lib/features/admin/actions";

import { FormSummary } from "./form-summary";

/** For a person who lost their phone and their recovery codes: the password alone signs them in again. */
export function ResetSecondFactorForm({ id, enabled }: { id: string; enabled: boolean }) {
  const t = useTranslations("admin.resetSecondFactor");
  const [result, action, pending] = useActionState(resetSecondFactor, null);
  return (
    <form action={action} className="space-y-3" aria-busy={pending}>
      <FormSummary result={result} fields={{}} successTitle={t("done")} />
      <input type="hidden" name="id" value={id} />
      <p className="text-sm text-stone-700">{enabled ? t("on") : t("off")}</p>
      {enabled ? (
        <Button type="submit" variant="danger" disabled={pending}>
          {pending ? t("resetting") : t("reset")}
        </Button>
      ) : null}
    </form>
  );
}
