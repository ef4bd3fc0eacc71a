/**
 * Failures, once for the whole application. On the server every refusal Daybook makes itself is an
 * `AppError` with an HTTP status and a stable code; the browser gets one serialisable `Failure`
 * shape, whether it comes through a route, a server-rendered page or a server action.
 */

/**
 * 415: a body in a type the route does not read. 503: Daybook could not do it just now (a store
 * failed); nothing was changed, try again.
 */
export type AppErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 415 | 422 | 503;

/**
 * Refusals Daybook words the same for everyone: their keys under the `errors` namespace's `refusal`,
 * so that the one failure mapping (lib/server/http/failure.ts) says them in the person's language.
 */
export type RefusalKey =
  | "unauthenticated"
  | "forbidden"
  | "lastAdmin"
  | "lastBreakGlass"
  | "accountSetup"
  | "exportsFromDaybook"
  | "recordsFromDaybook"
  | "fullIdAdminsOnly"
  | "fullIdReason"
  | "fullIdTooMany"
  | "invalidDay"
  | "malformedText"
  | "jsonOnly"
  | "notJson"
  | "exportForm"
  | "exportFormTooLarge"
  | "notUnderstood"
  | "tooManyRows"
  | "tooManyEntries"
  | "dayNotHeld";

/** A request Daybook understood but does not honour: no session, a role that may not, a day never stored… */
export class AppError extends Error {
  constructor(
    readonly status: AppErrorStatus,
    readonly code: string,
    /** In English: what a command, a log and a test read. */
    message: string,
    /** Set where `message` is one of the catalogue's refusals, to be said in the asker's language. */
    readonly refusal?: RefusalKey,
    /** The values the refusal's words fill in (a count, a list), as its English `message` has them. */
    readonly refusalValues?: Record<string, string | number>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** No valid session: the request is answered 401 before anything else happens. */
export function unauthorized(): AppError {
  return new AppError(401, "unauthenticated", "Sign in to continue", "unauthenticated");
}

/** A valid session whose role does not allow the action; a message given is said as it is. */
export function forbidden(message?: string): AppError {
  return message === undefined
    ? new AppError(403, "forbidden", "Your role does not allow this", "forbidden")
    : new AppError(403, "forbidden", message);
}

/**
 * An upstream failure as the browser may see it: the Partner API's code and correlation id, never
 * the key or a response body. The server's `PartnerApiError.toJSON()` produces exactly this.
 */
export interface UpstreamFailure {
  endpoint: string;
  status: number | null;
  code: string;
  detail: string;
  correlationId: string | null;
  retryable: boolean;
  attempts: number;
  /** Where a report broke the contract, e.g. "items[3].gender"; never a value. */
  issues: { path: string; message: string }[];
}

/** The body of every failed answer of Daybook's own routes. */
export interface ErrorBody {
  error: { code: string; message: string; upstream?: UpstreamFailure };
}

/**
 * The one failure the browser shows, however it came (a route's answer, a page's first load, a
 * caught upstream failure): the HTTP status and the body's `error`, as the server's one mapping made them.
 */
export interface Failure {
  status: number;
  error: ErrorBody["error"];
}

/** Data loaded on the server for a first paint: the value, or why there is none. */
export type Loaded<T> = { ok: true; data: T; loadedAt: number } | ({ ok: false; loadedAt: number } & Failure);

/** The API's answers to a property filter that does not name exactly one property the person may see. */
export const PROPERTY_REFUSAL_CODES: readonly string[] = ["property_not_found", "property_name_ambiguous"];

export function isPropertyRefusal(code: string | undefined): boolean {
  return code !== undefined && PROPERTY_REFUSAL_CODES.includes(code);
}

/** What a server action answers: its data, or a failure the form can show beside its fields. */
export type ActionResult<T = undefined> =
  | { ok: true; data?: T; message?: string }
  | {
      ok: false;
      code: "unauthenticated" | "forbidden" | "invalid" | "failed";
      message: string;
      fieldErrors?: Record<string, string>;
    };
