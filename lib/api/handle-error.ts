import "server-only";
import { NextResponse } from "next/server";
import { ZodError } from "zod";
import { ForbiddenError, UnauthorizedError } from "@/lib/dal/errors";
import { isPartnerApiError } from "@/lib/partner-api/errors";

/** Every answer that may carry guest data must never be stored by a browser or a proxy. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

function problem(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
  return NextResponse.json({ error: { code, message, ...extra } }, { status, headers: NO_STORE });
}

/**
 * One mapping from any failure to an answer. Upstream failures keep their code and correlation id
 * (the screen explains them); anything unexpected is logged and answered without its details.
 */
export function handleApiError(error: unknown): NextResponse {
  if (error instanceof UnauthorizedError) return problem(401, "unauthenticated", error.message);
  if (error instanceof ForbiddenError) return problem(403, "forbidden", error.message);
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    return problem(400, "invalid_request", issue ? `${issue.path.join(".") || "request"}: ${issue.message}` : "Invalid request");
  }
  if (isPartnerApiError(error)) {
    const status = error.code === "property_not_found" || error.code === "property_name_ambiguous" ? 404 : 502;
    return problem(status, "upstream_error", error.detail, { upstream: error.toJSON() });
  }
  console.error("daybook: unexpected error in a route handler:", error instanceof Error ? error.name : typeof error);
  return problem(500, "internal_error", "Daybook could not answer this request");
}
