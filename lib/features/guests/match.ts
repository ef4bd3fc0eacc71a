import { z } from "zod";

import { daySchema } from "@/lib/core/days";

/** What the browser sends to reveal one number: the fields that tell an arrival apart (the API has no guest id). */
export const revealInputSchema = z.object({
  propertyName: z.string().trim().min(1).max(200),
  checkInAtUtc: z.iso.datetime(),
  firstName: z.string().max(500).nullable(),
  lastName: z.string().max(500).nullable(),
  /** A stored day; absent for yesterday live. */
  day: daySchema.optional(),
});
export type RevealInput = z.output<typeof revealInputSchema>;

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
