"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";

import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { setApiKey } from "@/lib/features/admin/actions";

import { ConnectionTestOutcome } from "./connection-test-outcome";
import { fieldErrorsOf, FormSummary } from "./form-summary";

/**
 * Write-only: the field starts empty, React clears it once the action finishes, and nothing the
 * server sends back holds more of the key than its last 4 characters.
 */
export function ApiKeyForm() {
  const t = useTranslations("admin.apiKeyForm");
  const [result, action, pending] = useActionState(setApiKey, null);
  const errors = fieldErrorsOf(result);
  return (
    <form action={action} noValidate className="space-y-4" aria-busy={pending}>
      <FormSummary result={result} fields={{ key: { id: "api-key", label: t("label") } }} successTitle={t("saved")} />
      {result?.ok && result.data ? (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold text-stone-800">{t("testHeading")}</h3>
          <ConnectionTestOutcome test={result.data.test} />
          {result.data.test.outcome === "failure" ? (
            <p className="text-sm font-medium text-stone-800">{t("savedAnyway")}</p>
          ) : null}
        </div>
      ) : null}
      <div className="max-w-md">
        <TextField
          id="api-key"
          name="key"
          type="password"
          label={t("label")}
          hint={t("hint")}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          maxLength={64}
          error={errors.key}
          required
        />
      </div>
      <label className="flex items-start gap-2 text-sm text-stone-800">
        <input type="checkbox" name="saveAnyway" className="mt-0.5 accent-brand-600" />
        <span>{t.rich("saveAnyway", { note: (chunks) => <span className="text-stone-600">{chunks}</span> })}</span>
      </label>
      <p className="text-sm text-stone-700">{t("explained")}</p>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? t("saving") : t("save")}
      </Button>
    </form>
  );
}
