import "server-only";

import pRetry from "p-retry";
import type { z } from "zod";

import { UPSTREAM_DEFAULTS } from "@/lib/server/config/schema";
import { observeUpstreamRequest, type UpstreamOutcome } from "@/lib/server/metrics";

import {
  codeForStatus,
  isRetryableStatus,
  PartnerApiError,
  safeCorrelationId,
  type ContractIssue,
  type Endpoint,
} from "./errors";
import { problemSchema } from "./schemas";
import type { UpstreamBreaker, UpstreamLimiter } from "./upstream";

export interface RetryPolicy {
  /** Retries after the first attempt for 429, network errors and timeouts. A 5xx is retried once at most. */
  maxRetries: number;
  /** Wait before the first retry; later waits grow by `factor`, each times a random jitter in [1, 2). */
  baseDelayMs: number;
  /** Cap on one wait. */
  maxDelayMs: number;
  /** No retry starts once this long has passed since the first attempt. */
  maxElapsedMs: number;
  /** Growth of the wait per retry. Default 2. */
  factor?: number;
}

export interface PartnerApiOptions {
  /** The API's base address; may carry a path prefix (https://gw.example.com/partner). */
  baseUrl: string;
  apiKey: string;
  /** Limit on each attempt, body included. */
  timeoutMs: number;
  retry: RetryPolicy;
  /** Told of each failed attempt that will be retried. Never given the key or guest data. */
  onRetry?: (event: RetryEvent) => void;
  /** Each call that failed for good, retries spent: its detail (keys taken out) belongs in the server's log. */
  onFailure?: (error: PartnerApiError) => void;
  /** Told of each request sent (each attempt), however it ended: the server's log line of the call. */
  onAttempt?: (event: AttemptEvent) => void;
  /** A body (report or error) larger than this is refused with `response_too_large`. Default 64 MiB. */
  maxResponseBytes?: number;
  /**
   * Slots for requests in flight, held per attempt (a retry waits its backoff outside a slot).
   * None: no limit. `getPartnerApi()` passes the one shared by the whole process.
   */
  limiter?: UpstreamLimiter;
  /**
   * Circuit breaker over whole calls (retries included). None: calls are never refused.
   * `getPartnerApi()` passes the process's breaker for this base URL.
   */
  breaker?: UpstreamBreaker;
}

export interface RetryEvent {
  endpoint: Endpoint;
  attempt: number;
  status: number | null;
  code: string;
  correlationId: string | null;
}

/** One request to the API: what the log line of an upstream call says. Never the query, the key or a body. */
export interface AttemptEvent {
  /** The API's fixed path, `/api/public/v1/guests`. */
  path: string;
  /** The answer's HTTP status; null when none came (timeout, network, cancelled). */
  status: number | null;
  outcome: UpstreamOutcome;
  durationMs: number;
  correlationId: string | null;
  /**
   * The answer's `Date` header and this machine's clock as its headers arrived (before the body was
   * read), for `npm run doctor`'s clock check; null when no answer came.
   */
  answered: { date: string | null; localMs: number } | null;
}

/** What an attempt learnt of the answer as it came, filled in by attemptOnce for the attempt's event. */
type AnswerSeen = Pick<AttemptEvent, "status" | "correlationId" | "answered">;

const MAX_SAME_ORIGIN_REDIRECTS = 3;
const API_PREFIX = "api/public/v1/";

/** The API's own path of an endpoint, without the base URL's prefix or any query: a metric label, a log's words. */
export function endpointPath(endpoint: Endpoint): string {
  return `/${API_PREFIX}${endpoint}`;
}

