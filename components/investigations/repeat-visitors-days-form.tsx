"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";

import { fieldErrorsOf, FormSummary } from "@/components/admin/form-summary";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { REPEAT_VISIT_DAYS } from "@/lib/features/investigations/repeat-visitors";
import { setRepeatVisitDays } from "@/lib/features/investigations/repeat-visitors-actions";

/** N, for admins: the days after a flag in which an arrival at another property is listed (audited). */
export function RepeatVisitorsDaysForm({ days }: { days: number }) {
  const t = useTranslations("investigations.repeatVisitors.daysForm");
  const [result, action, pending] = useActionState(setRepeatVisitDays, null);
  const errors = fieldErrorsOf(result);
  return (
    <form action={action} className="space-y-3" aria-busy={pending} data-testid="repeat-visit-days-form">
      <FormSummary
        result={result}
        fields={{ days: { id: "repeat-visit-days", label: t("label") } }}
        successTitle={t("saved")}
      />
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-40">
          <TextField
            id="repeat-visit-days"
            name="days"
            type="number"
            inputMode="numeric"
            min={REPEAT_VISIT_DAYS.min}
            max={REPEAT_VISIT_DAYS.max}
            step={1}
            required
            label={t("label")}
            defaultValue={String(days)}
            error={errors.days}
          />
        </div>
        <Button type="submit" size="field" variant="secondary" disabled={pending}>
          {pending ? t("saving") : t("save")}
        </Button>
      </div>
    </form>
  );
}
