"use client";

import { useTranslations } from "next-intl";
import { useActionState, useState } from "react";

import { FormSummary } from "@/components/admin/form-summary";
import { Button } from "@/components/ui/button";
import { deletePolicy } from "@/lib/features/privacy/actions";

/** Deleting a named policy, asked twice: its properties go back to the default policy. */
export function PolicyDeleteForm({ id, name, properties }: { id: string; name: string; properties: string[] }) {
  const t = useTranslations("privacy.policies.delete");
  const [result, action, pending] = useActionState(deletePolicy, null);
  const [asking, setAsking] = useState(false);
  if (result?.ok) return <FormSummary result={result} fields={{}} successTitle={t("deleted")} />;
  return (
    <form action={action} className="space-y-2" aria-busy={pending}>
      <FormSummary result={result} fields={{}} />
      <input type="hidden" name="id" value={id} />
      {asking ? (
        <div role="alert" className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p>
            {t("question", { name })}{" "}
            {properties.length > 0 ? t("properties", { properties: properties.join(", ") }) : t("noProperty")}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" disabled={pending}>
              {pending ? t("deleting") : t("delete", { name })}
            </Button>
            <Button onClick={() => setAsking(false)}>{t("cancel")}</Button>
          </div>
        </div>
      ) : (
        <Button variant="danger" size="sm" onClick={() => setAsking(true)}>
          {t("open")}
        </Button>
      )}
    </form>
  );
}
