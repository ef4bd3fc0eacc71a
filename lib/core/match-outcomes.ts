/**
 * What a supervisor found when checking a criminal arrival's match against the guest: the words the
 * review form, the sign-off record and Investigations share, and the signals a stored arrival carries
 * for the group-wide investigations (repeat visitors, missed bans). Pure and isomorphic.
 */

export const MATCH_OUTCOMES = ["confirmed", "false_match", "outdated", "unverified"] as const;
export type MatchOutcome = (typeof MATCH_OUTCOMES)[number];

export const MATCH_OUTCOME_LABELS: Record<MatchOutcome, string> = {
  confirmed: "Same person, confirmed",
  false_match: "Not the same person",
  outdated: "Record outdated",
  unverified: "Could not verify",
};

/** One line under each choice, so two supervisors mean the same thing by it. */
export const MATCH_OUTCOME_HINTS: Record<MatchOutcome, string> = {
  confirmed: "The guest is the person on the record, and the record still stands.",
  false_match: "A false match: the guest is somebody else (another person of the same name, a mistyped document).",
  outdated: "The guest is the person, but the record is spent, overturned or otherwise no longer true.",
  unverified: "The desk could not tell either way (no document to compare, the guest had left).",
};

export function isMatchOutcome(value: unknown): value is MatchOutcome {
  return typeof value === "string" && (MATCH_OUTCOMES as readonly string[]).includes(value);
}

/** A stored outcome in words; a review made before outcomes were asked has none. */
export function matchOutcomeLabel(outcome: string | null): string {
  return isMatchOutcome(outcome) ? MATCH_OUTCOME_LABELS[outcome] : "No outcome recorded";
}

/** The screening sources the API names, in its own words (machine values, shown as sent). */
export const SCAN_SOURCES = ["scan", "scan manual entry", "manual entry"] as const;
export type ScanSource = (typeof SCAN_SOURCES)[number];

/**
 * What a stored guest arrival says about the guest beyond its own day, as bits of
 * `stored_items.signals`: a staff flag, a ban matched at the desk, a criminal-record or sex-offender
 * match, a ban the API reported when the day was pulled, and the same document at another property
 * days apart. 0 for every other arrival, which is what the investigations' partial index leaves out.
 */
export const SIGNAL = {
  staffFlag: 1,
  banMatched: 2,
  criminalRecord: 4,
  sexOffender: 8,
  bannedWhenPulled: 16,
  /**
   * Not about the guest but about where to look: the same document arrived at another property
   * within SPREAD_MARK_DAYS days either side. The rule of three properties within a week starts from
   * these arrivals alone (lib/features/history/linkage.ts), never from every arrival of its window.
   */
  spread: 32,
} as const;

/** How far apart (in days, either side) two arrivals of a document may be and still mark SIGNAL.spread. */
export const SPREAD_MARK_DAYS = 8;

/** The signals that make a guest worth following to the group's other properties. */
export const FOLLOWED_SIGNALS = SIGNAL.staffFlag | SIGNAL.banMatched | SIGNAL.criminalRecord | SIGNAL.sexOffender;

export function signalsOf(item: {
  isFlagged?: boolean | null;
  matchedBanAtCheckIn?: boolean | null;
  hasCriminalRecord?: boolean | null;
  isSexualOffender?: boolean | null;
  isCurrentlyBanned?: boolean | null;
}): number {
  return (
    (item.isFlagged === true ? SIGNAL.staffFlag : 0) |
    (item.matchedBanAtCheckIn === true ? SIGNAL.banMatched : 0) |
    (item.hasCriminalRecord === true ? SIGNAL.criminalRecord : 0) |
    (item.isSexualOffender === true ? SIGNAL.sexOffender : 0) |
    (item.isCurrentlyBanned === true ? SIGNAL.bannedWhenPulled : 0)
  );
}

/** The followed signals in words, in a fixed order. */
export function signalLabels(signals: number): string[] {
  const labels: string[] = [];
  if (signals & SIGNAL.staffFlag) labels.push("Flagged by staff");
  if (signals & SIGNAL.banMatched) labels.push("Ban matched");
  if (signals & SIGNAL.criminalRecord) labels.push("Criminal record match");
  if (signals & SIGNAL.sexOffender) labels.push("Sex-offender match");
  return labels;
}
