/** Words for each upstream failure, by code. Plain data so server and client components share it. */
const TITLES: Record<string, string> = {
  invalid_api_key: "The Partner API rejected Daybook's key",
  insufficient_scope: "This report is not enabled for Daybook's key",
  property_not_found: "No property by that name",
  property_name_ambiguous: "Several properties share that name",
  parameter_not_supported: "The Partner API refused a parameter",
  invalid_request: "The request was not valid",
  not_found: "The Partner API does not know that address",
  rate_limit_exceeded: "The Partner API is busy",
  internal_error: "The Partner API had a fault",
  network_error: "Could not reach the Partner API",
  timeout: "The Partner API did not answer in time",
  malformed_body: "The Partner API sent an answer Daybook cannot read",
  contract_violation: "The Partner API sent a report that breaks its contract",
  redirect_refused: "The Partner API tried to send Daybook elsewhere",
  aborted: "The request was cancelled",
};

export function describeApiErrorCode(code: string): string {
  return TITLES[code] ?? "The Partner API answered with an error";
}
