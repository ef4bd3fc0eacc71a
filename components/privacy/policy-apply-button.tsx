"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";

import { FormSummary } from "@/components/admin/form-summary";
import { Button } from "@/components/ui/button";
import { applyPoliciesNow } from "@/lib/features/privacy/actions";

/** Runs housekeeping's privacy step now: stored days lose what their policies no longer keep. */
export function PolicyApplyButton() {
  const t = useTranslations("privacy.policies.apply");
  const [result, action, pending] = useActionState(applyPoliciesNow, null);
  return (
    <form action={action} className="space-y-3" aria-busy={pending}>
      <FormSummary result={result} fields={{}} successTitle={t("applied")} />
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? t("applying") : t("apply")}
      </Button>
    </form>
  );
}
