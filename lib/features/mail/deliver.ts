/**
 * Handing what is due to the mail server (or the install's webhook): one claim at a time, each
 * refusal kept on its record with the server's reply and tried again later where it may pass.
 */
import "server-only";

import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";
import { log, logFailure } from "@/lib/server/log";
import { mailConfigured, MailSendError, sendMail } from "@/lib/server/mail/transport";
import { postWebhook } from "@/lib/server/mail/webhook";

import { abandonExpiredLeases, claimNextDue, markRefused, markSent } from "./repository";
import { retryDelayMs } from "./schedule";

/** How long one instance holds a message it is sending before it counts as abandoned. */
const LEASE_MS = 5 * 60_000;
/** Messages handed to the server per run, so one run never holds the process for long. */
const SENDS_PER_RUN = 200;

export interface DeliveryOutcome {
  sent: number;
  retrying: number;
  failed: number;
}

/** Hands every message due to the server (or the webhook), one claim at a time. Never throws for a refusal. */
export async function deliverDue(now: Date, only?: string): Promise<DeliveryOutcome> {
  const config = getConfig();
  const db = await getDb();
  const outcome: DeliveryOutcome = { sent: 0, retrying: 0, failed: 0 };
  const abandoned = await abandonExpiredLeases(db, now);
  if (abandoned > 0)
    log.warn(`mail: ${abandoned} message(s) whose sending was cut short are marked failed, not resent`);
  for (let sends = 0; sends < SENDS_PER_RUN; sends++) {
    const delivery = await claimNextDue(db, now, LEASE_MS, only);
    if (!delivery) break;
    try {
      let reply: string;
      if (delivery.kind === "webhook") {
        if (!config.mail.webhookUrl)
          throw new MailSendError("DAYBOOK_ALERT_WEBHOOK_URL is no longer set.", false, null);
        reply = (await postWebhook(config.mail.webhookUrl, delivery.message.json)).reply;
      } else {
        if (!mailConfigured()) throw new MailSendError("Mail is off: SMTP_URL is not set.", true, null);
        const headers = (delivery.message.json as { headers?: Record<string, string> } | undefined)?.headers;
        reply = (
          await sendMail({
            to: delivery.recipient,
            subject: delivery.subject,
            text: delivery.message.text,
            html: delivery.message.html,
            messageId: `<${delivery.id}@daybook>`,
            headers,
          })
        ).reply;
      }
      await markSent(db, delivery.id, reply, now);
      outcome.sent += 1;
    } catch (error) {
      const refusal =
        error instanceof MailSendError ? error : new MailSendError("Daybook could not send it.", true, null);
      if (!(error instanceof MailSendError)) logFailure("mail: sending", error);
      const retry = refusal.temporary && delivery.attempts < config.mail.maxAttempts;
      const retryAt = retry
        ? new Date(now.getTime() + retryDelayMs(delivery.attempts, config.mail.retryBaseSeconds))
        : null;
      await markRefused(db, delivery.id, refusal.reply, retryAt);
      // Who it was for stays on Admin → Mail; the log says what and when, not to whom.
      log.warn(
        `mail: ${delivery.kind}${delivery.day ? ` of ${delivery.day}` : ""} refused (${refusal.responseCode ?? "no reply"}, attempt ${delivery.attempts})${retryAt ? `; next attempt at ${retryAt.toISOString()}` : "; not tried again"}`,
      );
      if (retry) outcome.retrying += 1;
      else outcome.failed += 1;
    }
  }
  return outcome;
}
