/**
 * Daybook's backup commands as an operator runs them (`npm run backup`, `restore`), each a process
 * of its own configured by the environment, and what a database holds, to compare before and after.
 */
import { sql } from "drizzle-orm";

import { recordAudit } from "@/lib/server/audit/record";
import { countDaybook, type DaybookCounts } from "@/lib/server/backup/counts";
import { users } from "@/lib/server/db/schema";
import { commandEnv } from "@/tests/support/commands";
import { withDatabase, type MailDatabase } from "@/tests/support/mail";
import type { LaunchedSimulator } from "@/tests/support/simulator";

/** The environment of a command on `target`, in demo mode on the test simulator. */
export function databaseEnv(target: MailDatabase, sim?: LaunchedSimulator): NodeJS.ProcessEnv {
  return commandEnv({
    PARTNER_API_BASE_URL: "",
    PARTNER_API_KEY: "",
    ...("dataDir" in target
      ? { DATABASE_URL: "", DAYBOOK_DATA_DIR: target.dataDir }
      : { DATABASE_URL: target.databaseUrl }),
    ...(sim ? { DAYBOOK_SIMULATOR_PORT: new URL(sim.url).port } : {}),
  });
}

export interface DatabaseContents extends DaybookCounts {
  emails: string[];
  days: string[];
}

/** Counts, and the accounts and stored days by name, so a restore can be held against its source. */
export function readContents(target: MailDatabase): Promise<DatabaseContents> {
  return withDatabase(target, async (db) => {
    const counts = await countDaybook((text) => db.execute(sql.raw(text)));
    const emails = (await db.select({ email: users.email }).from(users)).map((row) => row.email).sort();
    const { rows } = await db.execute<{ day: string }>(
      sql`select distinct reported_date as day from stored_reports order by 1`,
    );
    return { ...counts, emails, days: rows.map((row) => row.day) };
  });
}

/** Audit entries of the kinds an operator's day leaves, so the backup has some to carry. */
export async function addAuditEntries(target: MailDatabase): Promise<void> {
  await withDatabase(target, async (db) => {
    const [admin] = await db.select().from(users).limit(1);
    const actor = admin ? { id: admin.id, email: admin.email } : null;
    await recordAudit(db, { action: "sign_in.success", actor, clientAddress: "127.0.0.1" });
    await recordAudit(db, { action: "sign_out", actor, clientAddress: "127.0.0.1" });
  });
}
