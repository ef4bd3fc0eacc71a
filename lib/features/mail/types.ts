/** The mail screens' shapes, for components, which never import the server tier itself. */
export type { CaughtMail, MailDelivery, MailKind, MailStatus } from "@/lib/server/db/schema";
export type { UnsubscribeKind } from "@/lib/server/mail/unsubscribe-token";
