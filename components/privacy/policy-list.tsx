import { Badge } from "@/components/ui/badge";
import { cardClass } from "@/components/ui/card";
import { keptLabels, notKeptLabels, retentionText } from "@/lib/features/privacy/policies";
import type { PolicyView } from "@/lib/features/privacy/types";

import { PolicyDeleteForm } from "./policy-delete-form";
import { PolicyForm } from "./policy-form";

/** Each policy in words, with its edit form (and, for a named policy, delete) folded under it. */
export function PolicyList({ policies, retentionSetting }: { policies: PolicyView[]; retentionSetting: number }) {
  return (
    <ul aria-label="Privacy policies" className="grid gap-4 lg:grid-cols-2">
      {policies.map((policy, index) => {
        const notKept = notKeptLabels(policy);
        return (
          <li key={policy.id} className={`p-4 ${cardClass}`} data-testid="privacy-policy">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="text-base font-semibold text-stone-900">{policy.name}</h3>
              {policy.isDefault ? <Badge tone="neutral">Default</Badge> : null}
              {policy.legalHold ? <Badge tone="warning">Legal hold</Badge> : null}
            </div>
            <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
              <dt className="text-stone-500">Kept for</dt>
              <dd>{retentionText(policy)}</dd>
              <dt className="text-stone-500">Kept</dt>
              <dd>{["Names and screening flags", ...keptLabels(policy)].join(", ")}</dd>
              <dt className="text-stone-500">Not kept</dt>
              <dd>{notKept.length > 0 ? notKept.join(", ") : "Nothing left out"}</dd>
              <dt className="text-stone-500">Criminal details</dt>
              <dd>{policy.criminalDetails ? "Kept" : "Not kept: no criminal-arrival lists"}</dd>
              <dt className="text-stone-500">Legal hold</dt>
              <dd>{policy.legalHold ?? "None: erasure allowed"}</dd>
              <dt className="text-stone-500">Properties</dt>
              <dd data-testid="policy-properties">
                {policy.properties.length > 0
                  ? policy.properties.join(", ")
                  : policy.isDefault
                    ? "None: every property has a policy of its own"
                    : "None assigned yet"}
              </dd>
            </dl>
            <details className="mt-4 rounded-md border border-stone-200 p-3">
              <summary className="cursor-pointer text-sm font-medium text-brand-700">Edit {policy.name}</summary>
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
