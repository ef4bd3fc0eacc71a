import type { ErrorBody, Failure } from "@/lib/core/errors";

/** Report shapes for client code, which must not import the server-only Partner API module itself. */
export type {
  ArrivalSource,
  CriminalArrival,
  CriminalArrivalsReport,
  Gender,
  GuestArrival,
  GuestsReport,
  Metric,
  UsagePropertyRow,
} from "@/lib/server/partner-api/schemas";
export type { ScopedUsageReport } from "./scope";
export type { Failure, Loaded, UpstreamFailure } from "@/lib/core/errors";

/**
 * A report the browser asked for and did not get: thrown by `fetchReport` into the query cache,
 * carrying the failure exactly as the server answered it (or as the browser met it, offline).
 */
export class ReportError extends Error implements Failure {
  constructor(
    readonly status: number,
    readonly error: ErrorBody["error"],
  ) {
    super(error.message);
    this.name = "ReportError";
  }

  static fromBody(status: number, body: unknown): ReportError {
    const error = (body as Partial<ErrorBody> | null)?.error;
    if (!error || typeof error.code !== "string") {
      return new ReportError(status, {
        code: "unexpected_answer",
        message: "Daybook's server gave an answer it could not read.",
      });
    }
    return new ReportError(status, error);
  }
}
