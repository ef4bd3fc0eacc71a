import type { SyncRun } from "./run";

/** Log lines about pulls: outcome, day, codes and correlation ids; never guest data. */

export function describeRunForLog(run: SyncRun): string {
  const day = run.reportedDate ? ` of ${run.reportedDate}` : "";
  const correlation = run.correlationId ? ` (correlation ${run.correlationId})` : "";
  const failures = run.endpoints
    .filter((entry) => entry.result === "failed")
    .map((entry) => `${entry.endpoint} ${entry.status ?? "no answer"} ${entry.errorCode ?? "failed"}`);
  return `${run.outcome}${day}${failures.length > 0 ? `: ${failures.join(", ")}` : ""}${correlation}`;
}

/** An error's name and code, never its message: a driver's message may quote row values. */
export function describeErrorForLog(error: unknown): string {
  if (!(error instanceof Error)) return "unknown error";
  const code = (error as { code?: unknown }).code;
  const correlation = (error as { correlationId?: unknown }).correlationId;
  return [error.name, typeof code === "string" ? code : null, typeof correlation === "string" ? `correlation ${correlation}` : null]
    .filter(Boolean)
    .join(" ");
}
