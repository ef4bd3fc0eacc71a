// Refusals scripts/server.mjs makes before a request reaches Next, for server-action posts Next
// itself would answer 500 with ERROR lines: a post from another site, a body over the limit, a body
// whose length is not said. Each is a client's mistake (or an attack), so it gets a 4xx in Daybook's
// one failure shape ({ error: { code, message } }, as lib/core/errors.ts defines it) and no error line.

/** Next's own limit on a server action's body (next.config.mjs keeps its default of 1 MB). */
export const ACTION_BODY_LIMIT = 1024 * 1024;

const FORM_TYPES = ["multipart/form-data", "application/x-www-form-urlencoded"];

/**
 * Whether Next would treat the request as a server action: a post to a page (not a route handler
 * under /api/) with Next's action header, or a form post, which is how an action runs without script.
 */
export function isPossibleServerAction(method, pathname, headers) {
  if (method !== "POST" || pathname === "/api" || pathname.startsWith("/api/")) return false;
  if (headers["next-action"] !== undefined) return true;
  const type = String(headers["content-type"] ?? "").toLowerCase();
  return FORM_TYPES.some((form) => type.startsWith(form));
}

/** The first value of a header that proxies may repeat or join with commas. */
function first(value) {
  const one = Array.isArray(value) ? value[0] : value;
  return one?.split(",")[0]?.trim() || undefined;
}

/**
 * The host the request was addressed to, as Next compares it with Origin: X-Forwarded-Host (set by
 * the reverse proxy in front, deploy/nginx/daybook.conf) before Host.
 */
function addressedHost(headers) {
  return first(headers["x-forwarded-host"]) ?? first(headers.host);
}

/** The host of an Origin header; "null" (an opaque origin) and anything unparsable are kept as given. */
function originHost(origin) {
  if (origin === "null") return "null";
  try {
    return new URL(origin).host;
  } catch {
    return origin;
  }
}

/**
 * Why the request is refused, or null to let it through. Next's own checks stay in place behind
 * these; they only answer first, and in the right words.
 * @param {{ method?: string, url?: string, headers: Record<string, string | string[] | undefined> }} request
 * @returns {{ status: number, code: string, message: string } | null}
 */
export function gateRefusal(request) {
  const pathname = (request.url ?? "/").split("?")[0];
  const { headers } = request;
  if (!isPossibleServerAction(request.method, pathname, headers)) return null;
  // A browser always sends Origin with a post; a post without one is not a browser's, and Next lets it
  // through as it does (it carries no one's cookies but its sender's own).
  const origin = first(headers.origin);
  if (origin !== undefined && originHost(origin) !== addressedHost(headers))
    return { status: 403, code: "cross_origin", message: "This form was sent from another site" };
  const length = headers["content-length"];
  // A browser states the length of every form and action it posts; without it the body could be of any size.
  if (length === undefined) return { status: 411, code: "length_required", message: "A length is required" };
  if (!/^\d+$/.test(length)) return { status: 400, code: "bad_request", message: "The length is not a number" };
  if (Number(length) > ACTION_BODY_LIMIT)
    return { status: 413, code: "too_large", message: "The form is larger than Daybook accepts (1 MB)" };
  return null;
}

/** Whether the body of a server action is to be read and checked before Next decodes it. */
export function bodyToCheck(request) {
  const pathname = (request.url ?? "/").split("?")[0];
  if (!isPossibleServerAction(request.method, pathname, request.headers)) return false;
  const type = String(request.headers["content-type"] ?? "").toLowerCase();
  return request.headers["next-action"] !== undefined || type.startsWith("multipart/form-data");
}

const BAD_BODY = { status: 400, code: "bad_request", message: "The form could not be read" };

/**
 * Why an action's body (read whole, at most ACTION_BODY_LIMIT) is refused, or null. React encodes an
 * action's arguments as a JSON array, or as a multipart form when they hold files or form data; a
 * body that is neither would make Next's decoder throw, which it answers 500.
 * @param {Record<string, string | string[] | undefined>} headers
 * @param {Buffer} body
 */
export function bodyRefusal(headers, body) {
  const type = String(headers["content-type"] ?? "");
  if (type.toLowerCase().startsWith("multipart/form-data")) {
    const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
    const marker = boundary?.[1] ?? boundary?.[2];
    if (!marker) return BAD_BODY;
    const text = body.toString("latin1");
    // A whole form opens with its first boundary and ends with the closing one.
    const whole = text.startsWith(`--${marker}`) && text.trimEnd().endsWith(`--${marker}--`);
    return whole ? null : BAD_BODY;
  }
  try {
    return Array.isArray(JSON.parse(body.toString("utf8"))) ? null : BAD_BODY;
  } catch {
    return BAD_BODY;
  }
}
