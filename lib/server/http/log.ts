/**
 * What the server logs of a failure: the error's name and code, never its message, since a driver's
 * message may quote row values (guest data) and an upstream one a request. One place, so no caller
 * writes `error.message` into a log by habit.
 */
/** An error's name and code, never its message: a driver's message may quote row values. */
export function describeErrorForLog(error: unknown): string {
  if (!(error instanceof Error)) return "unknown error";
  const code = (error as { code?: unknown }).code;
  const correlation = (error as { correlationId?: unknown }).correlationId;
  return [
    error.name,
    typeof code === "string" ? code : null,
    typeof correlation === "string" ? `correlation ${correlation}` : null,
  ]
    .filter(Boolean)
    .join(" ");
}

/** Logs that `what` failed, naming the error as `describeErrorForLog` does. */
export function logFailure(what: string, error: unknown): void {
  console.error(`${what} failed (${describeErrorForLog(error)})`);
}
