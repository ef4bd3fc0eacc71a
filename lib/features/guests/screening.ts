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
