import type { ErrorBody, UpstreamFailure } from "@/lib/core/errors";

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
  UsageReport,
} from "@/lib/server/partner-api/schemas";
export type { ScopedUsageReport } from "./scope";
export type { ErrorBody, Loaded, UpstreamFailure } from "@/lib/core/errors";

export type { StoredCopy, WithCopy } from "@/lib/features/history/types";

/**
 * A report that could not be loaded, as plain data: it travels from server prefetch to the
 * browser's cache, so it must survive serialisation.
 */
export class ReportError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly upstream: UpstreamFailure | null,
  ) {
    super(message);
    this.name = "ReportError";
  }

  static fromBody(status: number, body: unknown): ReportError {
    const error = (body as Partial<ErrorBody> | null)?.error;
    if (!error || typeof error.code !== "string") {
      return new ReportError(status, "unexpected_answer", "Daybook's server gave an answer it could not read.", null);
    }
    return new ReportError(status, error.code, error.message, error.upstream ?? null);
  }
}
