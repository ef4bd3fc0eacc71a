import type { Role } from "@/lib/db/schema";

export interface AccountFacts {
  name: string;
  role: Role;
  allProperties: boolean;
  properties: readonly string[];
}

/** The audit details of an account change: only what changed; null when nothing did. */
export function accountChangeDetails(before: AccountFacts, after: AccountFacts): Record<string, unknown> | null {
  const details: Record<string, unknown> = {};
  if (before.name !== after.name) Object.assign(details, { nameBefore: before.name, nameAfter: after.name });
  if (before.role !== after.role) Object.assign(details, { roleBefore: before.role, roleAfter: after.role });
  if (before.allProperties !== after.allProperties) {
    Object.assign(details, { allPropertiesBefore: before.allProperties, allPropertiesAfter: after.allProperties });
  }
  const added = after.properties.filter((name) => !before.properties.includes(name));
  const removed = before.properties.filter((name) => !after.properties.includes(name));
  if (added.length > 0) details.propertiesAdded = added;
  if (removed.length > 0) details.propertiesRemoved = removed;
  return Object.keys(details).length > 0 ? details : null;
}
