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
  if (assignments.length === 0) {
    return (
      <EmptyState title="No property known yet">
        Daybook learns the properties the API key reaches with the first pull; assign their policies then.
      </EmptyState>
    );
  }
  const choices = policies.map(({ id, name, isDefault }) => ({ id, name, isDefault }));
  return (
    <div role="region" aria-label="Policy of each property" tabIndex={0} className={`overflow-x-auto ${cardClass}`}>
      <table className="min-w-full divide-y divide-stone-200 text-sm">
        <caption className="sr-only">The privacy policy each property follows</caption>
        <ColumnHeads
          className="bg-stone-50"
          cellClassName="px-3 py-2 text-left text-xs font-semibold tracking-wide text-stone-500 uppercase"
          columns={["Property", "Follows", "Change to"]}
        />
        <tbody className="divide-y divide-stone-100">
          {assignments.map((entry, index) => (
            <tr key={entry.propertyName} data-testid="policy-assignment">
              <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900">
                {entry.propertyName}
                {entry.unknown ? (
                  <span className="block text-xs font-normal text-stone-600">Not reached by the key now</span>
                ) : null}
              </th>
              <td className="px-3 py-2">
                {entry.policyName}
                {entry.policyId === null ? " (default)" : ""}
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
