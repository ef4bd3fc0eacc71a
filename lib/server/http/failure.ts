import "server-only";

import { NextResponse } from "next/server";
import { ZodError } from "zod";

import {
  AppError,
  isPropertyRefusal,
  type ActionResult,
  type ErrorBody,
  type Failure,
  type Loaded,
  type UpstreamFailure,
} from "@/lib/core/errors";
import { logFailure } from "@/lib/server/log";
import { isPartnerApiError } from "@/lib/server/partner-api/errors";

/** Every answer that may carry guest data must never be stored by a browser or a proxy. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

/** A failed answer: its HTTP status and its body. */
interface Answer {
  status: number;
  body: ErrorBody;
}

const failure = (status: number, code: string, message: string, upstream?: UpstreamFailure): Answer => ({
  status,
  body: { error: { code, message, ...(upstream && { upstream }) } },
});

/**
 * An upstream failure keeps its code and correlation id (the screen explains them); a refused
 * property filter is a 404; while Daybook has stopped calling an API that kept failing, a 503.
 */
const upstreamAnswer = (upstream: UpstreamFailure): Answer =>
  failure(
    isPropertyRefusal(upstream.code) ? 404 : upstream.code === "upstream_unavailable" ? 503 : 502,
    "upstream_error",
    upstream.detail,
    upstream,
  );

const forPage = ({ status, body }: Answer): Failure => ({ status, error: body.error });

/**
 * One mapping from any failure to an answer, for route handlers and server-rendered pages alike.
 * Anything unexpected is logged by name and answered without its details.
 */
export function failureOf(error: unknown): Answer {
  if (error instanceof AppError) return failure(error.status, error.code, error.message);
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    // An issue that names its own code (an unreadable day) is answered as the pages answer it.
    const code = issue && "params" in issue ? (issue.params as { code?: string } | undefined)?.code : undefined;
    if (issue && code) return failure(400, code, issue.message);
    return failure(
      400,
      "invalid_request",
      issue ? `${issue.path.join(".") || "request"}: ${issue.message}` : "Invalid request",
    );
  }
  if (isPartnerApiError(error)) return upstreamAnswer(error.toJSON());
  logFailure("daybook: answering a request", error);
  return failure(500, "internal_error", "Daybook could not answer this request");
}

export function handleApiError(error: unknown): NextResponse {
  const { status, body } = failureOf(error);
  return NextResponse.json(body, { status, headers: NO_STORE });
}

/** Loads a report for a page's first paint; a failure is kept as data, for the screen to explain. */
export async function loadForPage<T>(load: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, data: await load(), loadedAt: Date.now() };
  } catch (error) {
    return { ok: false, ...forPage(failureOf(error)), loadedAt: Date.now() };
  }
}

/**
 * An upstream failure a feature caught and returned as data (the status screen, the admin's list of
 * properties), mapped for a page exactly as a thrown one would be.
 */
export function upstreamFailureForPage(upstream: UpstreamFailure): Failure {
  return forPage(upstreamAnswer(upstream));
}

/** A thrown failure as a server action answers it: the mapped message, with the status in the action's terms. */
export function actionFailure(error: unknown): Extract<ActionResult, { ok: false }> {
  const { status, body } = failureOf(error);
  const code =
    status === 401 ? "unauthenticated" : status === 403 ? "forbidden" : status === 400 ? "invalid" : "failed";
  return { ok: false, code, message: body.error.message };
}
