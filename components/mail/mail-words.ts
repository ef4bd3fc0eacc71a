import type { MailStatus } from "@/lib/features/mail/types";

/** The states in the order a message goes through them, each named by the catalogue's `mail.admin.statuses`. */
export const STATUS_ORDER: readonly MailStatus[] = ["pending", "sending", "sent", "failed"];
