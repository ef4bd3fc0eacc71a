import { useTranslations } from "next-intl";

import { cardClass } from "@/components/ui/card";
import { ColumnHeads } from "@/components/ui/column-heads";
import { EmptyState } from "@/components/ui/empty-state";
import type { PolicyView, PropertyAssignment } from "@/lib/features/privacy/types";

import { PolicyAssignmentForm } from "./policy-assignment-form";

/** Every property the key reaches, with the policy it follows and a choice of another. */
export function PolicyAssignments({
  assignments,
  policies,
}: {
  assignments: PropertyAssignment[];
  policies: PolicyView[];
}) {
  const t = useTranslations("privacy.policies.assignments");
  if (assignments.length === 0) {
    return <EmptyState title={t("emptyTitle")}>{t("emptyBody")}</EmptyState>;
  }
  const choices = policies.map(({ id, name, isDefault }) => ({ id, name, isDefault }));
  return (
    <div role="region" aria-label={t("label")} tabIndex={0} className={`overflow-x-auto ${cardClass}`}>
      <table className="min-w-full divide-y divide-stone-200 text-sm">
        <caption className="sr-only">{t("caption")}</caption>
        <ColumnHeads
          className="bg-stone-50"
          cellClassName="px-3 py-2 text-left text-xs font-semibold tracking-wide text-stone-500 uppercase"
          columns={[t("property"), t("follows"), t("changeTo")]}
        />
        <tbody className="divide-y divide-stone-100">
          {assignments.map((entry, index) => (
            <tr key={entry.propertyName} data-testid="policy-assignment">
              <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900">
                {entry.propertyName}
                {entry.unknown ? (
                  <span className="block text-xs font-normal text-stone-600">{t("notReached")}</span>
                ) : null}
              </th>
              <td className="px-3 py-2">
                {entry.policyId === null ? t("default", { name: entry.policyName }) : entry.policyName}
              </td>
              <td className="px-3 py-2">
                <PolicyAssignmentForm
                  propertyName={entry.propertyName}
                  policyId={entry.policyId}
                  policies={choices}
                  idPrefix={`assignment-${index}`}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
