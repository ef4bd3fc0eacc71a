// `npm run digest -- --dry-run`: who would get what for the latest stored day (nothing is recorded
// or sent; the morning hour is not waited for). `npm run digest -- --send`: records and sends what is
// due now, then retries what is due for a retry; for cron when the in-process scheduler is off
// (DAYBOOK_SYNC=off), like `npm run sync`. Exit code 0 when nothing failed, 1 when a message was
// refused (to be retried or not) or nothing could run, 2 for a usage error.
// Runs under the react-server condition, as Next runs server code (see package.json).
import { planMail, runMail } from "@/lib/features/mail/run";
import { apiNow } from "@/lib/features/reports/clock";
import { ConfigError, getConfig } from "@/lib/server/config";
import { closeDb, DatabaseInUseError, getDb } from "@/lib/server/db";
import { claimDatabaseMode, DatabaseModeError } from "@/lib/server/db/mode";
import { describeErrorForLog, log } from "@/lib/server/log";
import { installConsoleRedaction } from "@/lib/server/log/console";
import { describeMailServer, mailConfigured } from "@/lib/server/mail/transport";
import { exitOnSignals } from "@/lib/server/shutdown";

const USAGE = "Usage: npm run digest -- --dry-run | --send";

async function main(): Promise<number> {
  const dryRun = process.argv.includes("--dry-run");
  const send = process.argv.includes("--send");
  if (dryRun === send) {
    log.error(USAGE);
    return 2;
  }
  exitOnSignals(1, "Stopped: what was recorded and not sent goes out on the next run.");
  try {
    getConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    log.error(error.message);
    return 1;
  }
  try {
    await claimDatabaseMode(await getDb(), getConfig().mode);
  } catch (error) {
    if (error instanceof DatabaseModeError || error instanceof DatabaseInUseError) {
      log.error(`Cannot run: ${error.message}`);
      return 1;
    }
    throw error;
  }
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

// What the command's code and its libraries print goes through the same redaction as the server's.
installConsoleRedaction();

main()
  .catch((error: unknown) => {
    log.error(`Cannot run the mail: ${describeErrorForLog(error)}.`);
    return 1;
  })
  .then(async (code) => {
    await closeDb();
    process.exit(code);
  });
