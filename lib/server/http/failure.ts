import "server-only";

import { NextResponse } from "next/server";
import { ZodError } from "zod";

import { translatorFor } from "@/lib/core/catalogue";
import {
  AppError,
  isPropertyRefusal,
  type ActionResult,
  type ErrorBody,
  type Failure,
  type Loaded,
  type UpstreamFailure,
} from "@/lib/core/errors";
import { describeUpstreamFailure, type ErrorWords } from "@/lib/core/format";
import { sharedFieldRefusal } from "@/lib/core/validation-words";
import { logFailure } from "@/lib/server/log";
import { isPartnerApiError } from "@/lib/server/partner-api/errors";
import { requestWords } from "@/lib/server/words";

/** Every answer that may carry guest data must never be stored by a browser or a proxy. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

/**
 * Daybook's own sentence for an upstream failure's code, in `t`'s language; a detail a failure
 * words itself (`ownWords`) differs from the English sentence and stays as it is.
 */
function upstreamInWords(upstream: UpstreamFailure, t: ErrorWords): UpstreamFailure {
  return upstream.detail === describeUpstreamFailure(upstream.code)
    ? { ...upstream, detail: describeUpstreamFailure(upstream.code, t) }
    : upstream;
}

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
 * Anything unexpected is logged by name and answered without its details. Daybook's own words are
 * in `t`'s language (English unless told).
 */
export function failureOf(error: unknown, t: ErrorWords = translatorFor("en", "errors")): Answer {
  if (error instanceof AppError) {
    return failure(
      error.status,
      error.code,
      // The values are the refusal's own (set where it is thrown); the key is any refusal's here.
      error.refusal ? t(`refusal.${error.refusal}`, error.refusalValues as never) : error.message,
    );
  }
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    // Daybook's own words every field shares (an unreadable day) in `t`'s language; zod's own
    // messages are already in the request's (lib/server/http/validation.ts).
    const shared = issue && sharedFieldRefusal(issue);
    const message = shared ? t(`refusal.${shared}`) : issue?.message;
    // An issue that names its own code (an unreadable day) is answered as the pages answer it.
    const code = issue && "params" in issue ? (issue.params as { code?: string } | undefined)?.code : undefined;
    if (issue && code) return failure(400, code, message!);
    return failure(
      400,
      "invalid_request",
      issue
        ? t("request.field", { field: issue.path.join(".") || t("request.whole"), message: message! })
        : t("request.invalid"),
    );
  }
  if (isPartnerApiError(error)) return upstreamAnswer(upstreamInWords(error.toJSON(), t));
  logFailure("daybook: answering a request", error);
  return failure(500, "internal_error", t("request.failed"));
}

export async function handleApiError(error: unknown): Promise<NextResponse> {
  const { status, body } = failureOf(error, await requestWords("errors"));
  return NextResponse.json(body, { status, headers: NO_STORE });
}

/** Loads a report for a page's first paint; a failure is kept as data, for the screen to explain. */
export async function loadForPage<T>(load: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, data: await load(), loadedAt: Date.now() };
  } catch (error) {
    return { ok: false, ...forPage(failureOf(error, await requestWords("errors"))), loadedAt: Date.now() };
  }
}

/**
 * An upstream failure a feature caught and returned as data (the status screen, the admin's list of
 * properties), mapped for a page exactly as a thrown one would be.
 */
export function upstreamFailureForPage(
  upstream: UpstreamFailure,
  t: ErrorWords = translatorFor("en", "errors"),
): Failure {
  return forPage(upstreamAnswer(upstreamInWords(upstream, t)));
}

/** A thrown failure as a server action answers it: the mapped message, with the status in the action's terms. */
export async function actionFailure(error: unknown): Promise<Extract<ActionResult, { ok: false }>> {
  const { status, body } = failureOf(error, await requestWords("errors"));
  const code =
    status === 401 ? "unauthenticated" : status === 403 ? "forbidden" : status === 400 ? "invalid" : "failed";
  return { ok: false, code, message: body.error.message };
}
