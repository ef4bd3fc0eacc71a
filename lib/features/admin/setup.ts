import "server-only";

import { sql } from "drizzle-orm";

import type { Role } from "@/lib/core/access";
import type { GroupMapping } from "@/lib/core/sso";
import { startMail } from "@/lib/features/mail/server";
import { startHistory } from "@/lib/features/sync/scheduler";
import { recordAudit } from "@/lib/server/audit/record";
import { readSsoState, storeMapping, storePolicy } from "@/lib/server/auth/sso-settings";
import { countUsers, findUserByEmail, insertUser } from "@/lib/server/auth/users";
import { closeDb, DatabaseInUseError, getDb, MigrationWaitError } from "@/lib/server/db";
import { claimDatabaseMode, DatabaseModeError } from "@/lib/server/db/mode";
import type { Database } from "@/lib/server/db/open";
import { configOrExit, markChecked, markServing } from "@/lib/server/lifecycle";
import { describeErrorForLog, log } from "@/lib/server/log";

/**
 * Demo accounts, one per role, with property sets that show the scoping. The passwords are
 * published on purpose: the demo runs on invented data.
 */
export const DEMO_USERS: readonly {
  email: string;
  name: string;
  password: string;
  role: Role;
  properties: string[] | "all";
}[] = [
  { email: "admin@daybook.demo", name: "Ada Admin", password: "admin-demo-pass", role: "admin", properties: "all" },
  {
    email: "regional@daybook.demo",
    name: "Rhea Regional",
    password: "regional-demo-pass",
    role: "regional",
    properties: [
      "Harbour View Hotel",
      "Seaside Suites",
      "Riverside & Co. Hotel",
      "Hôtel Élysée Montréal",
      "Quiet Pines Motel",
    ],
  },
  {
    email: "supervisor@daybook.demo",
    name: "Sam Supervisor",
    password: "supervisor-demo-pass",
    role: "supervisor",
    properties: ["Riverside & Co. Hotel", "Harbour View Hotel"],
  },
  {
    email: "viewer@daybook.demo",
    name: "Vic Viewer",
    password: "viewer-demo-pass",
    role: "viewer",
    properties: ["Harbour View Hotel"],
  },
];

/** In the demo, a person of a mapped group without an account gets one at first sign-in. */
const DEMO_SSO_POLICY = {
  createAccounts: true,
  trustProviderEmails: false,
  strict: true,
  groupClaim: "groups",
  requiredAmr: null,
  requiredAcr: null,
  passwordSignIn: "everyone",
} as const;

export interface FirstRunOptions {
  mode: "demo" | "live";
  firstAdmin?: { email: string; password: string };
}

/** The demo identity provider's groups (identity-provider/demo-people.ts), mapped as a group's IT might map them. */
export const DEMO_GROUP_MAPPINGS: readonly GroupMapping[] = [
  { group: "daybook-admins", role: "admin", allProperties: true, properties: [] },
  {
    group: "regional-north",
    role: "regional",
    allProperties: false,
    properties: DEMO_USERS.find((user) => user.role === "regional")!.properties as string[],
  },
  {
    group: "hotel-supervisors-west",
    role: "supervisor",
    allProperties: false,
    properties: ["Harbour View Hotel", "Riverside & Co. Hotel"],
  },
  { group: "harbour-view-managers", role: "viewer", allProperties: false, properties: ["Harbour View Hotel"] },
];

/** Creates the first accounts when there are none; afterwards it does nothing. Returns what it created. */
export async function seedFirstRun(db: Database, options: FirstRunOptions): Promise<string[]> {
  // Several instances may start together on one PostgreSQL database: one seeds, the others wait and see it done.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('daybook first run'))`);
    return seed(tx, options);
  });
}

