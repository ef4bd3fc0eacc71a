/** How long a list has waited, in the words the queue uses. Pure. */

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** Past a week the hours of a day are noise: "9 days", not "9 days 7 hours". */
const DAYS_ONLY_FROM = 7;

/**
 * Whole hours waited as a person says them: "less than an hour", "5 hours", "3 days 4 hours",
 * "29 days", rather than "715 hours".
 */
export function waitedWords(hours: number): string {
  if (hours < 1) return "less than an hour";
  if (hours < 24) return plural(hours, "hour", "hours");
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  if (days >= DAYS_ONLY_FROM || rest === 0) return plural(days, "day", "days");
  return `${plural(days, "day", "days")} ${plural(rest, "hour", "hours")}`;
}

/** The overdue threshold as configured, in hours: "24 hours", "1 hour". */
export function thresholdWords(overdueHours: number): string {
  return plural(overdueHours, "hour", "hours");
}

/** One list's line: "Waiting 5 hours", or "Overdue: waiting 3 days 4 hours, over the 24-hour limit". */
export function waitingText(row: { hoursWaiting: number; overdue: boolean }, overdueHours: number): string {
  const waited = waitedWords(row.hoursWaiting);
  return row.overdue
    ? `Overdue: waiting ${waited}, over the ${overdueHours.toLocaleString("en-US")}-hour limit`
    : `Waiting ${waited}`;
}
