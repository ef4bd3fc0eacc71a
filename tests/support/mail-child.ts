// The morning mail's steps from a process of its own, configured by the environment as Daybook is:
// `node --conditions=react-server --import tsx mail-child.ts record|admin`.
//   record: plans and records what is due now (the API's clock), then stops before sending, as a
//           process that is restarted between recording and sending would. Prints { recorded }.
//   admin:  prints what Admin → Mail shows: its counts and its delivery rows.
import { planMail, recordPlan } from "@/lib/features/mail/run";
import { getMailAdmin } from "@/lib/features/mail/server";
import { apiNow } from "@/lib/features/reports/clock";
import { getConfig } from "@/lib/server/config";
import { closeDb, getDb } from "@/lib/server/db";
import { claimDatabaseMode } from "@/lib/server/db/mode";

const command = process.argv[2];
await claimDatabaseMode(await getDb(), getConfig().mode);
if (command === "record") {
  const now = await apiNow();
  const recorded = await recordPlan(await planMail(now), now);
  console.log(JSON.stringify({ recorded }));
} else if (command === "admin") {
  const view = await getMailAdmin();
  console.log(
    JSON.stringify({
      on: view.on,
      server: view.server,
      counts: view.counts,
      deliveries: view.deliveries.map(({ kind, recipient, status, attempts, lastReply, day }) => ({
        kind,
        recipient,
        status,
        attempts,
        lastReply,
        day,
      })),
    }),
  );
} else {
  console.error("usage: mail-child.ts record|admin");
  process.exitCode = 2;
}
await closeDb();
// Nothing else is to be done: idle connections to the simulator need not hold the process.
process.exit(process.exitCode ?? 0);
