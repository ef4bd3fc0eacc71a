/**
 * The Partner API's clock for a whole e2e run: the simulator's frozen "now", which decides each
 * property's "yesterday", and the instant the demo history is pulled up to. The suite never reads
 * the real wall clock for these, so a run gives the same result at any hour. Set E2E_CLOCK to run
 * it as at another time of day (or date), e.g. `E2E_CLOCK=2026-11-23T00:30:00Z npx playwright test`.
 *
 * The default lies in the daily window (10:00 to 13:00 UTC) in which every demo property reports
 * the same local yesterday.
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
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

export const E2E_CLOCK = parseE2eClock(process.env.E2E_CLOCK || DEFAULT_E2E_CLOCK);
