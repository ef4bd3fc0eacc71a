"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";

import { Button } from "@/components/ui/button";
import { testApiConnection } from "@/lib/features/admin/actions";

import { ConnectionTestOutcome } from "./connection-test-outcome";
import { FormSummary } from "./form-summary";

export function ConnectionTestPanel() {
  const t = useTranslations("admin.connectionTest");
  const [result, action, pending] = useActionState(testApiConnection, null);
  return (
    <form action={action} className="space-y-4" aria-busy={pending}>
      <p className="text-sm text-stone-700">{t("explained")}</p>
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? t("testing") : t("test")}
      </Button>
      <div>
        {pending ? (
          <p role="status" className="text-sm text-stone-600">
            {t("waiting")}
          </p>
        ) : null}
        {!pending && result?.ok && result.data ? <ConnectionTestOutcome test={result.data} /> : null}
        {!pending && result && !result.ok ? <FormSummary result={result} fields={{}} /> : null}
      </div>
    </form>
  );
}
