/**
 * How far this machine's clock is from the Partner API's. Daybook reads "yesterday" from its own
 * clock in each property's zone, and the API reports the day that closed by its own: a clock some
 * minutes off asks for the day before the API has it, or the day after, around midnight.
 */

/** Beyond this, `npm run doctor` fails the clock check. */
export const CLOCK_TOLERANCE_MS = 5 * 60_000;

export interface ClockComparison {
  ok: boolean;
  /** This machine's clock minus the API's, in milliseconds (positive: this clock is ahead). */
  differenceMs: number;
  text: string;
}

function describeDuration(ms: number): string {
  const abs = Math.abs(ms);
  if (abs < 60_000) return `${(abs / 1000).toFixed(1)} s`;
  if (abs < 3_600_000) return `${(abs / 60_000).toFixed(1)} min`;
  return `${(abs / 3_600_000).toFixed(1)} h`;
}

/**
 * `localMs` is this machine's time when the answer arrived, `dateHeader` the API's `Date` header
 * (whole seconds, so a difference under about a second is the header's rounding). Null when the
 * header is missing or unreadable.
 */
export function compareClocks(localMs: number, dateHeader: string | null): ClockComparison | null {
  if (!dateHeader) return null;
  const apiMs = Date.parse(dateHeader);
  if (Number.isNaN(apiMs)) return null;
  const differenceMs = localMs - apiMs;
  const ok = Math.abs(differenceMs) <= CLOCK_TOLERANCE_MS;
  const side = differenceMs >= 0 ? "ahead of" : "behind";
  const limit = `${CLOCK_TOLERANCE_MS / 60_000} min`;
  const text = ok
    ? `this machine's clock is ${describeDuration(differenceMs)} ${side} the Partner API's Date header (within ${limit})`
    : `this machine's clock is ${describeDuration(differenceMs)} ${side} the Partner API's Date header, more than ${limit}: ` +
      "around midnight Daybook would ask for the wrong yesterday; set the clock (NTP)";
  return { ok, differenceMs, text };
}
