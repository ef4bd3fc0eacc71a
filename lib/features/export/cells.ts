/** Cell words shared by the exported tables. */

export const yesNo = (value: boolean): string => (value ? "Yes" : "No");

/** Captured text as it came; an empty capture (or a missing one) says so, as on the screen. */
export function capturedText(value: string | null | undefined): string {
  return value === null || value === undefined || value.trim() === "" ? "Not captured" : value;
}

/** "1990-04-01T00:00:00" → "1990-04-01": a calendar date, written so every spreadsheet reads it the same way. */
export function calendarDate(localDateTime: string): string {
  return localDateTime.slice(0, 10);
}

/** A share or rate to one decimal, as the screen rounds it; no scans means no rate, in words. */
export function oneDecimalOr(value: number | null, none: string): string | number {
  return value === null ? none : Math.round(value * 10) / 10;
}
