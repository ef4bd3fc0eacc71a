import { MATCH_OUTCOME_LABELS, MATCH_OUTCOMES, type MatchOutcome } from "@/lib/core/match-outcomes";

import type { ListOutcomes } from "./types";

/**
 * The outcomes of a list's reviews, counted and said in words, as the review queue, the sign-off bar
 * and the sign-off record show them. Pure and isomorphic.
 */

export function noOutcomes(): ListOutcomes {
  return {
    counts: Object.fromEntries(MATCH_OUTCOMES.map((outcome) => [outcome, 0])) as Record<MatchOutcome, number>,
    missing: 0,
    policeContacted: 0,
  };
}

/** Counts the outcomes of standing reviews; a review made before outcomes were asked counts as missing. */
export function countOutcomes(
  reviews: Iterable<{ outcome: MatchOutcome | null; policeContacted: boolean }>,
): ListOutcomes {
  const counted = noOutcomes();
  for (const review of reviews) {
    if (review.outcome === null) counted.missing += 1;
    else counted.counts[review.outcome] += 1;
    if (review.policeContacted) counted.policeContacted += 1;
  }
  return counted;
}

const number = (n: number) => n.toLocaleString("en-US");

/**
 * Each outcome recorded, in the order of MATCH_OUTCOMES, with its count: "3 same person, confirmed",
 * "1 not the same person". Outcomes no review has are left out.
 */
export function outcomeParts(outcomes: ListOutcomes): string[] {
  return MATCH_OUTCOMES.filter((outcome) => outcomes.counts[outcome] > 0).map(
    (outcome) => `${number(outcomes.counts[outcome])} ${MATCH_OUTCOME_LABELS[outcome].toLowerCase()}`,
  );
}

/** "reviewed without an outcome", counted; empty when every review has one. */
export function missingOutcomeText(missing: number): string {
  if (missing === 0) return "";
  return `${number(missing)} reviewed without an outcome`;
}

/** "police contacted for 2"; empty when for none. */
export function policeText(police: number): string {
  return police === 0 ? "" : `police contacted for ${number(police)}`;
}

/**
 * The whole in one line: "3 same person, confirmed; 1 not the same person; 1 reviewed without an
 * outcome; police contacted for 1". `none`: what to say when nothing is reviewed yet.
 */
export function outcomesText(outcomes: ListOutcomes, none = "No outcome recorded yet"): string {
  const parts = [
    ...outcomeParts(outcomes),
    missingOutcomeText(outcomes.missing),
    policeText(outcomes.policeContacted),
  ].filter(Boolean);
  return parts.length === 0 ? none : parts.join("; ");
}
