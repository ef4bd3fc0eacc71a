import { MATCH_OUTCOMES, type MatchOutcome } from "@/lib/core/match-outcomes";

import type { ListOutcomes } from "./types";
import { ENGLISH_REVIEW, type ReviewWords } from "./words";

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

/**
 * The whole in one line, in `t`'s language (English by default, as a CSV or the PDF's English say it):
 * "3 same person, confirmed; 1 not the same person; 1 reviewed without an outcome; police contacted
 * for 1", each outcome recorded in the order of MATCH_OUTCOMES, those no review has left out.
 * `none`: what to say when nothing is reviewed yet.
 */
export function outcomesText(outcomes: ListOutcomes, none?: string, t: ReviewWords = ENGLISH_REVIEW): string {
  const parts = [
    ...MATCH_OUTCOMES.filter((outcome) => outcomes.counts[outcome] > 0).map((outcome) =>
      t(`outcomeCounts.${outcome}`, { count: outcomes.counts[outcome] }),
    ),
    outcomes.missing > 0 ? t("outcomeCounts.missing", { count: outcomes.missing }) : "",
    outcomes.policeContacted > 0 ? t("outcomeCounts.police", { count: outcomes.policeContacted }) : "",
  ].filter(Boolean);
  return parts.length === 0 ? (none ?? t("outcomeCounts.none")) : parts.join("; ");
}
