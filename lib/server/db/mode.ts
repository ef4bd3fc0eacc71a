import { like, sql } from "drizzle-orm";

import {
  apiKeys,
  caughtMail,
  databaseMode,
  itemReviews,
  knownProperties,
  listSignOffs,
  mailDeliveries,
  storedReports,
  syncRuns,
  users,
} from "./schema";
import type { Database, Executor } from "./types";

export type DatabaseMode = "demo" | "live";

/**
 * A live Daybook on a database the demo set up would keep the demo's accounts, whose passwords are
 * published (the admin's among them), and its invented days would stand in for real pulls of the
 * same dates. The demo on a live database would mix invented data into real history. Either is
 * refused at start-up with what to do instead.
 */
export class DatabaseModeError extends Error {
  constructor(
    readonly databaseMode: DatabaseMode,
    readonly wanted: DatabaseMode,
  ) {
    super(
      databaseMode === "demo"
        ? "Daybook cannot start live: this database was set up by the demo. Its accounts have published passwords " +
            "and its stored days are invented.\n" +
            "  Start on a fresh database instead (an empty DAYBOOK_DATA_DIR, or a new DATABASE_URL database),\n" +
            "  or remove the demo's accounts and data with `npm run user -- purge-demo`, then start again."
        : "Daybook cannot start the demo on this database: it holds a live deployment's data.\n" +
            "  Run the demo on a data directory of its own (DAYBOOK_DATA_DIR) and without DATABASE_URL.",
    );
    this.name = "DatabaseModeError";
  }
}

/** What the database was set up for, or undefined before the first start claimed it. */
export async function readDatabaseMode(db: Executor): Promise<DatabaseMode | undefined> {
  const [row] = await db.select({ mode: databaseMode.mode }).from(databaseMode).limit(1);
  return row?.mode;
}

/**
 * Claims a new database for `mode`, or checks that an existing one was set up for it. Instances
 * starting together claim once: the first insert wins and the others read what it wrote.
 */
export async function claimDatabaseMode(db: Executor, mode: DatabaseMode): Promise<void> {
  await db.insert(databaseMode).values({ id: 1, mode }).onConflictDoNothing();
  const current = await readDatabaseMode(db);
  if (current !== mode) throw new DatabaseModeError(current ?? "live", mode);
}

/** Marks the database live-ready (after the demo's data was removed, in the same transaction). */
export async function setDatabaseMode(db: Executor, mode: DatabaseMode): Promise<void> {
  await db
    .insert(databaseMode)
    .values({ id: 1, mode })
    .onConflictDoUpdate({ target: databaseMode.id, set: { mode, setAt: sql`now()` } });
}

/** The demo's accounts all live under this domain (lib/features/admin/setup.ts, DEMO_USERS). */
export const DEMO_EMAIL_DOMAIN = "daybook.demo";

export class NotADemoDatabaseError extends Error {
  constructor(readonly databaseMode: DatabaseMode | undefined) {
    super(
      databaseMode === "live"
        ? "This database is already live: there is no demo data to remove."
        : "This database was never started as the demo: there is no demo data to remove.",
    );
    this.name = "NotADemoDatabaseError";
  }
}

export interface DemoPurge {
  accounts: string[];
  storedReports: number;
  syncRuns: number;
  reviews: number;
  signOffs: number;
  apiKeys: number;
}

/**
 * Turns a demo database into one a live Daybook may start on, in one transaction: the demo's
 * accounts go (their sessions and preferences with them, by cascade), and so does everything the
 * demo pulled from its simulator: every stored day (items, coverage and live readings cascade),
 * the pulls, reviews and sign-offs of those days, the properties it learned and any API key stored
 * for the simulator (a stored key would take precedence over PARTNER_API_KEY), the mail sent about
 * those days and what the demo's mail catcher caught. The audit log stays.
 * Accounts outside the demo's domain are kept; the caller shows them.
 */
export async function purgeDemoData(db: Database): Promise<DemoPurge> {
  return db.transaction(async (tx) => {
    // Serialised with a first start on the same database (seedFirstRun takes the same lock).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('daybook first run'))`);
    const mode = await readDatabaseMode(tx);
    if (mode !== "demo") throw new NotADemoDatabaseError(mode);
    const accounts = await tx
      .delete(users)
      .where(like(users.email, `%@${DEMO_EMAIL_DOMAIN}`))
      .returning({ email: users.email });
    const reviews = await tx.delete(itemReviews).returning({ id: itemReviews.id });
    const signOffs = await tx.delete(listSignOffs).returning({ id: listSignOffs.id });
    const reports = await tx.delete(storedReports).returning({ id: storedReports.id });
    const runs = await tx.delete(syncRuns).returning({ id: syncRuns.id });
    const keys = await tx.delete(apiKeys).returning({ id: apiKeys.id });
    await tx.delete(knownProperties);
    // The mail about the demo's days, and what its mail catcher caught, describe invented data.
    await tx.delete(mailDeliveries);
    await tx.delete(caughtMail);
    await setDatabaseMode(tx, "live");
    return {
      accounts: accounts.map((account) => account.email).sort(),
      storedReports: reports.length,
      syncRuns: runs.length,
      reviews: reviews.length,
      signOffs: signOffs.length,
      apiKeys: keys.length,
    };
  });
}
