import { ENGLISH_REVIEW, type ReviewWords } from "./words";

/** How long a list has waited, in the words the queue uses (English unless `t` says otherwise). Pure. */

/** Past a week the hours of a day are noise: "9 days", not "9 days 7 hours". */
const DAYS_ONLY_FROM = 7;

/**
 * Whole hours waited as a person says them: "less than an hour", "5 hours", "3 days 4 hours",
 * "29 days", rather than "715 hours".
 */
export function waitedWords(hours: number, t: ReviewWords = ENGLISH_REVIEW): string {
  if (hours < 1) return t("waiting.lessThanHour");
  if (hours < 24) return t("waiting.hours", { hours });
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  if (days >= DAYS_ONLY_FROM || rest === 0) return t("waiting.days", { days });
  return t("waiting.daysHours", { days, hours: rest });
}

/** The overdue threshold as configured, in hours: "24 hours", "1 hour". */
export function thresholdWords(overdueHours: number, t: ReviewWords = ENGLISH_REVIEW): string {
  return t("waiting.hours", { hours: overdueHours });
}

/** One list's line: "Waiting 5 hours", or "Overdue: waiting 3 days 4 hours, over the 24-hour limit". */
export function waitingText(
  row: { hoursWaiting: number; overdue: boolean },
  overdueHours: number,
  t: ReviewWords = ENGLISH_REVIEW,
): string {
  const waited = waitedWords(row.hoursWaiting, t);
  return row.overdue ? t("waiting.overdue", { waited, limit: overdueHours }) : t("waiting.waiting", { waited });
}
