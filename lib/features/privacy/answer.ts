/**
 * A report as its properties' policies keep it: the API's own answer served without being stored
 * first (lib/features/reports/held.ts, the "live" path), and a stored day read while a policy
 * changed since it was stored still holds what the policy no longer keeps (until housekeeping
 * removes it). The same fields dropped, and a criminal arrival of a property that keeps no criminal
 * details left out, as `storeReport` does, so no screen, export or cache shows what the store would not.
 */
import {
  CRIMINAL_FIELDS,
  droppedFields,
  GUEST_FIELDS,
  holdsDroppedField,
  keepUnder,
  policyFor,
  type PolicySet,
} from "@/lib/core/privacy";
import type { ReportOf } from "@/lib/features/history/store";
import type { StoredEndpoint } from "@/lib/server/db/schema";

export function keptAnswer<E extends StoredEndpoint>(
  endpoint: E,
  report: ReportOf<E>,
  policies: PolicySet,
): ReportOf<E> {
  if (endpoint === "usage" || !("items" in report)) return report;
  // Nothing any policy leaves out: the answer as it is (the same object, which callers may hold on to).
  if (policies.policies.every((policy) => policy.criminalDetails && droppedFields(policy).length === 0)) return report;
  if (endpoint === "guests") {
    const items = report.items.map((item) => {
      const policy = policyFor(policies, item.propertyName);
      // Only an item that still holds a field not kept is copied: one stored under its policy is served as is.
      return holdsDroppedField(item, policy, GUEST_FIELDS) ? keepUnder(item, policy, GUEST_FIELDS) : item;
    });
    return items.every((item, index) => item === report.items[index]) ? report : ({ ...report, items } as ReportOf<E>);
  }
  const items = report.items.flatMap((item) => {
    const policy = policyFor(policies, item.propertyName);
    if (!policy.criminalDetails) return [];
    return [holdsDroppedField(item, policy, CRIMINAL_FIELDS) ? keepUnder(item, policy, CRIMINAL_FIELDS) : item];
  });
  if (items.length === report.items.length && items.every((item, index) => item === report.items[index])) return report;
  return { ...report, items, totalCount: items.length } as ReportOf<E>;
}

/**
 * What the policies make of a served report, as a key: a view made of a report and kept by the
 * day's version (a masked guests view) is kept by this too, so a changed policy is never served
 * from a view made under the one before.
 */
export function policiesKey(policies: PolicySet): string {
  return JSON.stringify([
    policies.policies.map((policy) => [policy.id, policy.name, policy.isDefault, policy.kept, policy.criminalDetails]),
    policies.assignments.map((entry) => [entry.propertyName, entry.policyId]),
  ]);
}
