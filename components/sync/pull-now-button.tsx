"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";

import { FormSummary } from "@/components/admin/form-summary";
import { Button } from "@/components/ui/button";
import { pullNow } from "@/lib/features/sync/actions";

export function PullNowButton() {
  const t = useTranslations("sync.pull");
  const [result, action, pending] = useActionState(pullNow, null);
  return (
    <form action={action} className="space-y-3" aria-busy={pending}>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? t("pulling") : t("button")}
      </Button>
      {pending ? (
        <p role="status" className="text-sm text-stone-600">
          {t("asking")}
        </p>
      ) : null}
      {!pending ? <FormSummary result={result} fields={{}} successTitle={t("pulled")} /> : null}
    </form>
  );
}