async function seed(db: Database, options: FirstRunOptions): Promise<string[]> {
  if ((await countUsers(db)) > 0) return [];
  const created: string[] = [];
  if (options.firstAdmin) {
    const admin = await insertUser(db, {
      email: options.firstAdmin.email,
      name: "Administrator",
      password: options.firstAdmin.password,
      role: "admin",
      allProperties: true,
      properties: [],
    });
    created.push(admin.email);
  }
  if (options.mode === "demo") {
    for (const demo of DEMO_USERS) {
      if (created.includes(demo.email)) continue;
      const user = await insertUser(db, {
        email: demo.email,
        name: demo.name,
        password: demo.password,
        role: demo.role,
        allProperties: demo.properties === "all",
        properties: demo.properties === "all" ? [] : demo.properties,
      });
      created.push(user.email);
    }
  }
  for (const email of created) {
    await recordAudit(db, { action: "user.create", actor: null, target: email, details: { by: "first run" } });
  }
  return created;
}

/**
 * The demo runs its own identity provider (scripts/demo.mjs): its groups get mappings and a newcomer
 * an account, on a demo database that has no mapping yet (also one a demo before single sign-on left).
 */
async function seedDemoSso(db: Database): Promise<void> {
  if ((await readSsoState(db)).mappings.length > 0) return;
  const admin = await findUserByEmail(db, DEMO_USERS[0]!.email);
  for (const mapping of DEMO_GROUP_MAPPINGS) await storeMapping(db, mapping, admin?.id ?? null);
  await storePolicy(db, { ...DEMO_SSO_POLICY }, admin?.id ?? null);
}

export function describeDemoLogins(): string {
  const width = Math.max(...DEMO_USERS.map((u) => u.email.length));
  return [
    "Demo sign-ins (unless changed since):",
    ...DEMO_USERS.map((u) => `  ${u.email.padEnd(width)}  ${u.password.padEnd(22)} ${u.role}`),
  ].join("\n");
}

/**
 * Why the database could not be opened, in words an operator can act on: a driver's own message
 * may quote the connection string (its password) or a statement's values, so it is never printed.
 */
export function describeDatabaseFailure(error: unknown): string {
  // Daybook's own words, naming the directory and the process that holds it.
  if (error instanceof DatabaseInUseError || error instanceof MigrationWaitError) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case "ECONNREFUSED":
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "ETIMEDOUT":
    case "ECONNRESET":
      return "the PostgreSQL server named in DATABASE_URL could not be reached";
    case "28P01":
    case "28000":
      return "PostgreSQL refused the user name or password in DATABASE_URL";
    case "3D000":
      return "the database named in DATABASE_URL does not exist";
    case "42501":
      return "the database user in DATABASE_URL may not create or change Daybook's tables";
    case "EACCES":
    case "EPERM":
    case "EROFS":
      return "the data directory (DAYBOOK_DATA_DIR) cannot be written";
    case "ENOSPC":
      return "the disk holding the database is full";
    default:
      return `the database could not be opened or migrated (${describeErrorForLog(error)})`;
  }
}

/**
 * Start-up, in order: the configuration (a bad one ends the process with a message naming the
 * variable), the database and its migrations, the first accounts, then the daily pulls. A failure
 * ends the process with a sentence saying what to fix, never an error's own text. Daybook's server
 * listens once the checks before the pulls have passed (markChecked).
 */
export async function startDaybook(): Promise<void> {
  const config = configOrExit();
  try {
    const db = await getDb();
    await claimDatabaseMode(db, config.mode);
    const created = await seedFirstRun(db, { mode: config.mode, firstAdmin: config.firstAdmin });
    if (config.mode === "demo" && config.sso.connection) await seedDemoSso(db);
    // This line exists to name the accounts created.
    if (created.length > 0)
      log.info(`Daybook: created the first accounts: ${created.join(", ")}`, { keep: ["e-mail"] });
  } catch (error) {
    // A refusal that says what to do, not a failure: the message alone, and the files closed cleanly.
    if (error instanceof DatabaseModeError) {
      log.error(error.message);
      await closeDb();
      process.exit(1);
    }
    log.error(`Daybook cannot start: ${describeDatabaseFailure(error)}.`);
    process.exit(1);
  }
  markChecked();
  // The demo's sign-ins are published on purpose (invented data, a loopback-only server).
  if (config.mode === "demo") log.info(describeDemoLogins(), { keep: ["e-mail", "password"] });
  await startHistory(config, DEMO_USERS.find((user) => user.role === "supervisor")?.email);
  // After the history: the demo's first run of the mail then finds yesterday stored, and mails it.
  await startMail(config);
  markServing();
}
