import type { TableFigure } from "@/lib/features/overview/figures";

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

export const NOT_RECORDED = "Not recorded";
const NO_SCANS = "No scans";

/**
 * A property table's figure as exported: "Not recorded" where the day did not record what it
 * needs (the API's 0 there is not a count), "No scans" for a rate without scans (the screen's "—").
 */
export function tableFigure(
  row: { notRecorded: readonly TableFigure[] } & Record<TableFigure, number | null>,
  figure: TableFigure,
): string | number {
  if (row.notRecorded.includes(figure)) return NOT_RECORDED;
  const value = row[figure];
  if (figure === "scans" || figure === "bansAdded") return value ?? NOT_RECORDED;
  return oneDecimalOr(value, NO_SCANS);
}
