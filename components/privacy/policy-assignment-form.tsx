"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";

import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { assignPolicy } from "@/lib/features/privacy/actions";

/** One property's policy: a named one, or the default. */
export function PolicyAssignmentForm({
  propertyName,
  policyId,
  policies,
  idPrefix,
}: {
  propertyName: string;
  /** Null: the default. */
  policyId: string | null;
  policies: readonly { id: string; name: string; isDefault: boolean }[];
  idPrefix: string;
}) {
  const t = useTranslations("privacy.policies.assign");
  const [result, action, pending] = useActionState(assignPolicy, null);
  const selectId = `${idPrefix}-policy`;
  return (
    <form action={action} className="flex flex-wrap items-center gap-2" aria-busy={pending}>
      <input type="hidden" name="propertyName" value={propertyName} />
      <label htmlFor={selectId} className="sr-only">
        {t("label", { property: propertyName })}
      </label>
      <select id={selectId} name="policyId" defaultValue={policyId ?? "default"} className={`${inputClass} w-auto`}>
        {policies.map((policy) => (
          <option key={policy.id} value={policy.isDefault ? "default" : policy.id}>
            {policy.isDefault ? t("default", { name: policy.name }) : policy.name}
          </option>
        ))}
      </select>
      <Button type="submit" size="sm" disabled={pending} aria-label={t("assignTo", { property: propertyName })}>
        {pending ? t("saving") : t("assign")}
      </Button>
      {result ? (
        <p role="status" className={`w-full text-sm ${result.ok ? "text-emerald-800" : "font-medium text-red-700"}`}>
          {result.message}
        </p>
      ) : null}
    </form>
  );
}
