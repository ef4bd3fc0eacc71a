const utcDate = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/** "Nov 22, 2026": the UTC calendar day of an instant. */
export function formatUtcDate(instant: Date | string): string {
  return utcDate.format(new Date(instant));
}
