import { propertyKey } from "@/lib/dal/scope";

/** A name an admin can grant. One name may stand for several properties: a grant covers them all. */
export interface PropertyName {
  /** As the API spells it (the first spelling seen). */
  name: string;
  /** How many reachable properties answer to this name. */
  sharedBy: number;
}

export interface PropertyOption extends PropertyName {
  /** false: granted to the person but no longer among the names the key reaches; null: unknown (the API did not answer). */
  reached: boolean | null;
  checked: boolean;
}

/** Names as the API's own matching sees them: casing and spacing do not make two properties distinct. */
export function distinctPropertyNames(names: readonly string[]): PropertyName[] {
  const byKey = new Map<string, PropertyName>();
  for (const name of names) {
    const key = propertyKey(name);
    const known = byKey.get(key);
    if (known) known.sharedBy += 1;
    else byKey.set(key, { name, sharedBy: 1 });
  }
  return [...byKey.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The checkbox list: every reachable name, plus every name already granted that the key does not
 * reach (or that could not be checked), so saving the form never drops a grant unseen.
 */
export function propertyOptions(reachable: readonly PropertyName[] | null, granted: readonly string[]): PropertyOption[] {
  const grantedKeys = new Set(granted.map(propertyKey));
  const options: PropertyOption[] = (reachable ?? []).map((property) => ({
    ...property,
    reached: true,
    checked: grantedKeys.has(propertyKey(property.name)),
  }));
  const listed = new Set(options.map((option) => propertyKey(option.name)));
  for (const name of granted) {
    const key = propertyKey(name);
    if (listed.has(key)) continue;
    listed.add(key);
    options.push({ name, sharedBy: 1, reached: reachable ? false : null, checked: true });
  }
  return options;
}
