/**
 * The Partner API's clock for a whole e2e run: the simulator's frozen "now", which decides each
 * property's "yesterday", and the instant the demo history is pulled up to. The suite never reads
 * the real wall clock for these, so a run gives the same result at any hour. Set E2E_CLOCK to run
 * it on another date or at another time of the daily window, e.g.
 * `E2E_CLOCK=2026-11-23T11:00:00Z npx playwright test`.
 *
 * It must lie in the daily window (10:30 to 13:00 UTC, Honolulu's midnight plus Daybook's grace to
 * Sydney's midnight) in which every demo property reports the same local yesterday. The suite
 * checks screens against the API's own answer; outside the window that answer mixes two days
 * (Honolulu's and Sydney's yesterdays differ), while Daybook shows the whole group one date.
 */
const DEFAULT_E2E_CLOCK = "2026-11-23T12:00:00Z";

/** An ISO 8601 instant with a zone, written back in UTC to the second ("2026-11-23T00:30:00Z"). */
function parseE2eClock(value: string): string {
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.test(value)
    ? Date.parse(value)
    : NaN;
  if (Number.isNaN(ms)) {
    throw new RangeError(`E2E_CLOCK must be an ISO 8601 instant with a zone, such as ${DEFAULT_E2E_CLOCK}`);
  }
  const minutes = new Date(ms).getUTCHours() * 60 + new Date(ms).getUTCMinutes();
  if (minutes < DAILY_WINDOW.from || minutes >= DAILY_WINDOW.to) {
    throw new RangeError(
      "E2E_CLOCK must lie between 10:30 and 13:00 UTC, when every demo property reports the same yesterday (see e2e/support/clock.ts)",
    );
  }
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** Minutes of the UTC day: Honolulu's day closed 30 minutes ago, Sydney's next not begun (November). */
const DAILY_WINDOW = { from: 10 * 60 + 30, to: 13 * 60 };

export const E2E_CLOCK = parseE2eClock(process.env.E2E_CLOCK || DEFAULT_E2E_CLOCK);
