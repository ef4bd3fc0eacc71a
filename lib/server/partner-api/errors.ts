import "server-only";

import type { UpstreamFailure } from "@/lib/core/errors";

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
/** Upstream may add codes; they pass through as plain strings. */
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
}

/**
 * Every failure of an upstream call, whatever its cause, surfaces as this one type. Its message and
 * fields never carry the API key or guest data, so it is safe to log and to show.
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

  constructor(init: PartnerApiErrorInit) {
    const where = init.status === null ? init.endpoint : `${init.endpoint} ${init.status}`;
    super(`Partner API ${where} ${init.code}: ${init.detail}`);
    this.name = "PartnerApiError";
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.correlationId = init.correlationId;
    this.retryable = init.retryable;
    this.attempts = init.attempts ?? 1;
    this.issues = init.issues ?? [];
  }

  /** A plain object for JSON answers and server-to-client props. */
  toJSON(): UpstreamFailure {
    return {
      endpoint: this.endpoint,
      status: this.status,
      code: this.code,
      detail: this.detail,
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