/** How a request that failed ended, in the words of the upstream metric's `outcome` label. */
export function outcomeOf(error: unknown): UpstreamOutcome {
  if (!(error instanceof PartnerApiError)) return "network";
  switch (error.code) {
    case "aborted":
      return "aborted";
    case "timeout":
      return "timeout";
    case "network_error":
      return "network";
    case "upstream_unavailable":
      return "circuit_open";
    case "redirect_refused":
      return "redirect";
    case "malformed_body":
    case "contract_violation":
    case "response_too_large":
      return "invalid_body";
  }
  if (error.status === 429) return "rate_limited";
  if (error.status !== null && error.status >= 500) return "http_5xx";
  if (error.status !== null && error.status >= 400) return "http_4xx";
  return "invalid_body";
}

export function endpointUrl(baseUrl: string, endpoint: Endpoint, query: Record<string, string | undefined>): URL {
  const base = new URL(baseUrl);
  if (!base.pathname.endsWith("/")) base.pathname += "/";
  const url = new URL(API_PREFIX + endpoint, base);
  // encodeURIComponent rather than URLSearchParams: a space must travel as %20, not "+".
  url.search = Object.entries(query)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join("&");
  return url;
}

/**
 * The one way Daybook calls the Partner API: adds the key, applies the contract's retry rules,
 * and returns the body validated against `schema`, or throws a PartnerApiError.
 * With `options.breaker`, a call is refused at once (`upstream_unavailable`) while the circuit is
 * open; with `options.limiter`, each attempt waits for a free slot.
 */
export async function partnerFetch<S extends z.ZodType>(
  options: PartnerApiOptions,
  endpoint: Endpoint,
  query: Record<string, string | undefined>,
  schema: S,
  signal?: AbortSignal,
): Promise<z.output<S>> {
  const url = endpointUrl(options.baseUrl, endpoint, query);
  const call = () => withRetries(url, endpoint, options, schema, signal);
  if (!options.breaker) return call();
  try {
    return await options.breaker.execute(endpoint, call, signal);
  } catch (error) {
    // Refused without a request: counted apart, so the open circuit shows in the calls it spared.
    if (error instanceof PartnerApiError && error.code === "upstream_unavailable") {
      observeUpstreamRequest(endpointPath(endpoint), "circuit_open", 0);
    }
    throw error;
  }
}

async function withRetries<S extends z.ZodType>(
  url: URL,
  endpoint: Endpoint,
  options: PartnerApiOptions,
  schema: S,
  signal: AbortSignal | undefined,
): Promise<z.output<S>> {
  const policy = options.retry;
  const limiter = options.limiter;
  let attempts = 0;
  let serverErrorRetries = 0;
  const startedAt = performance.now();
  const once = () => {
    attempts += 1;
    return attempt(url, endpoint, options, schema, signal);
  };
  try {
    return await pRetry(
      // The slot is taken per attempt: a retry's backoff is spent outside it, and an attempt's
      // timeout starts only once it holds one. A caller that gives up while queued leaves the queue.
      () => (limiter ? limiter.run(once, signal) : once()),
      {
        retries: policy.maxRetries,
        factor: policy.factor ?? 2,
        minTimeout: policy.baseDelayMs,
        maxTimeout: policy.maxDelayMs,
        maxRetryTime: policy.maxElapsedMs,
        randomize: true,
        signal,
        shouldRetry: ({ error, attemptNumber, retriesConsumed }) => {
          if (!(error instanceof PartnerApiError) || !error.retryable) return false;
          // A retry whose shortest wait already runs past the time budget is not started: p-retry
          // would cut the wait to what is left and send an attempt at the budget's edge (or, with a
          // timer that fires a little early, several), each of them one more call the API refuses.
          const shortestWait = Math.min(
            policy.baseDelayMs * (policy.factor ?? 2) ** retriesConsumed,
            policy.maxDelayMs,
          );
          if (performance.now() - startedAt + shortestWait > policy.maxElapsedMs) return false;
          // The contract: a server fault is retried once, then reported with its correlation id.
          if (error.status !== null && error.status >= 500 && ++serverErrorRetries > 1) return false;
          options.onRetry?.({
            endpoint,
            attempt: attemptNumber,
            status: error.status,
            code: error.code,
            correlationId: error.correlationId,
          });
          return true;
        },
      },
    );
  } catch (error) {
    const failure =
      error instanceof PartnerApiError ? error : transportError(error, endpoint, options.timeoutMs, signal);
    failure.attempts = attempts;
    if (failure.code !== "aborted") options.onFailure?.(failure);
    throw failure;
  }
}

