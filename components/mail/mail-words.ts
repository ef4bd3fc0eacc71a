import type { MailKind, MailStatus } from "@/lib/features/mail/types";

export const KIND_LABELS: Record<MailKind, string> = {
  digest: "Daily digest",
  alert: "Alert",
  webhook: "Webhook",
  test: "Test e-mail",
};

export const STATUS_LABELS: Record<MailStatus, string> = {
  pending: "waiting",
  sending: "sending",
  sent: "sent",
  failed: "failed",
};

/** The states in the order a message goes through them. */
export const STATUS_ORDER = Object.keys(STATUS_LABELS) as MailStatus[];
