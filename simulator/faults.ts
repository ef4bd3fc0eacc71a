import { addDays, formatUtc, formatUtcDate } from "./data/local-time";
import type { Endpoint } from "./keys";
import type { ProblemCode } from "./responses";

/** Each contract error, as a fault, so a client's handling of every code can be drilled on demand. */
export const PROBLEM_FAULTS = {
  parameter_not_supported: { status: 400, detail: "Query parameter 'date' is not supported." },
  invalid_request: { status: 400, detail: "The request is malformed." },
  invalid_api_key: { status: 401, detail: "The API key is missing or not recognised." },
  insufficient_scope: { status: 403, detail: "The API key is not enabled for this endpoint." },
  property_not_found: { status: 404, detail: "No property of this key has that name." },
  property_name_ambiguous: { status: 404, detail: "Several properties of this key share that name." },
  not_found: { status: 404, detail: "No such route." },
  rate_limit_exceeded: { status: 429, detail: "Too many concurrent requests." },
  internal_error: { status: 500, detail: "An unexpected error occurred." },
} as const satisfies Record<ProblemCode, { status: number; detail: string }>;

export const FAULT_KINDS = [
  "429",
  "500",
  "malformed",
  "invalid",
  "html401",
  "hang",
  "redirect",
  "echo_key",
  ...(Object.keys(PROBLEM_FAULTS) as ProblemCode[]),
] as const;

export type FaultKind = (typeof FAULT_KINDS)[number];

export function isProblemFault(kind: FaultKind): kind is ProblemCode {
  return Object.hasOwn(PROBLEM_FAULTS, kind);
}

export function isFaultKind(value: unknown): value is FaultKind {
  return typeof value === "string" && (FAULT_KINDS as readonly string[]).includes(value);
}

/**
 * A gateway that echoes the request into its error: a 500 problem whose detail, title, code and
 * correlation id all hold the X-API-Key the request carried, as a careless proxy might write them.
 */
export function echoedKeyProblem(key: string, correlationId: string) {
  return {
    type: "about:blank",
    title: `Upstream error for X-API-Key ${key}`,
    status: 500,
    code: `internal_error_${key}`,
    detail: `Request failed: headers {"X-API-Key":"${key}","Accept":"application/json"}`,
    message: `X-API-Key: ${key}`,
    correlationId: `${correlationId}-${key}`,
  };
}

/** What a misconfigured gateway in front of the API answers: no problem body, wrong type. */
export const GATEWAY_401_HTML = "<html><body><h1>401 Authorization Required</h1></body></html>";

/** A hanging request is cut off eventually so sockets cannot pile up forever. */
export const HANG_DESTROY_AFTER_MS = 60_000;

/** Valid JSON start, cut mid-string, as when a proxy drops the connection mid-body. */
export function malformedBody(endpoint: Endpoint | null, nowMs: number): string {
  const date = addDays(formatUtcDate(nowMs), -1);
  if (endpoint === "usage") {
    return `{"reportedDateLocal":"${date}","fromUtc":"${date}T10:00:00Z","totals":{"scans":{"value":12`;
  }
  if (endpoint === "criminal-arrivals") {
    return `{"totalCount":1,"reportedDateLocal":"${date}","items":[{"propertyName":"Harbour View Ho`;
  }
  return `{"totalCount":2,"reportedDateLocal":"${date}","message":null,"items":[{"propertyName":"Harbour View Ho`;
}

/** Well-formed JSON that breaks the contract, so a client's validation (not its parser) must catch it. */
export function invalidBody(endpoint: Endpoint | null, nowMs: number): unknown {
  const date = addDays(formatUtcDate(nowMs), -1);
  const checkIn = `${date}T23:15:00Z`;
  if (endpoint === "usage") {
    return {
      reportedDateLocal: date,
      fromUtc: `${date}T00:00:00Z`,
      toUtc: `${addDays(date, 1)}T00:00:00Z`,
      reportGeneratedAt: formatUtc(nowMs),
      apiRequestedAt: formatUtc(nowMs),
      totals: { scans: { value: "12", changePercent: "n/a" } },
      alerts: {},
      warnings: {},
      byProperty: null,
      activity: { granularity: "DAILY", points: "none" },
      message: null,
    };
  }
  if (endpoint === "criminal-arrivals") {
    return {
      totalCount: "1",
      reportedDateLocal: date,
      items: [
        {
          propertyName: "Harbour View Hotel",
          checkInAtUtc: checkIn,
          checkInDateLocal: date,
          firstName: "Ana",
          lastName: "Silva",
          gender: "F",
          hasCriminalRecord: "yes",
          isSexualOffender: false,
          crimeTypes: null,
          offenseDescriptions: "Burglary",
          acknowledgedAtUtc: null,
          acknowledgedAtLocal: null,
          source: "scan",
        },
      ],
    };
  }
  return {
    totalCount: "1",
    reportedDateLocal: date,
    message: null,
    items: [
      {
        propertyName: "Harbour View Hotel",
        propertyTimeZone: "Pacific/Honolulu",
        checkInAtUtc: checkIn,
        checkInDateLocal: date,
        firstName: "Ana",
        middleName: null,
        lastName: "Silva",
        dateOfBirth: "1990-04-02T00:00:00",
        gender: "M",
        identificationNumber: "D1234567",
        documentExpirationDate: "2030-04-02T00:00:00",
        address: "12 Oak Street",
        city: "Honolulu",
        state: "HI",
        zipCode: "96815",
        roomNumber: "1204",
        email: "ana.silva@example.com",
        phone: "+1 808-555-0100",
        isFlagged: false,
        hasCriminalRecord: false,
        isSexualOffender: false,
        matchedBanAtCheckIn: false,
        isCurrentlyBanned: false,
        source: "kiosk",
      },
    ],
  };
}
