import { MIN_DECIDED, type FalseMatchCell } from "@/lib/features/investigations/outcome-rates";

import type { RecordVoice } from "./voice";

/**
 * The property's false-match rate as the sign-off record states it: over the FALSE_MATCH_DAYS days
 * ending on the list's day, always with its counts beside it ("4 of 31 matches (13 %)"), and "too
 * few to judge" under the minimum, when there is no rate. Matches the desk could not verify are not
 * decided either way: counted apart, never in the rate. Pure.
 */

export const FALSE_MATCH_DAYS = 90;

type Voice = Pick<RecordVoice, "t" | "format">;

/** "13 %"; "under 1 %" for a rate above nothing that would round to 0. */
export function percentText(rate: number, { t, format }: Voice): string {
  const whole = Math.round(rate * 100);
  return whole === 0 && rate > 0 ? t("falseMatch.underOne") : t("falseMatch.percent", { value: format.number(whole) });
}

/** The figure with its counts: "4 of 31 matches (13 %) not the same person (25 confirmed, 2 records outdated)". */
export function falseMatchText(cell: FalseMatchCell, voice: Voice): string {
  const { t, format } = voice;
  // Each count chooses its words by its value, and is written in the reader's region's way.
  const counted = <K extends string>(name: K, value: number) =>
    ({ [name]: value, [`${name}N`]: format.number(value) }) as Record<K | `${K}N`, number | string>;
  const others = t("falseMatch.others", {
    ...counted("confirmed", cell.confirmed),
    ...counted("outdated", cell.outdated),
  });
  const unverified = cell.unverified > 0 ? t("falseMatch.unverified", counted("count", cell.unverified)) : "";
  const decided = counted("decided", cell.decided);
  const falseMatches = format.number(cell.falseMatches);
  if (cell.tooFew || cell.rate === null) {
    const decidedText =
      cell.decided === 0 ? t("falseMatch.noneDecided") : t("falseMatch.decided", { falseMatches, ...decided, others });
    return t("falseMatch.tooFew", { decided: decidedText, unverified, ...counted("minimum", MIN_DECIDED) });
  }
  return t("falseMatch.rate", { falseMatches, ...decided, percent: percentText(cell.rate, voice), others, unverified });
}
