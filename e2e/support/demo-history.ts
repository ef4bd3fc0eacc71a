// Run by the e2e web server command before `scripts/demo.mjs`, on the same fresh data directory:
// the demo accounts and the demo's 30 days of history, pulled as they would have been by the
// suite's clock (E2E_CLOCK) rather than by the real one. Daybook then starts on a database that
// already holds a stored day, so its own start-up fill (which goes by the real clock) does nothing.
// One property's guest details of the oldest day are then purged (e2e/support/retention.ts).
// Run under the react-server condition, as Next runs server code, so the server-only modules load.
import { writeFileSync } from "node:fs";

import { startSimulator } from "@/simulator/server";

import { E2E_CLOCK } from "./clock";
import { E2E_HISTORY_DAYS } from "./ports";
import { PARTLY_PURGED } from "./retention";

async function main(): Promise<void> {
  // A simulator of its own on a free port: the data is a pure function of the seed, the property
  // and the day, so it is the same as what the demo's simulator answers for those days.
  const simulator = await startSimulator({ now: E2E_CLOCK, quiet: true });
  try {
    // Read by Daybook's configuration on first use, which comes below.
    process.env.DAYBOOK_SIMULATOR_PORT = String(simulator.port);
    const { DEMO_USERS, seedFirstRun } = await import("@/lib/features/admin/setup");
    const { fillDemoHistory } = await import("@/lib/features/sync/demo");
    const { getConfig } = await import("@/lib/server/config");
    const { closeDb, getDb } = await import("@/lib/server/db");
    const { getPartnerApi } = await import("@/lib/server/partner-api");

    const config = getConfig();
    const db = await getDb();
    try {
      await seedFirstRun(db, { mode: config.mode, firstAdmin: config.firstAdmin });
      const filled = await fillDemoHistory(db, await getPartnerApi(), {
        days: config.history.demoHistoryDays,
        simulatorUrl: simulator.url,
        now: new Date(E2E_CLOCK),
        supervisorEmail: DEMO_USERS.find((user) => user.role === "supervisor")?.email,
      });
      // One property's part of the oldest day purged, as its policy's retention would purge it.
      const { keptGuestParts, purgeGuestParts } = await import("@/lib/features/history/store");
      const { addDays } = await import("@/lib/core/days");
      const part = (await keptGuestParts(db, addDays(PARTLY_PURGED.day, 1))).filter(
        (entry) =>
          entry.endpoint === "guests" &&
          entry.day === PARTLY_PURGED.day &&
          entry.propertyName === PARTLY_PURGED.property,
      );
      await purgeGuestParts(db, part, new Date(E2E_CLOCK));
      console.log(
        filled
          ? `e2e: demo history as of ${E2E_CLOCK}: ${filled.days} days (${filled.first} to ${filled.last}), ${filled.signedOff} lists signed off`
          : `e2e: demo history already stored or turned off; the clock is ${E2E_CLOCK}`,
      );
    } finally {
      await closeDb();
    }
    // The arrivals it served are looked for in the logs after the suite (global-teardown.ts).
    const days = await fetch(`${simulator.url}/__simulator/days`);
    writeFileSync(E2E_HISTORY_DAYS, await days.text());
  } finally {
    await simulator.close();
  }
}

main().catch((error: unknown) => {
  console.error(`e2e: the demo history could not be prepared: ${error instanceof Error ? error.stack : error}`);
  process.exit(1);
});
