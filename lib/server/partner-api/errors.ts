import "server-only";

import type { UpstreamFailure } from "@/lib/core/errors";
import { describeUpstreamFailure } from "@/lib/core/format";

/** The contract's stable error codes. */
export const API_ERROR_CODES = [
  "parameter_not_supported",
  "invalid_request",
  "invalid_api_key",
  "insufficient_scope",
  "property_not_found",
  "property_name_ambiguous",
  "not_found",
  "rate_limit_exceeded",
  "internal_error",
] as const;

/** Failures Daybook detects itself, where the API gave no usable answer. */
export const CLIENT_ERROR_CODES = [
  "network_error",
  "timeout",
  "malformed_body",
  "contract_violation",
  "redirect_refused",
  "unexpected_status",
  "aborted",
  /** Refused without a request: the circuit is open after consecutive failed calls (upstream.ts). */
  "upstream_unavailable",
  /** The body passed PARTNER_API_MAX_RESPONSE_MB; Daybook stopped reading it. */
  "response_too_large",
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
/** A code outside these lists is replaced by the one for its HTTP status (see PartnerApiError). */
export type PartnerApiErrorCode = ApiErrorCode | ClientErrorCode | (string & {});

export type Endpoint = "guests" | "criminal-arrivals" | "usage/dashboard";

export interface ContractIssue {
  /** Where in the body, e.g. "items[3].gender". Values are never included: they may be personal data. */
  path: string;
  message: string;
}

export interface PartnerApiErrorInit {
  endpoint: Endpoint;
  status: number | null;
  code: PartnerApiErrorCode;
  detail: string;
  correlationId: string | null;
  retryable: boolean;
  attempts?: number;
  issues?: ContractIssue[];
  /**
   * Set only when Daybook wrote `detail` itself from nothing the API sent (the breaker's notice):
   * then a browser may read it. Otherwise it gets the sentence for the code.
   */
  ownWords?: boolean;
}

/** Any run of 32 hexadecimal characters: the shape of an API key, Daybook's or any other. */
const KEY_SHAPED = /[0-9a-f]{32}/gi;
const REDACTED = "[redacted]";
/** What a correlation id looks like (a UUID, or the like); anything else is not passed on. */
const CORRELATION_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const KNOWN_CODES: readonly string[] = [...API_ERROR_CODES, ...CLIENT_ERROR_CODES];

/** A correlation id as the API sent it, or null when it does not look like one (or holds a key's shape). */
export function safeCorrelationId(id: string | null): string | null {
  return id !== null && CORRELATION_ID.test(id) && redactKeys(id) === id ? id : null;
}

/** Upstream text with anything shaped like a key taken out, for a server-side log line. */
export function redactKeys(text: string): string {
  return text.replace(KEY_SHAPED, REDACTED);
}

/**
 * Every failure of an upstream call, whatever its cause, surfaces as this one type, made safe when
 * it is made: the API's `detail` (or a gateway's) may echo a request header, so anything shaped like
 * a key is taken out of it, a code outside the contract's list becomes the one for its status, and
 * a correlation id that does not look like one is dropped. `detail` stays on the server (logs);
 * what a browser gets (`toJSON`) says the failure in Daybook's own words.
 */
export class PartnerApiError extends Error {
  readonly endpoint: Endpoint;
  /** HTTP status, or null when no HTTP answer arrived (network error, timeout). */
  readonly status: number | null;
  readonly code: PartnerApiErrorCode;
  readonly detail: string;
  readonly correlationId: string | null;
  /** Whether the contract allows retrying this kind of failure (429, 5xx, network, timeout). */
  readonly retryable: boolean;
  /** How many requests were made before giving up. */
  attempts: number;
  readonly issues: ContractIssue[];
  private readonly ownWords: boolean;

  constructor(init: PartnerApiErrorInit) {
    const known = KNOWN_CODES.includes(init.code);
    const code = known ? init.code : init.status === null ? "unexpected_status" : codeForStatus(init.status);
    const detail = redactKeys(known ? init.detail : `${init.detail} (the answer's code: ${init.code})`);
    const where = init.status === null ? init.endpoint : `${init.endpoint} ${init.status}`;
    super(`Partner API ${where} ${code}: ${detail}`);
    this.name = "PartnerApiError";
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.code = code;
    this.detail = detail;
    this.correlationId = safeCorrelationId(init.correlationId);
    this.retryable = init.retryable;
    this.attempts = init.attempts ?? 1;
    this.issues = init.issues ?? [];
    this.ownWords = init.ownWords ?? false;
  }

  /** A plain object for JSON answers and server-to-client props: Daybook's words, never the API's. */
  toJSON(): UpstreamFailure {
    return {
      endpoint: this.endpoint,
      status: this.status,
      code: this.code,
      detail: this.ownWords ? this.detail : describeUpstreamFailure(this.code),
      correlationId: this.correlationId,
      retryable: this.retryable,
      attempts: this.attempts,
      issues: this.issues,
    };
  }
}

export function isPartnerApiError(error: unknown): error is PartnerApiError {
  return error instanceof PartnerApiError;
}

/** 429 and any 5xx may be retried; everything else in 4xx is final. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** The code a status stands for when the body did not say (a gateway's HTML page, say). */
export function codeForStatus(status: number): PartnerApiErrorCode {
  switch (status) {
    case 401:
      return "invalid_api_key";
    case 403:
      return "insufficient_scope";
    case 429:
      return "rate_limit_exceeded";
    case 500:
      return "internal_error";
    default:
      return "unexpected_status";
  }
}
