import { MIN_DECIDED, type FalseMatchCell } from "@/lib/features/investigations/outcome-rates";

/**
 * The property's false-match rate as the sign-off record states it: over the FALSE_MATCH_DAYS days
 * ending on the list's day, always with its counts beside it ("4 of 31 matches (13 %)"), and "too
 * few to judge" under the minimum, when there is no rate. Matches the desk could not verify are not
 * decided either way: counted apart, never in the rate. Pure.
 */

export const FALSE_MATCH_DAYS = 90;

export const FALSE_MATCH_UNREAD = "Not available: Daybook could not read the outcomes just now.";

const number = (n: number) => n.toLocaleString("en-US");
const matches = (n: number) => `${number(n)} ${n === 1 ? "match" : "matches"}`;

/** "13 %"; "under 1 %" for a rate above nothing that would round to 0. */
export function percentText(rate: number): string {
  const whole = Math.round(rate * 100);
  return whole === 0 && rate > 0 ? "under 1 %" : `${whole} %`;
}

/** The figure with its counts: "4 of 31 matches (13 %) not the same person (25 confirmed, 2 records outdated)". */
export function falseMatchText(cell: FalseMatchCell): string {
  const others = [
    `${number(cell.confirmed)} confirmed`,
    `${number(cell.outdated)} ${cell.outdated === 1 ? "record" : "records"} outdated`,
  ].join(", ");
  const unverified = cell.unverified > 0 ? `; ${matches(cell.unverified)} not verified, left out` : "";
  if (cell.tooFew || cell.rate === null) {
    const decided =
      cell.decided === 0
        ? "no match decided yet"
        : `${number(cell.falseMatches)} of ${matches(cell.decided)} not the same person (${others})`;
    return `Too few to judge: ${decided}${unverified}; a rate is given from ${matches(MIN_DECIDED)} decided.`;
  }
  return `${number(cell.falseMatches)} of ${matches(cell.decided)} (${percentText(cell.rate)}) not the same person (${others})${unverified}.`;
}
