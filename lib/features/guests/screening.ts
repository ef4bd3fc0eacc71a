import type { GuestArrival } from "@/lib/features/reports/types";

export type ScreeningTone = "danger" | "warning" | "ok" | "neutral";

/** A badge's words in the `guests` catalogue (`screening.<key>`): what the screen shows. */
export type ScreeningWords =
  "criminal" | "sexOffender" | "banMatched" | "screenedNoBan" | "noScreeningRecord" | "currentlyBanned";

export interface ScreeningBadge {
  id: "criminal" | "sexOffender" | "banAtCheckIn" | "currentlyBanned";
  /** The screen's words, through the catalogue. */
  words: ScreeningWords;
  /** In English, as the CSV export writes it. */
  label: string;
  tone: ScreeningTone;
  /** Only for the live ban: when it was read. */
  asOf?: boolean;
}

type Screened = Pick<
  GuestArrival,
  "hasCriminalRecord" | "isSexualOffender" | "matchedBanAtCheckIn" | "isCurrentlyBanned"
>;

/**
 * The screening outcomes of one arrival, in words, in a fixed order. The ban at check-in always
 * says one of three things: matched, screened without a match, or no screening record at all.
 * The staff flag is not a screening outcome and is not here.
 */
export function screeningBadges(item: Screened): ScreeningBadge[] {
  const badges: ScreeningBadge[] = [];
  if (item.hasCriminalRecord)
    badges.push({ id: "criminal", words: "criminal", label: "Criminal record", tone: "danger" });
  if (item.isSexualOffender)
    badges.push({ id: "sexOffender", words: "sexOffender", label: "Sex offender", tone: "danger" });
  badges.push(banAtCheckIn(item.matchedBanAtCheckIn));
  if (item.isCurrentlyBanned)
    badges.push({
      id: "currentlyBanned",
      words: "currentlyBanned",
      label: "Currently banned (live)",
      tone: "warning",
      asOf: true,
    });
  return badges;
}

export function banAtCheckIn(matched: boolean | null): ScreeningBadge {
  if (matched === true)
    return { id: "banAtCheckIn", words: "banMatched", label: "Ban matched at check-in", tone: "danger" };
  if (matched === false) return { id: "banAtCheckIn", words: "screenedNoBan", label: "Screened, no ban", tone: "ok" };
  return { id: "banAtCheckIn", words: "noScreeningRecord", label: "No screening record", tone: "neutral" };
}

/** In English, as the CSV export writes it; the screen's words are the catalogue's (`guests` `staff.flagged`). */
export const STAFF_FLAG_LABEL = "Flagged by staff";

type Filterable = Screened & Pick<GuestArrival, "isFlagged">;

/**
 * What the screen's "Show" control narrows the day to: a screening outcome, or the staff flag,
 * which is offered apart (in a group of its own) since it is not a screening outcome. `words`:
 * the choice's words in the `guests` catalogue (`show.<words>`).
 */
export const SCREENING_FILTERS = [
  { id: "all", words: "all", group: null },
  { id: "any-match", words: "anyMatch", group: "screening" },
  { id: "criminal", words: "criminal", group: "screening" },
  { id: "sex-offender", words: "sexOffender", group: "screening" },
  { id: "ban-at-check-in", words: "banMatched", group: "screening" },
  { id: "currently-banned", words: "currentlyBanned", group: "screening" },
  { id: "no-screening-record", words: "noScreeningRecord", group: "screening" },
  { id: "flagged", words: "flagged", group: "staff" },
] as const;

export type ScreeningFilter = (typeof SCREENING_FILTERS)[number]["id"];
export const SCREENING_FILTER_IDS = SCREENING_FILTERS.map((filter) => filter.id) as ScreeningFilter[];
export const DEFAULT_SCREENING_FILTER: ScreeningFilter = "all";

export function isScreeningFilter(value: unknown): value is ScreeningFilter {
  return typeof value === "string" && (SCREENING_FILTER_IDS as string[]).includes(value);
}

/**
 * Whether an arrival is shown under a filter. "Any screening match" is any of the badges that
 * report a finding: a criminal record, a sex-offender match, a ban at check-in or a current ban.
 */
export function matchesScreening(item: Filterable, filter: ScreeningFilter): boolean {
  switch (filter) {
    case "all":
      return true;
    case "any-match":
      return (
        item.hasCriminalRecord || item.isSexualOffender || item.matchedBanAtCheckIn === true || item.isCurrentlyBanned
      );
    case "criminal":
      return item.hasCriminalRecord;
    case "sex-offender":
      return item.isSexualOffender;
    case "ban-at-check-in":
      return item.matchedBanAtCheckIn === true;
    case "currently-banned":
      return item.isCurrentlyBanned;
    case "no-screening-record":
      return item.matchedBanAtCheckIn === null;
    case "flagged":
      return item.isFlagged;
  }
}
