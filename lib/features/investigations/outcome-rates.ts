/**
 * The false-match rate: of the matches a supervisor settled (same person, not the same person,
 * record outdated), the share that were not the same person. "Could not verify" settles nothing and
 * is counted beside the rate, never in it; a review made before outcomes were asked has none and is
 * counted apart. Under MIN_DECIDED settled matches the rate would swing on one review, so none is
 * given: too few to judge.
 */
import { propertyKey } from "@/lib/core/access";
import { addDays } from "@/lib/core/days";
import type { Executor } from "@/lib/server/db/types";

import { NO_OUTCOMES, readPropertyOutcomes, reviewedPropertyNames, type OutcomeTally } from "./outcome-counts";

/** Settled matches under which a rate is too few to judge: at 10, one review moves it by 10 points at most. */
export const MIN_DECIDED = 10;

export interface FalseMatchCell {
  decided: number;
  falseMatches: number;
  outdated: number;
  confirmed: number;
  unverified: number;
  rate: number | null;
  tooFew: boolean;
}

/** The rate of a tally, or null with `tooFew` under the minimum. */
export function falseMatchCell(tally: OutcomeTally): FalseMatchCell {
  const decided = tally.confirmed + tally.falseMatches + tally.outdated;
  const tooFew = decided < MIN_DECIDED;
  return {
    decided,
    falseMatches: tally.falseMatches,
    outdated: tally.outdated,
    confirmed: tally.confirmed,
    unverified: tally.unverified,
    rate: tooFew ? null : tally.falseMatches / decided,
    tooFew,
  };
}

/**
 * One property's false-match rate over the `days` days ending with `day` (its own local days, as
 * reviews keep them). The name compares as the API compares names (propertyKey); `zone` tells apart
 * properties sharing the name, and null (a name nobody shares) takes every review of the name.
 */
export async function propertyFalseMatchRate(
  db: Executor,
  list: { propertyName: string; zone: string | null; day: string },
  days: 30 | 90 | 365,
): Promise<FalseMatchCell> {
  const key = propertyKey(list.propertyName);
  const spellings = (await reviewedPropertyNames(db)).filter((name) => propertyKey(name) === key);
  if (spellings.length === 0) return falseMatchCell(NO_OUTCOMES);
  const tally = await readPropertyOutcomes(db, {
    names: spellings,
    zone: list.zone,
    from: addDays(list.day, -(days - 1)),
    to: list.day,
  });
  return falseMatchCell(tally);
}
