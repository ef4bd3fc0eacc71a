import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db/open";
import type { Role } from "@/lib/db/schema";
import { countUsers, insertUser } from "@/lib/users/repository";
import { recordAudit } from "@/lib/audit/record";

/**
 * Demo accounts, one per role, with property sets that show the scoping. The passwords are
 * published on purpose: the demo runs on invented data.
 */
export const DEMO_USERS: readonly { email: string; name: string; password: string; role: Role; properties: string[] | "all" }[] = [
  { email: "admin@daybook.demo", name: "Ada Admin", password: "admin-demo-pass", role: "admin", properties: "all" },
  {
    email: "regional@daybook.demo",
    name: "Rhea Regional",
    password: "regional-demo-pass",
    role: "regional",
    properties: ["Harbour View Hotel", "Seaside Suites", "Riverside & Co. Hotel", "Hôtel Élysée Montréal", "Quiet Pines Motel"],
  },
  {
    email: "supervisor@daybook.demo",
    name: "Sam Supervisor",
    password: "supervisor-demo-pass",
    role: "supervisor",
    properties: ["Riverside & Co. Hotel", "Harbour View Hotel"],
  },
  { email: "viewer@daybook.demo", name: "Vic Viewer", password: "viewer-demo-pass", role: "viewer", properties: ["Harbour View Hotel"] },
];

export interface FirstRunOptions {
  mode: "demo" | "live";
  firstAdmin?: { email: string; password: string };
}

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

export function describeDemoLogins(): string {
  const width = Math.max(...DEMO_USERS.map((u) => u.email.length));
  return [
    "Demo sign-ins (unless changed since):",
    ...DEMO_USERS.map((u) => `  ${u.email.padEnd(width)}  ${u.password.padEnd(22)} ${u.role}`),
  ].join("\n");
}
