/**
 * What the browser sends to reveal one number: the fields that tell an arrival apart (the API has
 * no guest id). Validated on the server by `revealInputSchema` (schemas.ts).
 */
export interface RevealInput {
  propertyName: string;
  checkInAtUtc: string;
  firstName: string | null;
  lastName: string | null;
  /** A stored day; absent for yesterday live. */
  day?: string;
}

interface Identifiable {
  propertyName: string;
  checkInAtUtc: string;
  firstName: string | null;
  lastName: string | null;
}

/**
 * The arrivals that are exactly this one: same property (as the API spells it), same check-in
 * instant, same names. More than one means they cannot be told apart, and nothing is revealed.
 */
export function matchingArrivals<T extends Identifiable>(items: readonly T[], target: RevealInput): T[] {
  return items.filter(
    (item) =>
      item.propertyName === target.propertyName &&
      item.checkInAtUtc === target.checkInAtUtc &&
      item.firstName === target.firstName &&
      item.lastName === target.lastName,
  );
}
