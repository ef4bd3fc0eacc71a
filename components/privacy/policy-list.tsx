import { useTranslations } from "next-intl";

import { Badge } from "@/components/ui/badge";
import { cardClass } from "@/components/ui/card";
import { POLICY_FIELDS } from "@/lib/core/privacy";
import type { PolicyView } from "@/lib/features/privacy/types";

import { PolicyDeleteForm } from "./policy-delete-form";
import { PolicyForm } from "./policy-form";

/** Each policy in words, with its edit form (and, for a named policy, delete) folded under it. */
export function PolicyList({ policies, retentionSetting }: { policies: PolicyView[]; retentionSetting: number }) {
  const t = useTranslations("privacy.policies.list");
  const fieldWords = useTranslations("privacy.fields");
  return (
    <ul aria-label={t("label")} className="grid gap-4 lg:grid-cols-2">
      {policies.map((policy, index) => {
        const kept = POLICY_FIELDS.filter((field) => policy.kept[field]).map((field) => fieldWords(field));
        const notKept = POLICY_FIELDS.filter((field) => !policy.kept[field]).map((field) => fieldWords(field));
        const days = { days: policy.retentionDays };
        return (
          <li key={policy.id} className={`p-4 ${cardClass}`} data-testid="privacy-policy">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="text-base font-semibold text-stone-900">{policy.name}</h3>
              {policy.isDefault ? <Badge tone="neutral">{t("default")}</Badge> : null}
              {policy.legalHold ? <Badge tone="warning">{t("legalHold")}</Badge> : null}
            </div>
            <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
              <dt className="text-stone-500">{t("keptFor")}</dt>
              <dd>{policy.ownRetentionDays === null ? t("retentionSetting", days) : t("retention", days)}</dd>
              <dt className="text-stone-500">{t("kept")}</dt>
              <dd>{[t("alwaysKept"), ...kept].join(", ")}</dd>
              <dt className="text-stone-500">{t("notKept")}</dt>
              <dd>{notKept.length > 0 ? notKept.join(", ") : t("nothingLeftOut")}</dd>
              <dt className="text-stone-500">{t("criminalDetails")}</dt>
              <dd>{policy.criminalDetails ? t("criminalKept") : t("criminalNotKept")}</dd>
              <dt className="text-stone-500">{t("legalHold")}</dt>
              <dd>{policy.legalHold ?? t("noHold")}</dd>
              <dt className="text-stone-500">{t("properties")}</dt>
              <dd data-testid="policy-properties">
                {policy.properties.length > 0
                  ? policy.properties.join(", ")
                  : policy.isDefault
                    ? t("noPropertiesDefault")
                    : t("noProperties")}
              </dd>
            </dl>
            <details className="mt-4 rounded-md border border-stone-200 p-3">
              <summary className="cursor-pointer text-sm font-medium text-brand-700">
                {t("edit", { name: policy.name })}
              </summary>
              <div className="mt-3">
                <PolicyForm policy={policy} retentionSetting={retentionSetting} idPrefix={`policy-${index}`} />
              </div>
            </details>
            {policy.isDefault ? null : (
              <div className="mt-3">
                <PolicyDeleteForm id={policy.id} name={policy.name} properties={policy.properties} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
