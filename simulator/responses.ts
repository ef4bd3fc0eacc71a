import { STATUS_CODES, type ServerResponse } from "node:http";

export const JSON_TYPE = "application/json";
export const PROBLEM_TYPE = "application/problem+json";

export type ProblemCode =
  | "parameter_not_supported"
  | "invalid_request"
  | "invalid_api_key"
  | "insufficient_scope"
  | "property_not_found"
  | "property_name_ambiguous"
  | "not_found"
  | "rate_limit_exceeded"
  | "internal_error";

export interface Problem {
  type: "about:blank";
  title: string;
  status: number;
  code: ProblemCode;
  detail: string;
  correlationId: string;
}

export function problem(status: number, code: ProblemCode, detail: string, correlationId: string): Problem {
  return { type: "about:blank", title: STATUS_CODES[status] ?? "Error", status, code, detail, correlationId };
}

/** Writes a complete response unless the client has already gone away. */
export function sendRaw(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer = "",
): boolean {
  if (res.headersSent || res.destroyed) return false;
  const payload = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  res.writeHead(status, { ...headers, "Content-Length": String(payload.length) });
  res.end(payload);
  return true;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  contentType = JSON_TYPE,
): boolean {
  return sendRaw(res, status, { "Content-Type": contentType, ...headers }, JSON.stringify(body));
}

export function sendProblem(res: ServerResponse, body: Problem): boolean {
  return sendJson(res, body.status, body, { "X-Correlation-Id": body.correlationId }, PROBLEM_TYPE);
}
