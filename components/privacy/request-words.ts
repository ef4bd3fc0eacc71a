import { formatUtcDate } from "@/lib/core/format";
import type { RequestKind, RequestState } from "@/lib/core/privacy";
import type { PrivacyRequestView } from "@/lib/features/privacy-requests/types";

export const STATE_LABELS: Record<RequestState, string> = {
  open: "Open",
  done: "Done",
  refused: "Refused",
  withdrawn: "Withdrawn",
};

export const KIND_WORDS: Record<RequestKind, string> = {
  access: "Access",
  erasure: "Erasure",
  restriction: "Restriction",
};

/** The state in words, "Overdue" first where so: colour only repeats it. */
export function stateWords(request: Pick<PrivacyRequestView, "state" | "overdue" | "restrictionActive">): string {
  if (request.overdue) return "Overdue";
  if (request.state === "done" && request.restrictionActive) return "Done, restriction in force";
  return STATE_LABELS[request.state];
}

export function stateTone(
  request: Pick<PrivacyRequestView, "state" | "overdue">,
): "danger" | "warning" | "ok" | "neutral" {
  if (request.overdue) return "danger";
  if (request.state === "open") return "warning";
  if (request.state === "done") return "ok";
  return "neutral";
}

/** A request's received or due instant as the calendar day it stands for ("Nov 22, 2026"). */
export const requestDay = (instant: string) => formatUtcDate(instant);

export const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
