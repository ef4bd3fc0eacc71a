// `npm run digest -- --dry-run`: who would get what for the latest stored day (nothing is recorded
// or sent; the morning hour is not waited for). `npm run digest -- --send`: records and sends what is
// due now, then retries what is due for a retry; for cron when the in-process scheduler is off
// (DAYBOOK_SYNC=off), like `npm run sync`. Exit code 0 when nothing failed, 1 when a message was
// refused (to be retried or not) or nothing could run, 2 for a usage error.
// Runs under the react-server condition, as Next runs server code (see package.json).
import { planMail, runMail } from "@/lib/features/mail/run";
import { apiNow } from "@/lib/features/reports/clock";
import { getConfig } from "@/lib/server/config";
import { log } from "@/lib/server/log";
import { describeMailServer, mailConfigured } from "@/lib/server/mail/transport";
import { exitOnSignals } from "@/lib/server/shutdown";

import { openCommandDatabase, runCommand } from "./command";

const USAGE = "Usage: npm run digest -- --dry-run | --send";

async function main(): Promise<number> {
  const dryRun = process.argv.includes("--dry-run");
  const send = process.argv.includes("--send");
  if (dryRun === send) {
    log.error(USAGE);
    return 2;
  }
  exitOnSignals(1, "Stopped: what was recorded and not sent goes out on the next run.");
  if (!(await openCommandDatabase("Cannot run the mail"))) return 1;
  const now = await apiNow();
  if (dryRun) {
    const plan = await planMail(now, { ignoreHour: true });
    if (plan.deliveries.length === 0)
      log.info("Nothing would be sent: every message of the day is recorded already, or none is due.");
    for (const delivery of plan.deliveries) {
      // This command exists to say who gets what: the recipients' addresses are kept.
      log.info(`\n=== ${delivery.kind} to ${delivery.recipient} (${delivery.day ?? "no day"}): ${delivery.subject}`, {
        keep: ["e-mail"],
      });
      log.info(delivery.message.text);
    }
    for (const waiting of plan.waiting) log.info(`${waiting.email}: ${waiting.reason}`, { keep: ["e-mail"] });
    return 0;
  }
  if (!mailConfigured() && getConfig().mail.transport?.kind !== "catcher") {
    log.error("Mail is off: set SMTP_URL (and DAYBOOK_PUBLIC_URL) to send e-mail.");
    return 1;
  }
  if (getConfig().mail.transport?.kind === "catcher") {
    log.error("The demo's mail catcher runs inside `npm run demo`; set SMTP_URL to send from this command.");
    return 1;
  }
  const outcome = await runMail(now);
  log.info(
    `Mail via ${describeMailServer()}: ${outcome.recorded} recorded, ${outcome.sent} sent, ${outcome.retrying} to retry, ${outcome.failed} failed.`,
  );
  return outcome.failed + outcome.retrying > 0 ? 1 : 0;
}

runCommand("Cannot run the mail", main);
