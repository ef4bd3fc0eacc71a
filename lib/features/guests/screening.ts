import type { GuestArrival } from "@/lib/features/reports/types";

export type ScreeningTone = "danger" | "warning" | "ok" | "neutral";

export interface ScreeningBadge {
  id: "criminal" | "sexOffender" | "banAtCheckIn" | "currentlyBanned";
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
  if (item.hasCriminalRecord) badges.push({ id: "criminal", label: "Criminal record", tone: "danger" });
  if (item.isSexualOffender) badges.push({ id: "sexOffender", label: "Sex offender", tone: "danger" });
  badges.push(banAtCheckIn(item.matchedBanAtCheckIn));
  if (item.isCurrentlyBanned)
    badges.push({ id: "currentlyBanned", label: "Currently banned (live)", tone: "warning", asOf: true });
  return badges;
}

export function banAtCheckIn(matched: boolean | null): ScreeningBadge {
  if (matched === true) return { id: "banAtCheckIn", label: "Ban matched at check-in", tone: "danger" };
  if (matched === false) return { id: "banAtCheckIn", label: "Screened, no ban", tone: "ok" };
  return { id: "banAtCheckIn", label: "No screening record", tone: "neutral" };
}

export const STAFF_FLAG_LABEL = "Flagged by staff";

type Filterable = Screened & Pick<GuestArrival, "isFlagged">;

/**
 * What the screen's "Show" control narrows the day to: a screening outcome, or the staff flag,
 * which is offered apart (in a group of its own) since it is not a screening outcome.
 */
export const SCREENING_FILTERS = [
  { id: "all", label: "All arrivals", group: null },
  { id: "any-match", label: "Any screening match", group: "screening" },
  { id: "criminal", label: "Criminal record", group: "screening" },
  { id: "sex-offender", label: "Sex offender", group: "screening" },
  { id: "ban-at-check-in", label: "Ban matched at check-in", group: "screening" },
  { id: "currently-banned", label: "Currently banned (live)", group: "screening" },
  { id: "no-screening-record", label: "No screening record", group: "screening" },
  { id: "flagged", label: STAFF_FLAG_LABEL, group: "staff" },
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
