import type { PartnerApiErrorJSON } from "./types";

/** The body of every failed answer of Daybook's own API (see lib/api/handle-error.ts). */
export interface ErrorBody {
  error: { code: string; message: string; upstream?: PartnerApiErrorJSON };
}

/**
 * A report that could not be loaded, as plain data: it travels from server prefetch to the
 * browser's cache, so it must survive serialisation.
 */
export class ReportError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly upstream: PartnerApiErrorJSON | null,
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

export function isReportError(error: unknown): error is ReportError {
  return error instanceof Error && error.name === "ReportError" && "code" in error;
}
