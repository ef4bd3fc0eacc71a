import type { SyncEndpointOutcome } from "@/lib/server/db/schema";

import type { PullDecision } from "./schedule";

/** A failed report is pulled again after this long; the contract's own retries already ran inside the pull. */
export const RETRY_AFTER_MS = 30 * 60_000;

/** After a refusal, longer than any day's pull window: the next try is in the next day's window. */
export const REFUSED_HOLD_MS = 6 * 3_600_000;

/** The contract: 400, 401, 403 and 404 are not retried; the same request would get the same answer. */
const FINAL_STATUSES = new Set([400, 401, 403, 404]);

export interface LastRun {
  startedAt: Date;
  endpoints: readonly SyncEndpointOutcome[];
}

/**
 * A due pull, held back when the last run failed: after a refusal (400, 401, 403, 404) not for
 * REFUSED_HOLD_MS unless the key changes, after any other failure not before RETRY_AFTER_MS.
 */
export function holdBack(
  decision: PullDecision,
  lastRun: LastRun | null,
  keyChangedAt: Date | null,
  now: Date,
): PullDecision {
  if (!decision.due || !lastRun || decision.day === null) return decision;
  if (now.getTime() - lastRun.startedAt.getTime() >= REFUSED_HOLD_MS) return decision;
  const failures = lastRun.endpoints.filter((entry) => entry.result === "failed");
  if (failures.length === 0) return decision;
  if (keyChangedAt && keyChangedAt > lastRun.startedAt) return decision;

  const final = failures.every((entry) => entry.status !== null && FINAL_STATUSES.has(entry.status));
  if (final) {
    const codes = [...new Set(failures.map((entry) => entry.errorCode ?? String(entry.status)))].join(", ");
    return {
      due: false,
      day: decision.day,
      nextAt: new Date(lastRun.startedAt.getTime() + REFUSED_HOLD_MS),
      reason: `The API refused the last pull (${codes}); Daybook does not repeat it until the API key changes or the next day's pull.`,
      why: { key: "refused", codes },
    };
  }
  const retryAt = new Date(lastRun.startedAt.getTime() + RETRY_AFTER_MS);
  if (now >= retryAt) return decision;
  return {
    due: false,
    day: decision.day,
    nextAt: retryAt,
    reason: `The last pull failed; Daybook tries ${decision.day} again at most every 30 minutes.`,
    why: { key: "retry", day: decision.day },
  };
}