/**
 * One request, timed: counted by endpoint and outcome (`daybook_upstream_request_duration_seconds`)
 * and told to `onAttempt` with its status and correlation id, whether it answered or not.
 */
async function attempt<S extends z.ZodType>(
  url: URL,
  endpoint: Endpoint,
  options: PartnerApiOptions,
  schema: S,
  callerSignal: AbortSignal | undefined,
): Promise<z.output<S>> {
  const startedAt = performance.now();
  const seen: AnswerSeen = {
    status: null,
    correlationId: null,
    answered: null,
  };
  const finish = (outcome: UpstreamOutcome) => {
    const durationMs = performance.now() - startedAt;
    const path = endpointPath(endpoint);
    observeUpstreamRequest(path, outcome, durationMs);
    options.onAttempt?.({ path, outcome, durationMs, ...seen });
  };
  try {
    const report = await attemptOnce(url, endpoint, options, schema, callerSignal, seen);
    finish("ok");
    return report;
  } catch (error) {
    if (error instanceof PartnerApiError) {
      seen.status = error.status ?? seen.status;
      seen.correlationId = error.correlationId ?? seen.correlationId;
    }
    finish(outcomeOf(error));
    throw error;
  }
}

async function attemptOnce<S extends z.ZodType>(
  url: URL,
  endpoint: Endpoint,
  options: PartnerApiOptions,
  schema: S,
  callerSignal: AbortSignal | undefined,
  seen: AnswerSeen,
): Promise<z.output<S>> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
  let response: Response;
  let body: string;
  try {
    response = await fetchWithinOrigin(url, endpoint, options.apiKey, signal);
    seen.answered = { date: response.headers.get("date"), localMs: Date.now() };
    seen.status = response.status;
    seen.correlationId = safeCorrelationId(response.headers.get("x-correlation-id"));
    body = await readBody(response, endpoint, options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES);
  } catch (error) {
    if (error instanceof PartnerApiError) throw error;
    throw transportError(error, endpoint, options.timeoutMs, callerSignal);
  }
  const correlationId = response.headers.get("x-correlation-id");
  const contentType = response.headers.get("content-type") ?? "";

  if (!response.ok) throw errorFromResponse(endpoint, response.status, contentType, body, correlationId);

  const fail = (code: string, detail: string, issues?: ContractIssue[]) =>
    new PartnerApiError({ endpoint, status: response.status, code, detail, correlationId, retryable: false, issues });

  if (!/\bjson\b/i.test(contentType)) {
    throw fail(
      "malformed_body",
      `The API answered ${response.status} with ${contentType || "no content type"}, not JSON`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw fail("malformed_body", `The API answered ${response.status} with a body that is not valid JSON`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message }));
    const first = issues[0]!;
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
    throw fail(
      "contract_violation",
      `The ${endpoint} report breaks the contract at ${first.path}: ${first.message}${more}`,
      issues,
    );
  }
  return parsed.data;
}

const DEFAULT_MAX_RESPONSE_BYTES = UPSTREAM_DEFAULTS.maxResponseMegabytes * 1024 * 1024;
const utf8 = new TextDecoder("utf-8");

/**
 * The body as text, refused with `response_too_large` once more than `maxBytes` arrived (or at once
 * when Content-Length already says so). Chunks are kept as they come and decoded once at the end;
 * like `Response.text()`, a BOM is dropped and broken UTF-8 becomes U+FFFD.
 */
