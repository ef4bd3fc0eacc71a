import "server-only";
import { NextResponse } from "next/server";
import { ZodError } from "zod";
import { DaybookError, ForbiddenError, UnauthorizedError } from "@/lib/dal/errors";
import { isPartnerApiError } from "@/lib/partner-api/errors";
import type { ErrorBody } from "@/lib/reports/report-error";

/** Every answer that may carry guest data must never be stored by a browser or a proxy. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

export interface Failure {
  status: number;
  body: ErrorBody;
}

const failure = (status: number, code: string, message: string, upstream?: ErrorBody["error"]["upstream"]): Failure => ({
  status,
  body: { error: { code, message, ...(upstream && { upstream }) } },
});

/**
 * One mapping from any failure to an answer, for route handlers and server-rendered pages alike.
 * Upstream failures keep their code and correlation id (the screen explains them); anything
 * unexpected is logged by name and answered without its details.
 */
export function failureOf(error: unknown): Failure {
  if (error instanceof UnauthorizedError) return failure(401, "unauthenticated", error.message);
  if (error instanceof ForbiddenError) return failure(403, "forbidden", error.message);
  if (error instanceof DaybookError) return failure(error.status, error.code, error.message);
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    return failure(400, "invalid_request", issue ? `${issue.path.join(".") || "request"}: ${issue.message}` : "Invalid request");
  }
  if (isPartnerApiError(error)) {
    const status = error.code === "property_not_found" || error.code === "property_name_ambiguous" ? 404 : 502;
    return failure(status, "upstream_error", error.detail, error.toJSON());
  }
  console.error("daybook: unexpected error:", error instanceof Error ? error.name : typeof error);
  return failure(500, "internal_error", "Daybook could not answer this request");
}

export function handleApiError(error: unknown): NextResponse {
  const { status, body } = failureOf(error);
  return NextResponse.json(body, { status, headers: NO_STORE });
}
