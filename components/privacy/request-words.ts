import type { PrivacyRequestView } from "@/lib/features/privacy-requests/types";

/**
 * The state a request's badge says (the catalogue's `privacy.states`): "overdue" first where so,
 * since colour only repeats it, and a restriction still in force after it was done.
 */
export function stateKey(
  request: Pick<PrivacyRequestView, "state" | "overdue" | "restrictionActive">,
): PrivacyRequestView["state"] | "overdue" | "doneRestricted" {
  if (request.overdue) return "overdue";
  if (request.state === "done" && request.restrictionActive) return "doneRestricted";
  return request.state;
}

export function stateTone(
  request: Pick<PrivacyRequestView, "state" | "overdue">,
): "danger" | "warning" | "ok" | "neutral" {
  if (request.overdue) return "danger";
  if (request.state === "open") return "warning";
  if (request.state === "done") return "ok";
  return "neutral";
}