async function readBody(response: Response, endpoint: Endpoint, maxBytes: number): Promise<string> {
  const tooLarge = (size: string) =>
    new PartnerApiError({
      endpoint,
      status: response.status,
      code: "response_too_large",
      detail:
        `The ${endpoint} answer is ${size} than the ${formatMegabytes(maxBytes)} Daybook accepts ` +
        "(PARTNER_API_MAX_RESPONSE_MB); Daybook stopped reading it",
      correlationId: response.headers.get("x-correlation-id"),
      retryable: false,
    });
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(`${formatMegabytes(declared)}, larger`);
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge("larger");
    }
    chunks.push(value);
  }
  return utf8.decode(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received));
}

/** 67108864 → "64 MB", 10240 → "0.0098 MB": megabytes of 2^20 bytes, as PARTNER_API_MAX_RESPONSE_MB counts them. */
function formatMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  const text = megabytes >= 10 ? String(Math.round(megabytes)) : String(Number(megabytes.toPrecision(2)));
  return `${text} MB`;
}

/** Follows redirects only within the API's own origin: the key is never sent to another host. */
async function fetchWithinOrigin(url: URL, endpoint: Endpoint, apiKey: string, signal: AbortSignal): Promise<Response> {
  let current = url;
  for (let hop = 0; ; hop += 1) {
    const response = await fetch(current, {
      method: "GET",
      headers: { "X-API-Key": apiKey, Accept: "application/json" },
      redirect: "manual",
      cache: "no-store",
      signal,
    });
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) return response;
    await response.body?.cancel();
    const next = new URL(location, current);
    const refuse = (detail: string) =>
      new PartnerApiError({
        endpoint,
        status: response.status,
        code: "redirect_refused",
        detail,
        correlationId: response.headers.get("x-correlation-id"),
        retryable: false,
      });
    if (next.origin !== url.origin) {
      throw refuse(`The API redirected to another host (${next.host}); Daybook does not send the key there`);
    }
    if (hop >= MAX_SAME_ORIGIN_REDIRECTS) throw refuse("The API redirected too many times");
    current = next;
  }
}

function errorFromResponse(
  endpoint: Endpoint,
  status: number,
  contentType: string,
  body: string,
  headerCorrelationId: string | null,
): PartnerApiError {
  const retryable = isRetryableStatus(status);
  const problem = /\bjson\b/i.test(contentType) ? parseProblem(body) : null;
  if (problem) {
    return new PartnerApiError({
      endpoint,
      status,
      code: problem.code,
      detail: problem.detail,
      correlationId: problem.correlationId || headerCorrelationId,
      retryable,
    });
  }
  return new PartnerApiError({
    endpoint,
    status,
    code: codeForStatus(status),
    detail: `The API answered ${status} without a problem+json body (${contentType || "no content type"})`,
    correlationId: headerCorrelationId,
    retryable,
  });
}

function parseProblem(body: string) {
  try {
    const parsed = problemSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function transportError(
  error: unknown,
  endpoint: Endpoint,
  timeoutMs: number,
  callerSignal: AbortSignal | undefined,
): PartnerApiError {
  const base = { endpoint, status: null, correlationId: null } as const;
  if (callerSignal?.aborted) {
    return new PartnerApiError({ ...base, code: "aborted", detail: "The request was cancelled", retryable: false });
  }
  if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return new PartnerApiError({
      ...base,
      code: "timeout",
      detail: `No answer within ${timeoutMs} ms`,
      retryable: true,
    });
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const reason = (cause as NodeJS.ErrnoException | undefined)?.code ?? cause?.message ?? "connection failed";
  return new PartnerApiError({
    ...base,
    code: "network_error",
    detail: `Could not reach the Partner API (${reason})`,
    retryable: true,
  });
}

function formatPath(path: PropertyKey[]): string {
  return (
    path.reduce<string>(
      (out, key) => (typeof key === "number" ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)),
      "",
    ) || "(body)"
  );
}
